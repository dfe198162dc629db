// Store list (/stores): search by name, sort by sales, rating or distance from the shopper's point (asked from the
// browser when that sort is chosen; without a point the distance sort is not offered), a page at a time.
// The address keeps keywords, sort and page (?keywords=&sort=&page=).
import { Alert, Anchor, Button, Group, LoadingOverlay, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconBuildingStore, IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { STORE_SORTS } from '@qshop/shared/schemas/catalog';
import { api } from '../../api/client';
import { SizedAvatar } from '../../components/SizedImage';
import { EmptyState, LoadFailed } from '../catalog/LoadStates';
import { Pager } from '../catalog/Pager';
import type { ListAnswer } from '../catalog/types';
import { useLoad } from '../catalog/useLoad';
import { currentPoint, type Point } from './geolocation';

type StoreSort = (typeof STORE_SORTS)[number];
const PER_PAGE = 20;

export interface StoreRow {
  id: number;
  store_name: string;
  store_logo?: string;
  store_description?: string;
  area_info?: string;
  store_address?: string;
  sales: number;
  comments: number;
  /** null without reviews */
  good_rate: number | null;
  rate: string | null;
  /** km from the shopper's point, when one was sent */
  distance?: number;
}

function StoreListRow({ store }: { store: StoreRow }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  return (
    <Paper withBorder p="sm">
      <Group gap="md">
        <SizedAvatar src={store.store_logo} alt="" size={64} radius="sm">
          <IconBuildingStore size={28} />
        </SizedAvatar>
        {/* On phones the ratings and the way in wrap below the name. */}
        <Stack gap={2} flex={1} miw={200}>
          <Anchor component={Link} to={`/store/${store.id}`} fw={600}>
            {store.store_name}
          </Anchor>
          {store.store_description && (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {store.store_description}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {[store.area_info, store.store_address].filter(Boolean).join(' ')}
          </Text>
        </Stack>
        <Stack gap={2} w={220}>
          <Text size="sm">{tc('stores.sales', { count: store.sales })}</Text>
          {store.comments > 0 ? (
            <>
              <Text size="sm">{tc('store.rate', { rate: store.rate })}</Text>
              <Text size="xs" c="dimmed">
                {tc('store.goodRate', { rate: store.good_rate, count: store.comments })}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {tc('comments.empty')}
            </Text>
          )}
          {store.distance !== undefined && <Text size="sm">{tc('stores.distance', { km: store.distance })}</Text>}
        </Stack>
        <Button component={Link} to={`/store/${store.id}`} variant="light" size="xs">
          {tc('store.enter')}
        </Button>
      </Group>
    </Paper>
  );
}

const isSort = (value: string | null): value is StoreSort => (STORE_SORTS as readonly string[]).includes(value ?? '');

export default function StoresPage() {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const [query, setQuery] = useSearchParams();
  const keywords = query.get('keywords') ?? '';
  const page = Math.max(1, Number(query.get('page')) || 1);
  const [point, setPoint] = useState<Point | null>(null);
  const [locating, setLocating] = useState(false);
  const [noPoint, setNoPoint] = useState(false);
  const [draft, setDraft] = useState(keywords);
  useEffect(() => setDraft(keywords), [keywords]);
  const wanted = query.get('sort');
  // The distance sort needs a point; until there is one the list is by sales.
  const sort: StoreSort = isSort(wanted) && (wanted !== 'distance' || point) ? wanted : 'sales';

  const update = (change: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(query);
    for (const [key, value] of Object.entries({ page: undefined, ...change })) {
      if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
      else next.set(key, String(value));
    }
    setQuery(next);
  };

  const list = useLoad(`${keywords}|${sort}|${page}|${point?.lat},${point?.lng}`, () =>
    api.get<ListAnswer<StoreRow>>('/stores', { page, per_page: PER_PAGE, keywords: keywords || undefined, sort, ...(point ?? {}) }),
  );

  const chooseSort = async (value: string) => {
    if (!isSort(value)) return;
    if (value === 'distance' && !point) {
      setLocating(true);
      const found = await currentPoint();
      setLocating(false);
      setNoPoint(!found);
      if (!found) return;
      setPoint(found);
    }
    update({ sort: value === 'sales' ? undefined : value });
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    update({ keywords: draft.trim() || undefined });
  };

  const rows = list.data?.data ?? [];
  return (
    <Stack gap="sm">
      <Paper withBorder p="sm">
        <Group justify="space-between">
          <form onSubmit={search} role="search">
            <Group gap={0}>
              <TextInput value={draft} onChange={(e) => setDraft(e.currentTarget.value)} placeholder={tc('stores.searchPlaceholder')} aria-label={tc('stores.searchPlaceholder')} radius={0} maxLength={50} />
              <Button type="submit" radius={0} leftSection={<IconSearch size={16} />}>
                {tc('stores.search')}
              </Button>
            </Group>
          </form>
          <SegmentedControl
            value={sort}
            onChange={(value) => void chooseSort(value)}
            disabled={locating}
            aria-label={tc('search.sortBy')}
            data={[
              { value: 'sales', label: tc('stores.sortSales') },
              { value: 'rating', label: tc('stores.sortRating') },
              { value: 'distance', label: locating ? tc('stores.locating') : tc('stores.sortDistance') },
            ]}
          />
        </Group>
      </Paper>
      {noPoint && (
        <Alert color="yellow" withCloseButton onClose={() => setNoPoint(false)}>
          {tc('stores.noPoint')}
        </Alert>
      )}
      {list.failed && <LoadFailed onRetry={list.reload} />}
      <div style={{ position: 'relative', minHeight: 200 }}>
        <LoadingOverlay visible={list.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        <Stack gap="xs">
          {rows.map((store) => (
            <StoreListRow key={store.id} store={store} />
          ))}
        </Stack>
        {list.data && rows.length === 0 && !list.loading && <EmptyState message={tc('stores.empty')} />}
      </div>
      {list.data && <Pager page={page} lastPage={list.data.last_page} total={list.data.total} onChange={(p) => update({ page: p })} />}
    </Stack>
  );
}
