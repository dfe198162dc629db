import { LoadingOverlay, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { EmptyState, LoadFailed } from '../catalog/LoadStates';
import { Pager } from '../catalog/Pager';
import type { ListAnswer } from '../catalog/types';
import { useLoad } from '../catalog/useLoad';
import { ArticleBody } from './ArticleBody';
import type { PublicNotice } from './content';

const PER_PAGE = 30;

/** The sent notices, newest first, page by page (GET /api/notices): the storefront's and the user centre's list. */
export function NoticeList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useLoad(`notices:${page}`, () => api.get<ListAnswer<PublicNotice>>('/notices', { page, per_page: PER_PAGE }));
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md" data-testid="notice-list" data-loaded={list.data && !list.loading ? '' : undefined}>
      {list.failed && <LoadFailed onRetry={list.reload} />}
      <div style={{ position: 'relative', minHeight: 120 }}>
        <LoadingOverlay visible={list.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        <Stack gap="sm">
          {rows.map((notice) => (
            <ArticleBody key={notice.id} name={notice.name} date={notice.created_at} html={notice.content} order={2} />
          ))}
        </Stack>
        {list.data && rows.length === 0 && !list.loading && <EmptyState message={t('store.content.noNotices')} />}
      </div>
      {list.data && <Pager page={page} lastPage={list.data.last_page} total={list.data.total} onChange={setPage} />}
    </Stack>
  );
}
