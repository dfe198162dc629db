// /user/comments: the shopper's own reviews, newest first, with the sellers' replies (GET /api/user/comments).
import { Anchor, Group, LoadingOverlay, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OwnReview } from '@qshop/shared/schemas/reviews';
import { api } from '../../api/client';
import { GoodsLineImage, GoodsLineName } from '../../storefront/catalog/GoodsLineParts';
import { EmptyState, LoadFailed } from '../../storefront/catalog/LoadStates';
import { Pager } from '../../storefront/catalog/Pager';
import type { ListAnswer } from '../../storefront/catalog/types';
import { useLoad } from '../../storefront/catalog/useLoad';
import { ReviewView } from './ReviewView';

const PER_PAGE = 10;

export default function MyReviewsPage() {
  const { t } = useTranslation();
  const { t: tr } = useTranslation(undefined, { keyPrefix: 'reviews' });
  const [page, setPage] = useState(1);
  const list = useLoad(`my-reviews:${page}`, () => api.get<ListAnswer<OwnReview>>('/user/comments', { page, per_page: PER_PAGE }));
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <Title order={4}>{t('route.comments')}</Title>
      {list.failed && <LoadFailed onRetry={list.reload} />}
      <div style={{ position: 'relative', minHeight: 160 }}>
        <LoadingOverlay visible={list.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        <Stack gap="sm">
          {rows.map((row) => (
            <Paper key={row.id} withBorder p="md" data-testid="my-review">
              <Stack gap="sm">
                <Group gap="sm" wrap="nowrap" align="flex-start" justify="space-between">
                  <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
                    <GoodsLineImage line={row} size={56} />
                    <GoodsLineName line={row} />
                  </Group>
                  <Anchor component={Link} to={`/user/order/${row.order_id}`} size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {tr('mine.order')}
                  </Anchor>
                </Group>
                <ReviewView review={row} />
              </Stack>
            </Paper>
          ))}
        </Stack>
        {list.data && rows.length === 0 && !list.loading && (
          <EmptyState message={tr('mine.empty')}>
            <Anchor component={Link} to="/user/orders" size="sm">
              {tr('mine.toOrders')}
            </Anchor>
          </EmptyState>
        )}
      </div>
      {list.data && <Pager page={page} lastPage={list.data.last_page} total={list.data.total} onChange={setPage} />}
    </Stack>
  );
}
