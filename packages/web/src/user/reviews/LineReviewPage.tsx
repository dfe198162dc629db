// /user/comment/add/{id}: review one own order line ({id} = the line's order_goods id; GET /api/user/comment/add/{id}).
import { Alert, Anchor, Group, LoadingOverlay, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { LineReview } from '@qshop/shared/schemas/reviews';
import { api } from '../../api/client';
import { isNotFound, LoadFailed } from '../../storefront/catalog/LoadStates';
import { useLoad } from '../../storefront/catalog/useLoad';
import { LineCard } from './LineCard';

const ID = /^[1-9]\d{0,9}$/;

export default function LineReviewPage() {
  const { t } = useTranslation();
  const { t: tr } = useTranslation(undefined, { keyPrefix: 'reviews' });
  const { id = '' } = useParams();
  const valid = ID.test(id);
  const page = useLoad(`line-review:${id}`, () => (valid ? api.get<LineReview>(`/user/comment/add/${id}`) : Promise.reject(new Error('not an id'))));
  if (!page.data) {
    if (!page.failed) return <LoadingOverlay visible />;
    if (!valid || isNotFound(page.error)) return <Alert color="orange" title={tr('line.notFound')} />;
    return <LoadFailed onRetry={page.reload} />;
  }
  const { order, open, line } = page.data;
  return (
    <Stack gap="md" pos="relative">
      <LoadingOverlay visible={page.loading} zIndex={10} overlayProps={{ blur: 1 }} />
      <Title order={4}>{t('route.commentAdd')}</Title>
      {!open && <Alert color="orange">{tr('order.notOpen')}</Alert>}
      <LineCard line={line} onPosted={page.reload} />
      <Group gap="md">
        <Anchor component={Link} to={`/user/order/comment/${order.id}`} size="sm">
          {tr('line.allOfOrder')}
        </Anchor>
        <Anchor component={Link} to="/user/comments" size="sm">
          {tr('order.myReviews')}
        </Anchor>
      </Group>
    </Stack>
  );
}
