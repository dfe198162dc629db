// /Admin/integral_orders: the points orders (the generic list), with a ship action on each order awaiting shipment
// (PUT /api/Admin/integral_orders/{id}/ship with a carrier and a tracking number).
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTEGRAL_ORDER_STATUS } from '@qshop/shared';
import ResourcePage from '../../resource/ResourcePage';
import type { Row } from '../../resource/types';
import { ShipDialog } from '../../backoffice/orders/ShipDialog';

type Shipping = { order: { id: number; order_no: string }; reload: () => void };

export default function IntegralOrdersPage() {
  const { t: tp } = useTranslation(undefined, { keyPrefix: 'points' });
  const [shipping, setShipping] = useState<Shipping | null>(null);
  const action = (row: Row, reload: () => void) =>
    Number(row.order_status) === INTEGRAL_ORDER_STATUS.PAID ? (
      <Tooltip label={tp('ship')}>
        <ActionIcon
          variant="subtle"
          color="blue"
          aria-label={`${tp('ship')} ${String(row.order_no)}`}
          data-testid="integral-ship"
          onClick={() => setShipping({ order: { id: Number(row.id), order_no: String(row.order_no) }, reload })}
        >
          <IconTruckDelivery size={16} />
        </ActionIcon>
      </Tooltip>
    ) : null;
  return (
    <>
      <ResourcePage rowExtras={action} />
      <ShipDialog area="Admin" resource="integral_orders" order={shipping?.order ?? null} onClose={() => setShipping(null)} onShipped={() => shipping?.reload()} />
    </>
  );
}
