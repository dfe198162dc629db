// /integral/search: on-shelf points goods (GET /api/integral/goods) by category and name, sorted, a page at a time.
// What is searched lives in the address (?cid=&keywords=&sort=&page=), so a search can be shared and reloaded.
import { Button, Chip, Group, LoadingOverlay, SegmentedControl, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ListAnswer } from '@qshop/shared';
import type { IntegralGoodsCard as Card } from '@qshop/shared/schemas/points';
import { api } from '../../api/client';
import { EmptyState, LoadFailed } from '../catalog/LoadStates';
import { Pager } from '../catalog/Pager';
import { useLoad } from '../catalog/useLoad';
import { IntegralGoodsCard } from './IntegralGoodsCard';

const PER_PAGE = 30;
const SORTS = { new: ['id', 'desc'], price: ['goods_price', 'asc'], sale: ['goods_sale', 'desc'] } as const;
type Sort = keyof typeof SORTS;

export default function IntegralSearchPage() {
  const { t: tp } = useTranslation(undefined, { keyPrefix: 'points' });
  const [params, setParams] = useSearchParams();
  const cid = params.get('cid') ?? '';
  const keywords = params.get('keywords') ?? '';
  const sort = (params.get('sort') as Sort | null) && params.get('sort')! in SORTS ? (params.get('sort') as Sort) : 'new';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(keywords);
  const classes = useLoad('integral-classes', () => api.get<{ id: number; name: string }[]>('/integral/class'));
  const query = { page, per_page: PER_PAGE, sort_type: SORTS[sort][0], sort_order: SORTS[sort][1], ...(cid ? { cid } : {}), ...(keywords ? { keywords } : {}) };
  const list = useLoad(`integral-goods:${JSON.stringify(query)}`, () => api.get<ListAnswer<Card>>('/integral/goods', query));
  const change = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) if (v) merged.set(k, v); else merged.delete(k);
    if (!('page' in next)) merged.delete('page');
    setParams(merged);
  };
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md" py="md">
      <Title order={2}>{tp('mallTitle')}</Title>
      <form onSubmit={(e) => { e.preventDefault(); change({ keywords: typed.trim() }); }}>
        <Group gap="xs">
          <TextInput placeholder={tp('keywords')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} maxLength={60} leftSection={<IconSearch size={16} />} w={320} />
          <Button type="submit">{tp('search')}</Button>
        </Group>
      </form>
      <Chip.Group value={cid} onChange={(v) => change({ cid: String(v) })}>
        <Group gap="xs">
          <Chip value="">{tp('allClasses')}</Chip>
          {(classes.data ?? []).map((c) => (
            <Chip key={c.id} value={String(c.id)}>
              {c.name}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <SegmentedControl
        w="fit-content"
        value={sort}
        onChange={(v) => change({ sort: v === 'new' ? '' : v })}
        data={[
          { value: 'new', label: tp('sortNew') },
          { value: 'price', label: tp('sortPrice') },
          { value: 'sale', label: tp('sortSale') },
        ]}
      />
      {list.failed && <LoadFailed onRetry={list.reload} />}
      <div style={{ position: 'relative', minHeight: 200 }}>
        <LoadingOverlay visible={list.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 5 }} spacing="sm">
          {rows.map((g) => (
            <IntegralGoodsCard key={g.id} goods={g} />
          ))}
        </SimpleGrid>
        {list.data && !rows.length && !list.loading && <EmptyState message={tp('empty')} />}
      </div>
      {list.data && <Pager page={page} lastPage={list.data.last_page} total={list.data.total} onChange={(p) => change({ page: String(p) })} />}
    </Stack>
  );
}
