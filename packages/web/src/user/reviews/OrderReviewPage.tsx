// /user/order/comment/{id}: review the lines of an own received order, each with its own form
// (GET /api/user/order/comment/{id}); the order completes once the last line owed a review has one.
import { Alert, Anchor, Group, LoadingOverlay, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { OrderReviews } from '@qshop/shared/schemas/reviews';
import { api } from '../../api/client';
import { isNotFound, LoadFailed } from '../../storefront/catalog/LoadStates';
import { useLoad } from '../../storefront/catalog/useLoad';
import { usePageTitle } from '../../utils/documentTitle';
import { OrderStatusBadge } from '../orders/OrderCard';
import { LineCard } from './LineCard';
import { orderState } from './reviewModel';

const ID = /^[1-9]\d{0,9}$/;

export default function OrderReviewPage() {
  const { t: tr } = useTranslation(undefined, { keyPrefix: 'reviews' });
  const { id = '' } = useParams();
  const valid = ID.test(id);
  const page = useLoad(`order-reviews:${id}`, () => (valid ? api.get<OrderReviews>(`/user/order/comment/${id}`) : Promise.reject(new Error('not an id'))));
  usePageTitle(page.data ? tr('order.title', { orderNo: page.data.order.order_no }) : null);
  const back = (
    <Group gap="md">
      <Anchor component={Link} to={`/user/order/${id}`} size="sm">
        {tr('order.back')}
      </Anchor>
      <Anchor component={Link} to="/user/comments" size="sm">
        {tr('order.myReviews')}
      </Anchor>
    </Group>
  );
  if (!page.data) {
    if (!page.failed) return <LoadingOverlay visible />;
    if (!valid || isNotFound(page.error)) return <Alert color="orange" title={tr('order.notFound')} />;
    return <LoadFailed onRetry={page.reload} />;
  }
  const { order, lines } = page.data;
  const state = orderState(page.data);
  return (
    <Stack gap="md" pos="relative">
      <LoadingOverlay visible={page.loading} zIndex={10} overlayProps={{ blur: 1 }} />
      <Group gap="sm" justify="space-between">
        <Title order={4}>{tr('order.title', { orderNo: order.order_no })}</Title>
        <OrderStatusBadge status={order.order_status} />
      </Group>
      <Text size="sm" c="dimmed">
        {order.store_name}
      </Text>
      {state === 'not_open' && <Alert color="orange">{tr('order.notOpen')}</Alert>}
      {state === 'done' && (
        <Alert color="green" data-testid="reviews-done">
          {tr('order.allDone')}
        </Alert>
      )}
      {lines.map((line) => (
        <LineCard key={line.id} line={line} onPosted={page.reload} />
      ))}
      {back}
    </Stack>
  );
}
