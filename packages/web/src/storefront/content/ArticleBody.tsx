import { Paper, Stack, Text, Title, TypographyStylesProvider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { safeHtml } from '../catalog/safeHtml';

/** An article's or a notice's title, date and html. */
export function ArticleBody({ name, date, html, order = 1 }: { name: string; date: string; html: string; order?: 1 | 2 | 3 }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="article">
      <Stack gap="sm">
        <Title order={order} size="h3">
          {name}
        </Title>
        <Text size="sm" c="dimmed">
          {t('store.content.updated', { date: date.slice(0, 10) })}
        </Text>
        <TypographyStylesProvider>
          <div dangerouslySetInnerHTML={{ __html: safeHtml(html) }} />
        </TypographyStylesProvider>
      </Stack>
    </Paper>
  );
}
