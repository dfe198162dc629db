import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Drawer, Tooltip } from '@mantine/core';
import { IconGavel } from '@tabler/icons-react';
import ResourcePage from '../../resource/ResourcePage';
import type { Row } from '../../resource/types';
import { StoreReview } from './StoreReview';
import '../../i18n/backoffice';

/** The stores (generic list) with a review action: the application in a drawer, pass or deny, open or close. */
export default function AdminStoresPage() {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'boCatalog' });
  const [reviewing, setReviewing] = useState<{ id: number; reload: () => void } | null>(null);
  const review = (row: Row, reload: () => void) => (
    <Tooltip label={tc('review')}>
      <ActionIcon variant="subtle" color="orange" aria-label={tc('reviewOf', { name: String(row.store_name || row.id) })} onClick={() => setReviewing({ id: row.id, reload })}>
        <IconGavel size={16} />
      </ActionIcon>
    </Tooltip>
  );
  return (
    <>
      <ResourcePage rowExtras={review} />
      <Drawer opened={reviewing !== null} onClose={() => setReviewing(null)} position="right" size="xl" title={tc('storeReview')}>
        {reviewing ? <StoreReview id={reviewing.id} onChanged={reviewing.reload} /> : null}
      </Drawer>
    </>
  );
}
