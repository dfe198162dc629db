// /collectives: the open groups across the shop (GET /api/collectives: open, seats left, not expired; soonest to
// expire first), each with its goods, group price, members, seats and time left. Joining happens on the goods page,
// where the SKU and quantity are chosen: "join" leads there.
import { Button, LoadingOverlay, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useNavigate } from 'react-router-dom';
import type { OpenCollective } from '@qshop/shared/schemas/collectives';
import { api } from '../../api/client';
import { EmptyState, LoadFailed } from '../catalog/LoadStates';
import { Pager } from '../catalog/Pager';
import type { ListAnswer } from '../catalog/types';
import { useLoad } from '../catalog/useLoad';
import { GroupCard } from './GroupCard';

/** The page number the address names (/collectives/{page}), 1 when none or not a page number. */
export function pageOf(params: string | undefined): number {
  return params && /^[1-9]\d{0,2}$/.test(params) ? Number(params) : 1;
}

export default function CollectivesPage() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'collectives' });
  const navigate = useNavigate();
  const page = pageOf(useParams().params);
  const list = useLoad(`collectives:${page}`, () => api.get<ListAnswer<OpenCollective>>('/collectives', { page }));
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <Title order={3}>{t('route.collectives')}</Title>
      {list.failed && <LoadFailed onRetry={list.reload} />}
      <div style={{ position: 'relative', minHeight: 120 }}>
        <LoadingOverlay visible={list.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" data-testid="collectives">
          {rows.map((group) => (
            <GroupCard
              key={group.id}
              group={group}
              showGoods
              onEnded={list.reload}
              join={
                <Button size="xs" color="red" component={Link} to={`/goods/${group.goods_id}`} data-testid="group-join">
                  {tc('groups.join')}
                </Button>
              }
            />
          ))}
        </SimpleGrid>
        {list.data && !rows.length && !list.loading && <EmptyState message={tc('page.empty')} />}
      </div>
      {list.data && <Pager page={page} lastPage={list.data.last_page} total={list.data.total} onChange={(p) => void navigate(p > 1 ? `/collectives/${p}` : '/collectives')} />}
    </Stack>
  );
}
