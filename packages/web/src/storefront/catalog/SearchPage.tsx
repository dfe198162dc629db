// Goods search (/s/{params?}): the address holds the whole state (searchParams.ts); every filter, sort and page
// change navigates, so back and forward, reload and shared links show the same results.
import { Anchor, Badge, Button, CloseButton, Group, LoadingOverlay, NumberInput, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useCommonData } from '../commonStore';
import type { GoodsClass } from '../types';
import classes from './catalog.module.css';
import { yuan } from './format';
import { GoodsGrid } from './GoodsCard';
import { EmptyState, LoadFailed } from './LoadStates';
import { Pager } from './Pager';
import { SEARCH_PER_PAGE, decodeSearchParams, refine, searchPath, type GoodsSort, type SearchState } from './searchParams';
import { GoodsGridSkeleton } from './Skeletons';
import { useLoad } from './useLoad';
import { handOverFirstPicture, useHandOverFirstPicture } from '../firstPicture';
import { searchRead } from './reads';

function findClass(tree: GoodsClass[], id: number): GoodsClass | null {
  for (const node of tree) {
    if (node.id === id) return node;
    const below = findClass(node.children ?? [], id);
    if (below) return below;
  }
  return null;
}

function SortBar({ state, go }: { state: SearchState; go: (change: Partial<SearchState>) => void }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const sortButton = (sort: GoodsSort, label: string) => (
    <Button size="xs" variant={state.sort === sort ? 'filled' : 'default'} onClick={() => go({ sort })} aria-pressed={state.sort === sort}>
      {label}
    </Button>
  );
  const byPrice = state.sort === 'price_asc' || state.sort === 'price_desc';
  return (
    <div className={classes.sortBar} role="toolbar" aria-label={tc('search.sortBy')}>
      <div className={classes.sortOptions}>
        <Text size="sm" c="dimmed">
          {tc('search.sortBy')}
        </Text>
        {sortButton('sales', tc('search.sortSales'))}
        <Button
        size="xs"
        variant={byPrice ? 'filled' : 'default'}
        aria-pressed={byPrice}
        rightSection={state.sort === 'price_desc' ? <IconArrowDown size={14} /> : <IconArrowUp size={14} />}
        onClick={() => go({ sort: state.sort === 'price_asc' ? 'price_desc' : 'price_asc' })}
      >
          {tc(state.sort === 'price_desc' ? 'search.sortPriceDesc' : 'search.sortPriceAsc')}
        </Button>
        {sortButton('new', tc('search.sortNew'))}
      </div>
      <PriceRange state={state} go={go} />
    </div>
  );
}

function PriceRange({ state, go }: { state: SearchState; go: (change: Partial<SearchState>) => void }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const [min, setMin] = useState<string | number>(state.price_min ?? '');
  const [max, setMax] = useState<string | number>(state.price_max ?? '');
  useEffect(() => {
    setMin(state.price_min ?? '');
    setMax(state.price_max ?? '');
  }, [state.price_min, state.price_max]);
  const amount = (value: string | number) => (value === '' ? undefined : Number(value).toFixed(2));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    let [low, high] = [amount(min), amount(max)];
    if (low !== undefined && high !== undefined && Number(low) > Number(high)) [low, high] = [high, low];
    go({ price_min: low, price_max: high });
  };
  return (
    <form onSubmit={apply} style={{ marginLeft: 'auto' }}>
      <Group gap={4} wrap="nowrap">
        <NumberInput size="xs" w={90} min={0} decimalScale={2} hideControls value={min} onChange={setMin} placeholder="￥" aria-label={tc('search.priceMin')} />
        <Text size="xs">-</Text>
        <NumberInput size="xs" w={90} min={0} decimalScale={2} hideControls value={max} onChange={setMax} placeholder="￥" aria-label={tc('search.priceMax')} />
        <Button size="xs" variant="default" type="submit">
          {tc('search.priceApply')}
        </Button>
      </Group>
    </form>
  );
}

function FilterRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.filterRow}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <div className={classes.filterOptions}>{children}</div>
    </div>
  );
}

