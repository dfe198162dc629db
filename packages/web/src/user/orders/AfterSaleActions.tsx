// The after-sales button of the shopper's order detail: paid, shipped or received orders take a request
// (/user/order/refund_form/{id}); the server still decides (window, settlement).
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ORDER_STATUS } from '@qshop/shared/states';

const OPENABLE: number[] = [ORDER_STATUS.PAID, ORDER_STATUS.SHIPPED, ORDER_STATUS.RECEIVED];

export function AfterSaleActions({ order }: { order: { id: number; order_status: number } }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'aftersales' });
  if (!OPENABLE.includes(order.order_status)) return null;
  return (
    <Button variant="default" component={Link} to={`/user/order/refund_form/${order.id}`} data-testid="after-sale-button">
      {t('button')}
    </Button>
  );
}
