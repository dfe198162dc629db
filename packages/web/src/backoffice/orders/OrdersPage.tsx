// /Seller/orders, /Seller/orders/wait and /Admin/orders: the order list (the resource engine's table, search and
// pagination) under status tabs — the wait page is the "awaiting shipment" tab alone — with the detail in a drawer and
// shipping straight from a row awaiting shipment.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ActionIcon, Drawer, Tabs, Tooltip } from '@mantine/core';
import { IconEye, IconTruck } from '@tabler/icons-react';
import { ADMIN_RESOURCES, SELLER_RESOURCES } from '@qshop/shared/resources/index';
import ResourcePage from '../../resource/ResourcePage';
import type { Row } from '../../resource/types';
import { OrderDetailView } from './OrderDetailView';
import { areaOfPath, canShip, isWaitPage, listEndpoint, ORDER_TABS, type OrderTabKey } from './orderModel';
import { ShipDialog } from './ShipDialog';

type Target = { id: number; order_no: string; reload: () => void };

export default function OrdersPage() {
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'fulfil' });
  const { pathname } = useLocation();
  const area = areaOfPath(pathname);
  const waitOnly = isWaitPage(pathname);
  const [tab, setTab] = useState<OrderTabKey>(waitOnly ? 'paid' : 'all');
  const [viewing, setViewing] = useState<Target | null>(null);
  const [shipping, setShipping] = useState<Target | null>(null);
  const decl = area === 'Admin' ? ADMIN_RESOURCES.orders : SELLER_RESOURCES.orders;
  const shownTab = waitOnly ? 'paid' : tab;
  const endpoint = useMemo(() => listEndpoint(area, shownTab), [area, shownTab]);

  const rowActions = (row: Row, reload: () => void) => {
    const target = { id: row.id, order_no: String(row.order_no), reload };
    return (
      <>
        <Tooltip label={tf('detail')}>
          <ActionIcon variant="subtle" aria-label={tf('detailOf', { no: target.order_no })} onClick={() => setViewing(target)}>
            <IconEye size={16} />
          </ActionIcon>
        </Tooltip>
        {canShip({ order_status: Number(row.order_status) }) && (
          <Tooltip label={tf('ship')}>
            <ActionIcon variant="subtle" color="teal" aria-label={tf('shipOf', { no: target.order_no })} onClick={() => setShipping(target)}>
              <IconTruck size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </>
    );
  };

  return (
    <>
      {!waitOnly && (
        <Tabs value={tab} onChange={(value) => value && setTab(value as OrderTabKey)} mb="sm">
          <Tabs.List>
            {ORDER_TABS.map((t) => (
              <Tabs.Tab key={t.key} value={t.key}>
                {tf(`tabs.${t.key}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      <ResourcePage key={endpoint} decl={decl} endpoint={endpoint} rowExtras={rowActions} />
      <Drawer opened={viewing !== null} onClose={() => setViewing(null)} position="right" size="xl" title={tf('detail')}>
        {viewing ? <OrderDetailView area={area} id={viewing.id} onChanged={viewing.reload} /> : null}
      </Drawer>
      <ShipDialog area={area} order={shipping} onClose={() => setShipping(null)} onShipped={() => shipping?.reload()} />
    </>
  );
}
