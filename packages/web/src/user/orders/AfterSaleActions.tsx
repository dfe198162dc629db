// The after-sales button of the shopper's order detail: orders of the statuses that take a request (paid to completed)
// link to /user/order/refund_form/{id}; the server still decides (window, settlement), and the form says why not.
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { REFUNDABLE_ORDER_STATUSES } from '@qshop/shared/states';

export function AfterSaleActions({ order }: { order: { id: number; order_status: number } }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'aftersales' });
  if (!REFUNDABLE_ORDER_STATUSES.includes(order.order_status)) return null;
  return (
    <Button variant="default" component={Link} to={`/user/order/refund_form/${order.id}`} data-testid="after-sale-button">
      {t('button')}
    </Button>
  );
}
