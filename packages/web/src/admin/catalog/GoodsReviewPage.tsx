import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { GoodsReview } from './GoodsReview';
import '../../i18n/backoffice';

/** One goods under review on a page of its own (/Admin/goods/form?id=). */
export default function GoodsReviewPage() {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'boCatalog' });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  return (
    <Stack gap="md">
      <Group>
        <Button variant="default" size="xs" leftSection={<IconArrowLeft size={14} />} onClick={() => void navigate('/Admin/goods')}>
          {tc('backToGoods')}
        </Button>
      </Group>
      {id === null ? <Text c="dimmed">{tc('chooseGoods')}</Text> : <GoodsReview key={id} id={id} />}
    </Stack>
  );
}
