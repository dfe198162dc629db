// /user/favorites: favourite goods and followed stores (GET /api/user/favorites?is_type=), each removable
// (DELETE /api/user/favorites/{ids}), a page at a time.
import { Anchor, Avatar, Button, Group, Image, LoadingOverlay, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FAVORITE_TYPE } from '@qshop/shared/schemas/catalog';
import { api } from '../../api/client';
import { yuan } from '../../storefront/catalog/format';
import { EmptyState, LoadFailed } from '../../storefront/catalog/LoadStates';
import { Pager } from '../../storefront/catalog/Pager';
import type { GoodsCardData, ListAnswer, PublicStore } from '../../storefront/catalog/types';
import { useLoad } from '../../storefront/catalog/useLoad';
import { notifySuccess } from '../../utils/notify';

const PER_PAGE = 20;

type Kind = (typeof FAVORITE_TYPE)[keyof typeof FAVORITE_TYPE];

export interface FavoriteRow {
  id: number;
  out_id: number;
  is_type: number;
  created_at: string;
  goods?: GoodsCardData | null;
  store?: PublicStore | null;
}

function GoodsFavorite({ goods }: { goods: GoodsCardData }) {
  return (
    <Group wrap="nowrap" gap="sm" flex={1} miw={0}>
      {goods.goods_master_image ? (
        <Image src={goods.goods_master_image} w={64} h={64} fit="cover" alt="" />
      ) : (
        <IconPhoto size={64} color="var(--mantine-color-gray-4)" />
      )}
      <Stack gap={2} miw={0}>
        <Anchor component={Link} to={`/goods/${goods.id}`} size="sm" lineClamp={2}>
          {goods.goods_name}
        </Anchor>
        <Text c="red.9" fw={600} size="sm">
          {yuan(goods.goods_price)}
        </Text>
      </Stack>
    </Group>
  );
}

function StoreFavorite({ store }: { store: PublicStore }) {
  return (
    <Group wrap="nowrap" gap="sm" flex={1} miw={0}>
      <Avatar src={store.store_logo || null} alt="" size={64} radius="sm">
        <IconBuildingStore size={28} />
      </Avatar>
      <Stack gap={2} miw={0}>
        <Anchor component={Link} to={`/store/${store.id}`} size="sm">
          {store.store_name}
        </Anchor>
        {store.store_description && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {store.store_description}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

function FavoriteList({ kind }: { kind: Kind }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<number | null>(null);
  const list = useLoad(`${kind}/${page}`, () => api.get<ListAnswer<FavoriteRow>>('/user/favorites', { is_type: kind, page, per_page: PER_PAGE }));
  const rows = list.data?.data ?? [];

  const remove = async (row: FavoriteRow) => {
    setRemoving(row.id);
    try {
      await api.del(`/user/favorites/${row.id}`);
      notifySuccess(tc(kind === FAVORITE_TYPE.GOODS ? 'fav.goodsRemoved' : 'fav.storeRemoved'));
      // The last row of a later page gone: show the page before.
      if (rows.length === 1 && page > 1) setPage(page - 1);
      else list.reload();
    } catch {
      // the client has shown the refusal
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Stack gap="sm" pt="md">
      {list.failed && <LoadFailed onRetry={list.reload} />}
      <div style={{ position: 'relative', minHeight: 160 }}>
        <LoadingOverlay visible={list.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        <SimpleGrid cols={2} spacing="sm">
          {rows.map((row) => (
            <Paper key={row.id} withBorder p="sm" data-testid="favorite-row">
              <Group wrap="nowrap" gap="sm">
                {row.goods ? <GoodsFavorite goods={row.goods} /> : row.store ? <StoreFavorite store={row.store} /> : <Text flex={1}>-</Text>}
                <Button size="xs" variant="subtle" color="gray" loading={removing === row.id} onClick={() => void remove(row)}>
                  {tc(kind === FAVORITE_TYPE.GOODS ? 'favorites.removeGoods' : 'favorites.unfollow')}
                </Button>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
        {list.data && rows.length === 0 && !list.loading && (
          <EmptyState message={tc(kind === FAVORITE_TYPE.GOODS ? 'favorites.emptyGoods' : 'favorites.emptyStores')}>
            <Anchor component={Link} to={kind === FAVORITE_TYPE.GOODS ? '/s' : '/stores'} size="sm">
              {tc(kind === FAVORITE_TYPE.GOODS ? 'favorites.browseGoods' : 'favorites.browseStores')}
            </Anchor>
          </EmptyState>
        )}
      </div>
      {list.data && <Pager page={page} lastPage={list.data.last_page} total={list.data.total} onChange={setPage} />}
    </Stack>
  );
}

export default function FavoritesPage() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  return (
    <Stack gap="sm">
      <Title order={4}>{t('route.favorites')}</Title>
      <Tabs defaultValue="goods" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="goods">{tc('favorites.goodsTab')}</Tabs.Tab>
          <Tabs.Tab value="stores">{tc('favorites.storesTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="goods">
          <FavoriteList kind={FAVORITE_TYPE.GOODS} />
        </Tabs.Panel>
        <Tabs.Panel value="stores">
          <FavoriteList kind={FAVORITE_TYPE.STORE} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
