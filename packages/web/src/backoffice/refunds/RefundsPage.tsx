// /Seller/refunds (refunds only), /Seller/refunds/return (returns), /Admin/refunds and /Admin/refunds/return: the
// after-sales list of the resource engine filtered by type, its state column derived like the shopper's, the request
// in a drawer, and the area's decisions (the seller's agree / refuse / confirm the goods, the admin's arbitration).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ActionIcon, Drawer, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { ADMIN_RESOURCES, SELLER_RESOURCES } from '@qshop/shared/resources/index';
import type { ResourceDecl } from '@qshop/shared/resource';
import ResourcePage from '../../resource/ResourcePage';
import type { Row } from '../../resource/types';
import { DecisionDialog, type Deciding } from './DecisionDialog';
import { RefundDetailView, RefundStateBadge } from './RefundDetailView';
import { areaOfPath, listEndpoint, typeOfPath } from './refundsModel';

type Viewing = { id: number; reload: () => void };

/** The declaration with its status column shown as the one state the shopper also reads (verify and step together);
 *  the type is the page's, so it is neither a column nor a search. */
function withStateColumn(decl: ResourceDecl): ResourceDecl {
  const verify = decl.fields.refund_verify;
  const { refund_step: _step, refund_type: _type, ...fields } = decl.fields;
  return { ...decl, fields: { ...fields, refund_verify: { ...verify, column: { type: 'custom' } } } };
}

const stateCell = (row: Row) => (
  <RefundStateBadge refund={{ refund_type: Number(row.refund_type), refund_verify: Number(row.refund_verify), refund_step: Number(row.refund_step) }} />
);

export default function RefundsPage() {
  const { t: tb } = useTranslation(undefined, { keyPrefix: 'aftersales.backoffice' });
  const { pathname } = useLocation();
  const area = areaOfPath(pathname);
  const refundType = typeOfPath(pathname);
  const endpoint = listEndpoint(area, refundType);
  const decl = useMemo(() => withStateColumn(area === 'Admin' ? ADMIN_RESOURCES.refunds : SELLER_RESOURCES.refunds), [area]);
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [version, setVersion] = useState(0);

  const view = (row: Row, reload: () => void) => (
    <Tooltip label={tb('detail')}>
      <ActionIcon variant="subtle" aria-label={tb('detailOf', { no: String(row.refund_no) })} onClick={() => setViewing({ id: row.id, reload })}>
        <IconEye size={16} />
      </ActionIcon>
    </Tooltip>
  );
  const decided = () => {
    setVersion((n) => n + 1);
    viewing?.reload();
  };

  return (
    <>
      <ResourcePage key={endpoint} decl={decl} endpoint={endpoint} rowExtras={view} renderCell={{ refund_verify: stateCell }} />
      <Drawer opened={viewing !== null} onClose={() => setViewing(null)} position="right" size="xl" title={tb('detail')}>
        {viewing ? <RefundDetailView area={area} id={viewing.id} version={version} onDecide={(action, refund) => setDeciding({ action, refund })} /> : null}
      </Drawer>
      {/* a new dialog per decision: its remark starts empty */}
      <DecisionDialog key={deciding ? `${deciding.action}-${deciding.refund.id}` : 'none'} area={area} deciding={deciding} onClose={() => setDeciding(null)} onDone={decided} />
    </>
  );
}
