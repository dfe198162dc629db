// /integral: the points mall's home (GET /api/integral/home): the featured goods, then each category with its first
// goods and a link to the rest.
import { Anchor, Button, Group, LoadingOverlay, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { IntegralGoodsCard as Card } from '@qshop/shared/schemas/points';
import { api } from '../../api/client';
import { EmptyState, LoadFailed } from '../catalog/LoadStates';
import { useLoad } from '../catalog/useLoad';
import { IntegralGoodsCard } from './IntegralGoodsCard';

type Home = { recommends: Card[]; classes: { id: number; name: string; goods: Card[] }[] };

function Block({ title, goods, more }: { title: string; goods: Card[]; more?: string }) {
  const { t: tp } = useTranslation(undefined, { keyPrefix: 'points' });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>{title}</Title>
        {more && (
          <Anchor component={Link} to={more} size="sm">
            {tp('more')}
          </Anchor>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {goods.map((g) => (
          <IntegralGoodsCard key={g.id} goods={g} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export default function IntegralHomePage() {
  const { t: tp } = useTranslation(undefined, { keyPrefix: 'points' });
  const home = useLoad('integral-home', () => api.get<Home>('/integral/home'));
  const data = home.data;
  const empty = data && !data.recommends.length && !data.classes.length;
  return (
    <Stack gap="lg" py="md" pos="relative" mih={240}>
      <LoadingOverlay visible={home.loading && !data} zIndex={10} />
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={2}>{tp('mallTitle')}</Title>
          <Text c="dimmed" size="sm">
            {tp('mallHint')}
          </Text>
        </Stack>
        <Button component={Link} to="/integral/search" variant="light">
          {tp('allGoods')}
        </Button>
      </Group>
      {home.failed && <LoadFailed onRetry={home.reload} />}
      {empty && <EmptyState message={tp('emptyHome')} />}
      {data && data.recommends.length > 0 && <Block title={tp('recommends')} goods={data.recommends} />}
      {data?.classes.map((c) => <Block key={c.id} title={c.name} goods={c.goods} more={`/integral/search?cid=${c.id}`} />)}
    </Stack>
  );
}
