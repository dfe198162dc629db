// /article/{id}: an article of the admin's (help, about us...), as the footer links it. The server writes the page's
// head and first text (server modules/pages) and answers 404 for an unknown id; the app says so too.
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../api/client';
import { PageLoader } from '../../components/PageLoader';
import { usePageTitle } from '../../utils/documentTitle';
import { EmptyState, LoadFailed, isNotFound } from '../catalog/LoadStates';
import { useLoad } from '../catalog/useLoad';
import { ArticleBody } from './ArticleBody';
import type { PublicArticle } from './content';

export default function ArticlePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const articleId = Number(id);
  const valid = Number.isInteger(articleId) && articleId > 0;
  const page = useLoad(`article/${id}`, () => (valid ? api.get<PublicArticle>(`/articles/${articleId}`) : Promise.resolve(null)));
  const article = page.data;
  usePageTitle(article?.name);

  if (page.loading && !article) return <PageLoader />;
  if (page.failed && !article && !isNotFound(page.error)) return <LoadFailed onRetry={page.reload} />;
  if (!article)
    return (
      <EmptyState message={t('store.content.articleNotFound')}>
        <Anchor component={Link} to="/">
          {t('route.home')}
        </Anchor>
      </EmptyState>
    );
  return <ArticleBody name={article.name} date={article.updated_at} html={article.content} />;
}
