import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Drawer, Tooltip } from '@mantine/core';
import { IconGavel } from '@tabler/icons-react';
import ResourcePage from '../../resource/ResourcePage';
import type { Row } from '../../resource/types';
import { StoreReview } from './StoreReview';
import '../../i18n/backoffice';
import { AdjustButton, AdjustDialog, type Adjusting } from '../../backoffice/funds/AdminUsersPage';

/** The stores (generic list) with a review action (the application in a drawer: pass or deny, open or close) and a
 *  funds adjustment (backoffice/funds/AdminUsersPage.tsx). */
export default function AdminStoresPage() {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'boCatalog' });
  const [reviewing, setReviewing] = useState<{ id: number; reload: () => void } | null>(null);
  const [adjusting, setAdjusting] = useState<Adjusting | null>(null);
  const review = (row: Row, reload: () => void) => (
    <>
      <Tooltip label={tc('review')}>
        <ActionIcon variant="subtle" color="orange" aria-label={tc('reviewOf', { name: String(row.store_name || row.id) })} onClick={() => setReviewing({ id: row.id, reload })}>
          <IconGavel size={16} />
        </ActionIcon>
      </Tooltip>
      <AdjustButton row={row} onClick={() => setAdjusting({ row, reload })} />
    </>
  );
  return (
    <>
      <ResourcePage rowExtras={review} />
      <Drawer opened={reviewing !== null} onClose={() => setReviewing(null)} position="right" size="xl" title={tc('storeReview')}>
        {reviewing ? <StoreReview id={reviewing.id} onChanged={reviewing.reload} /> : null}
      </Drawer>
      <AdjustDialog kind="stores" key={adjusting ? Number(adjusting.row.id) : 0} adjusting={adjusting} onClose={() => setAdjusting(null)} />
    </>
  );
}
