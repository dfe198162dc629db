// /user/orders: the shopper's orders (GET /api/user/orders), newest first, by status tab with the count of each
// (GET /api/user/order/counts), filtered by order number and order date, a page at a time. Unpaid orders can be paid
// or cancelled (after a confirmation) from here.
import '@mantine/dates/styles.css';
import { Anchor, Button, Group, LoadingOverlay, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import '../../i18n/dayjsLocale';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { ListAnswer } from '@qshop/shared/list';
import { api } from '../../api/client';
import { EmptyState, LoadFailed } from '../../storefront/catalog/LoadStates';
import { Pager } from '../../storefront/catalog/Pager';
import { useLoad } from '../../storefront/catalog/useLoad';
import { ORDER_STATUS } from '@qshop/shared/states';
import type { OrderCounts, OrderRow } from '../../storefront/order/types';
import { cancelOrder } from './cancelOrder';
import { hasFilters, ordersQuery, readListState, writeListState, type ListState } from './listQuery';
import { OrderCard } from './OrderCard';
import { ORDER_TABS, type OrderTab } from './orderModel';

const DAY = 'YYYY-MM-DD';

function tabCount(counts: OrderCounts | undefined, status: number | null): number | undefined {
  if (!counts) return undefined;
  if (status === ORDER_STATUS.AFTER_SALE) return counts.after_sale;
  return status === null ? counts.all : (counts.by_status[String(status)] ?? 0);
}

function Filters({ state, onApply }: { state: ListState; onApply: (filters: Pick<ListState, 'orderNo' | 'from' | 'to'>) => void }) {
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  const [orderNo, setOrderNo] = useState(state.orderNo);
  const [range, setRange] = useState<DatesRangeValue>([state.from ? dayjs(state.from).toDate() : null, state.to ? dayjs(state.to).toDate() : null]);
  // The address may change underneath (back button): the fields follow it.
  useEffect(() => {
    setOrderNo(state.orderNo);
    setRange([state.from ? dayjs(state.from).toDate() : null, state.to ? dayjs(state.to).toDate() : null]);
  }, [state.orderNo, state.from, state.to]);
  const apply = () => {
    const [from, until] = range;
    onApply({ orderNo: orderNo.trim(), from: from && until ? dayjs(from).format(DAY) : null, to: from && until ? dayjs(until).format(DAY) : null });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <Group gap="sm" align="flex-end">
        <TextInput label={to('list.orderNo')} placeholder={to('list.orderNoPlaceholder')} value={orderNo} onChange={(e) => setOrderNo(e.currentTarget.value)} w={{ base: '100%', xs: 220 }} />
        <DatePickerInput
          type="range"
          label={to('list.dateRange')}
          placeholder={to('list.datePlaceholder')}
          value={range}
          onChange={setRange}
          valueFormat={DAY}
          clearable
          w={{ base: '100%', xs: 260 }}
        />
        <Group gap="xs">
          <Button type="submit" leftSection={<IconSearch size={14} />}>
            {to('list.search')}
          </Button>
          <Button variant="default" onClick={() => onApply({ orderNo: '', from: null, to: null })}>
            {to('list.reset')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}

export default function OrdersPage() {
  const { t } = useTranslation();
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  const [search, setSearch] = useSearchParams();
  const state = readListState(search);
  const query = ordersQuery(state);
  const list = useLoad(`orders:${JSON.stringify(query)}`, () => api.get<ListAnswer<OrderRow>>('/user/orders', query));
  const counts = useLoad('order-counts', () => api.get<OrderCounts>('/user/order/counts'));
  const [busy, setBusy] = useState<number | null>(null);

  const go = (next: Partial<ListState>) => setSearch(writeListState({ ...state, page: 1, ...next }));

  const cancel = async (order: OrderRow) => {
    setBusy(order.id);
    const cancelled = await cancelOrder(order);
    setBusy(null);
    if (!cancelled) return;
    list.reload();
    counts.reload();
  };

  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <Title order={4}>{t('route.orders')}</Title>
      {/* One panel per tab (kept mounted, the others empty), so every tab's aria-controls names an element. */}
      <Tabs value={state.tab} keepMounted onChange={(tab) => go({ tab: (tab ?? 'all') as OrderTab })}>
        <Tabs.List>
          {ORDER_TABS.map(({ key, status }) => {
            const count = tabCount(counts.data, status);
            return (
              <Tabs.Tab key={key} value={key} data-testid={`tab-${key}`}>
                {to(`tab.${key}`)}
                {count !== undefined && count > 0 ? ` (${count})` : ''}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {ORDER_TABS.map(({ key }) => (
          <Tabs.Panel key={key} value={key} pt="md">
            {key === state.tab && (
              <Stack gap="md">
                <Filters state={state} onApply={(filters) => go(filters)} />
                {list.failed && !list.data ? (
                  <LoadFailed onRetry={list.reload} />
                ) : (
                  <Stack gap="sm" pos="relative" mih={200}>
                    <LoadingOverlay visible={list.loading} zIndex={10} overlayProps={{ blur: 1 }} />
                    {list.data && rows.length === 0 && (
                      <EmptyState message={hasFilters(state) ? to('list.emptyFiltered') : to('list.empty')}>
                        {!hasFilters(state) && (
                          <Anchor component={Link} to="/s" size="sm">
                            {to('list.goShopping')}
                          </Anchor>
                        )}
                      </EmptyState>
                    )}
                    {rows.map((order) => (
                      <OrderCard key={order.id} order={order} busy={busy === order.id} onCancel={() => void cancel(order)} />
                    ))}
                    {list.data && (
                      <Pager page={state.page} lastPage={list.data.last_page} total={list.data.total} onChange={(page) => setSearch(writeListState({ ...state, page }))} />
                    )}
                  </Stack>
                )}
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
