// The review action of an own order: "review" while received (4), "view reviews" once completed (6).
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ORDER_STATUS } from '@qshop/shared/states';

export function ReviewButton({ order, size = 'sm' }: { order: { id: number; order_status: number }; size?: 'sm' | 'compact-sm' }) {
  const { t: tr } = useTranslation(undefined, { keyPrefix: 'reviews' });
  const received = order.order_status === ORDER_STATUS.RECEIVED;
  if (!received && order.order_status !== ORDER_STATUS.COMPLETED) return null;
  return (
    <Button size={size} color={received ? 'red' : undefined} variant={received ? 'filled' : 'default'} component={Link} to={`/user/order/comment/${order.id}`}>
      {tr(received ? 'reviewButton' : 'viewReviews')}
    </Button>
  );
}
