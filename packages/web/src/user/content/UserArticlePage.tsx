// /user/article/{name}: the user centre's help pages, the admin's articles by title (GET /api/article/{name}); 网站公告
// is the list of the site's notices.
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { api } from '../../api/client';
import { PageLoader } from '../../components/PageLoader';
import { usePageTitle } from '../../utils/documentTitle';
import { EmptyState, LoadFailed, isNotFound } from '../../storefront/catalog/LoadStates';
import { useLoad } from '../../storefront/catalog/useLoad';
import { ArticleBody } from '../../storefront/content/ArticleBody';
import type { PublicArticle } from '../../storefront/content/content';
import { NoticeList } from '../../storefront/content/NoticeList';
import { NOTICES_ARTICLE } from '../nav';

function Article({ name }: { name: string }) {
  const { t } = useTranslation();
  const page = useLoad(`user-article/${name}`, () => api.get<PublicArticle>(`/article/${encodeURIComponent(name)}`));
  const article = page.data;
  usePageTitle(article?.name);
  if (page.loading && !article) return <PageLoader />;
  if (page.failed && !article && !isNotFound(page.error)) return <LoadFailed onRetry={page.reload} />;
  if (!article) return <EmptyState message={t('store.content.articleNotFound')} />;
  return <ArticleBody name={article.name} date={article.updated_at} html={article.content} order={2} />;
}

export default function UserArticlePage() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  if (name !== NOTICES_ARTICLE) return <Article key={name} name={name} />;
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('user.article.notices')}
      </Title>
      <NoticeList />
    </Stack>
  );
}
