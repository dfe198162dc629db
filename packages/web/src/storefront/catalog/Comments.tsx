import { Avatar, Group, Rating, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_KINDS } from '@qshop/shared/catalogRules';
import { REVIEW_SCORES } from '@qshop/shared/reviewRules';
import { api } from '../../api/client';
import { PageLoader } from '../../components/PageLoader';
import { SizedImage } from '../../components/SizedImage';
import { EmptyState, LoadFailed } from './LoadStates';
import { Pager } from './Pager';
import type { CommentRow, CommentStatistics, ListAnswer } from './types';
import { useLoad } from './useLoad';

const PER_PAGE = 10;

/** A goods' reviews: statistics, all / good / medium / bad, a page at a time (GET /api/goods_comments/{id}). */
export function Comments({ goodsId, statistics }: { goodsId: number; statistics: CommentStatistics }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const { t: tr } = useTranslation(undefined, { keyPrefix: 'reviews' });
  const [kind, setKind] = useState<number>(COMMENT_KINDS.ALL);
  const [page, setPage] = useState(1);
  const list = useLoad(`${goodsId}/${kind}/${page}`, () =>
    api.get<ListAnswer<CommentRow>>(`/goods_comments/${goodsId}`, { is_type: kind, page, per_page: PER_PAGE }),
  );
  const kinds = [
    { value: COMMENT_KINDS.ALL, label: tc('comments.all', { count: statistics.total }) },
    { value: COMMENT_KINDS.GOOD, label: tc('comments.good', { count: statistics.good }) },
    { value: COMMENT_KINDS.MEDIUM, label: tc('comments.medium', { count: statistics.medium }) },
    { value: COMMENT_KINDS.BAD, label: tc('comments.bad', { count: statistics.bad }) },
  ];
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <Group gap="xl">
        {statistics.good_rate !== null && (
          <>
            <Text c="red.9" fw={700} fz={24}>
              {`${statistics.good_rate}%`}
            </Text>
            <Text size="sm" c="dimmed">
              {tc('comments.goodRate')}
            </Text>
          </>
        )}
        <SegmentedControl
          value={String(kind)}
          onChange={(value) => {
            setKind(Number(value));
            setPage(1);
          }}
          data={kinds.map((k) => ({ value: String(k.value), label: k.label }))}
          aria-label={tc('comments.kinds')}
        />
      </Group>
      {statistics.total > 0 && (
        <Group gap="md" data-testid="review-averages">
          <Text size="sm" c="dimmed">
            {tc('goods.averages')}
          </Text>
          {REVIEW_SCORES.map((key) => (
            <Text key={key} size="sm">
              {tc('goods.average', { label: tr(`scores.${key}`), value: statistics.averages[key] })}
            </Text>
          ))}
        </Group>
      )}
      {list.failed && <LoadFailed onRetry={list.reload} />}
      {list.loading && !list.data && <PageLoader />}
      {list.data && rows.length === 0 && <EmptyState message={tc('comments.empty')} />}
      {rows.map((row) => (
        <Group key={row.id} align="flex-start" gap="md" wrap="nowrap" pb="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <Stack gap={4} align="center" w={100}>
            <Avatar src={row.avatar || null} alt="" radius="xl" />
            <Text size="xs" c="dimmed" ta="center" lineClamp={1}>
              {row.nickname || '-'}
            </Text>
          </Stack>
          <Stack gap={4} flex={1} miw={0}>
            <Group gap="sm">
              <Rating value={row.score} readOnly size="xs" aria-label={tc('comments.score', { score: row.score })} />
              <Text size="xs" c="dimmed">
                {row.created_at}
              </Text>
              {row.sku_name && (
                <Text size="xs" c="dimmed">
                  {row.sku_name}
                </Text>
              )}
            </Group>
            <Text size="sm">{row.content || tc('comments.noContent')}</Text>
            {row.image.length > 0 && (
              <Group gap="xs">
                {row.image.map((src) => (
                  <SizedImage key={src} src={src} sizes="64px" width={64} height={64} alt="" style={{ width: 64, height: 64, objectFit: 'cover' }} />
                ))}
              </Group>
            )}
            {row.reply && (
              <Text size="sm" c="orange.8">
                {tc('comments.reply', { reply: row.reply })}
              </Text>
            )}
          </Stack>
        </Group>
      ))}
      {list.data && <Pager page={page} lastPage={list.data.last_page} total={list.data.total} onChange={setPage} />}
    </Stack>
  );
}
