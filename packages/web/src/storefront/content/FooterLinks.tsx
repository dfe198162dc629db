import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../../api/client';
import type { ArticleMenuLinks } from './content';

// The agreement's dialog is fetched with its first opening, not with every page.
const AgreementModal = lazy(() => import('../AgreementModal').then((m) => ({ default: m.AgreementModal })));

/**
 * The footer's links: each article menu with its articles (GET /api/articles: help, about us...), the site's notices
 * and the user agreement. Below the fold, so it loads after the page's own reads; without the articles the notices and
 * the agreement still show.
 */
export function FooterLinks() {
  const { t } = useTranslation();
  const [menus, setMenus] = useState<ArticleMenuLinks[]>([]);
  const [agreement, setAgreement] = useState<'closed' | 'open' | 'loaded'>('closed');
  useEffect(() => {
    api.get<ArticleMenuLinks[]>('/articles').then(setMenus, () => setMenus([]));
  }, []);
  return (
    <nav aria-label={t('store.content.footerLinks')}>
      <Group align="flex-start" gap="xl">
        {menus.map((menu) => (
          <Stack key={menu.id} gap={4}>
            <Text size="sm" fw={600} c="dark">
              {menu.name}
            </Text>
            {menu.articles.map((article) => (
              <Anchor key={article.id} component={Link} to={`/article/${article.id}`} size="sm" c="dark">
                {article.name}
              </Anchor>
            ))}
          </Stack>
        ))}
        <Stack gap={4}>
          <Anchor component={Link} to="/notices" size="sm" c="dark">
            {t('route.notices')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dark" ta="left" onClick={() => setAgreement('open')}>
            {t('store.content.agreement')}
          </Anchor>
        </Stack>
      </Group>
      {agreement !== 'closed' && (
        <Suspense fallback={null}>
          <AgreementModal opened={agreement === 'open'} onClose={() => setAgreement('loaded')} />
        </Suspense>
      )}
    </nav>
  );
}
