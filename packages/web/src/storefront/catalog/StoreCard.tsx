import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SizedAvatar } from '../../components/SizedImage';
import type { ChatOffer } from '../../chat/ChatThread';
import { ContactStore } from '../chat/ContactStore';
import classes from './catalog.module.css';
import type { PublicStore, StoreRatings } from './types';

const SCORES: { key: keyof Pick<StoreRatings, 'score' | 'agree' | 'service' | 'speed'>; scoreKey: string }[] = [
  { key: 'score', scoreKey: 'store.scoreGoods' },
  { key: 'agree', scoreKey: 'store.scoreAgree' },
  { key: 'service', scoreKey: 'store.scoreService' },
  { key: 'speed', scoreKey: 'store.scoreSpeed' },
];

/** A store's ratings: the mean and the four review scores, the good rate. */
export function StoreRatingList({ store }: { store: StoreRatings }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  if (!store.comments)
    return (
      <Text size="sm" c="dimmed">
        {tc('comments.empty')}
      </Text>
    );
  return (
    <Stack gap={2}>
      <Text size="sm">{tc('store.rate', { rate: store.rate })}</Text>
      {SCORES.map((score) => (
        <Group key={score.key} justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {tc(score.scoreKey)}
          </Text>
          <Text size="xs" c="red.9">
            {store[score.key]}
          </Text>
        </Group>
      ))}
      <Text size="xs" c="dimmed">
        {tc('store.goodRate', { rate: store.good_rate, count: store.comments })}
      </Text>
    </Stack>
  );
}

/** The seller's card beside a goods: logo, name, ratings, the way into the store and to its customer service (which
 *  offers to send the goods, `offer`). */
export function StoreCard({ store, offer }: { store: PublicStore; offer?: ChatOffer }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  return (
    <Paper withBorder p="sm" className={classes.storeCard} aria-label={store.store_name} component="aside">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <SizedAvatar src={store.store_logo} alt="" radius="sm">
            <IconBuildingStore size={20} />
          </SizedAvatar>
          <Text fw={600} lineClamp={2}>
            {store.store_name}
          </Text>
        </Group>
        <StoreRatingList store={store} />
        {store.area_info && (
          <Text size="xs" c="dimmed">
            {store.area_info}
          </Text>
        )}
        <Button component={Link} to={`/store/${store.id}`} variant="light" size="xs">
          {tc('store.enter')}
        </Button>
        <ContactStore storeId={store.id} storeName={store.store_name} offer={offer} />
      </Stack>
    </Paper>
  );
}
