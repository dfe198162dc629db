import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const CONTROL_NAMES = { first: 'firstPage', previous: 'prevPage', next: 'nextPage', last: 'lastPage' } as const;

/** The storefront pager: total and page buttons; hidden when everything fits on one page. */
export function Pager({ page, lastPage, total, onChange }: { page: number; lastPage: number; total: number; onChange: (page: number) => void }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  if (lastPage <= 1) return null;
  return (
    <Group justify="center" gap="md" mt="md">
      <Text size="sm" c="dimmed">
        {tc('total', { count: total })}
      </Text>
      <Pagination
        value={Math.min(page, lastPage)}
        total={lastPage}
        onChange={onChange}
        size="sm"
        // The arrow buttons show an icon only: their names.
        getControlProps={(control) => ({ 'aria-label': tc(CONTROL_NAMES[control]) })}
      />
    </Group>
  );
}