export default function SearchPage() {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const navigate = useNavigate();
  const { params } = useParams();
  const state = decodeSearchParams(params);
  const tree = useCommonData()?.classes ?? [];
  const read = searchRead(params);
  const result = useLoad(read.key, read.load);
  const data = result.data;
  // The plain search page's entry page carries the first card's picture (firstPicture.ts): the first card's own copy
  // takes over once settled; no goods, no picture on the first card, or a failed read hand it over at once.
  useHandOverFirstPicture(!result.loading && (!data?.data.length || !data.data[0].goods_master_image));

  const go = (change: Partial<SearchState>) => void navigate(searchPath(refine(state, change)));
  const goPage = (page: number) => void navigate(searchPath({ ...state, page }));

  const current = state.class_id ? findClass(tree, state.class_id) : null;
  const brandName = state.brand_id ? (data?.brands.find((b) => b.id === state.brand_id)?.name ?? `#${state.brand_id}`) : null;
  const storeName = state.store_id ? (data?.data.find((g) => g.store_id === state.store_id)?.store_name ?? `#${state.store_id}`) : null;
  const chips: { key: string; label: string; clear: Partial<SearchState> }[] = [];
  if (state.keywords) chips.push({ key: 'keywords', label: tc('search.keywordsChip', { value: state.keywords }), clear: { keywords: undefined } });
  if (state.class_id) chips.push({ key: 'class', label: current?.name ?? `#${state.class_id}`, clear: { class_id: undefined } });
  if (brandName) chips.push({ key: 'brand', label: brandName, clear: { brand_id: undefined } });
  if (storeName) chips.push({ key: 'store', label: storeName, clear: { store_id: undefined } });
  if (state.price_min || state.price_max)
    chips.push({ key: 'price', label: `${yuan(state.price_min ?? '0')} - ${state.price_max ? yuan(state.price_max) : '…'}`, clear: { price_min: undefined, price_max: undefined } });

  // Refine by the chosen category's children when it has some, else by the categories of the matches.
  const childClasses = current?.children?.length ? current.children.map((c) => ({ id: c.id, name: c.name, count: null as number | null })) : null;
  const refineClasses = childClasses ?? (state.class_id ? [] : (data?.classes ?? []).map((c) => ({ id: c.id, name: c.name, count: c.count as number | null })));
  const brands = state.brand_id ? [] : (data?.brands ?? []);

  return (
    <Stack gap="sm">
      <Paper withBorder>
        <Group gap="xs" p="xs" className={classes.chips}>
          {data ? (
            <Text size="sm" fw={600}>
              {tc('search.results', { count: data.total })}
            </Text>
          ) : (
            <Skeleton h={16} w={90} />
          )}
          {chips.map((chip) => (
            <Badge
              key={chip.key}
              variant="light"
              tt="none"
              rightSection={<CloseButton size="xs" variant="transparent" onClick={() => go(chip.clear)} aria-label={tc('search.removeFilter', { name: chip.label })} />}
            >
              {chip.label}
            </Badge>
          ))}
          {chips.length > 0 && (
            <Anchor size="sm" onClick={() => void navigate('/s')} component="button">
              {tc('search.clearAll')}
            </Anchor>
          )}
        </Group>
        {refineClasses.length > 0 && (
          <FilterRow label={tc('search.category')}>
            {refineClasses.map((c) => (
              <Anchor key={c.id} size="sm" component="button" onClick={() => go({ class_id: c.id })}>
                {c.count === null ? c.name : `${c.name} (${c.count})`}
              </Anchor>
            ))}
          </FilterRow>
        )}
        {/* While the first answer loads, its two rows keep their place (the results below do not move when it comes). */}
        {!data && result.loading && (
          <>
            <FilterRow label={tc('search.category')}>
              <Skeleton h={16} w={240} />
            </FilterRow>
            <FilterRow label={tc('search.brand')}>
              <Skeleton h={16} w={240} />
            </FilterRow>
          </>
        )}
        {brands.length > 0 && (
          <FilterRow label={tc('search.brand')}>
            {brands.map((b) => (
              <Anchor key={b.id} size="sm" component="button" onClick={() => go({ brand_id: b.id })}>
                {`${b.name} (${b.count})`}
              </Anchor>
            ))}
          </FilterRow>
        )}
      </Paper>
      <SortBar state={state} go={go} />
      {result.failed && <LoadFailed onRetry={result.reload} />}
      <div style={{ position: 'relative', minHeight: 200 }}>
        <LoadingOverlay visible={result.loading && !!data} zIndex={10} overlayProps={{ blur: 1 }} />
        {!data && result.loading && <GoodsGridSkeleton count={SEARCH_PER_PAGE} />}
        {data && data.data.length > 0 && <GoodsGrid goods={data.data} eagerFirstRow onFirstPictureSettled={handOverFirstPicture} />}
        {data && data.data.length === 0 && !result.loading && (
          <EmptyState message={tc('search.empty')}>
            {chips.length > 0 && (
              <Button variant="light" size="xs" onClick={() => void navigate('/s')}>
                {tc('search.clearAll')}
              </Button>
            )}
          </EmptyState>
        )}
      </div>
      {data && <Pager page={state.page} lastPage={data.last_page} total={data.total} onChange={goPage} />}
    </Stack>
  );
}
