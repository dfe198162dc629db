import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Drawer, Tooltip } from '@mantine/core';
import { IconGavel } from '@tabler/icons-react';
import ResourcePage from '../../resource/ResourcePage';
import type { Row } from '../../resource/types';
import { GoodsReview } from './GoodsReview';
import '../../i18n/backoffice';

/** Every store's goods (generic list) with a review action: the goods in a drawer, approve or reject. */
export default function AdminGoodsPage() {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'boCatalog' });
  const [reviewing, setReviewing] = useState<{ id: number; reload: () => void } | null>(null);
  const review = (row: Row, reload: () => void) => (
    <Tooltip label={tc('review')}>
      <ActionIcon variant="subtle" color="orange" aria-label={tc('reviewOf', { name: String(row.goods_name ?? row.id) })} onClick={() => setReviewing({ id: row.id, reload })}>
        <IconGavel size={16} />
      </ActionIcon>
    </Tooltip>
  );
  return (
    <>
      <ResourcePage rowExtras={review} />
      <Drawer opened={reviewing !== null} onClose={() => setReviewing(null)} position="right" size="xl" title={tc('goodsReview')}>
        {reviewing ? <GoodsReview id={reviewing.id} onDecided={reviewing.reload} /> : null}
      </Drawer>
    </>
  );
}
