import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, NumberInput, Pagination, Select, Text } from '@mantine/core';
import { PAGE_SIZES } from '../config';

interface ResourcePagerProps {
  total: number;
  /** more rows match than `total` (the server counts up to LIST_TOTAL_CAP) */
  totalCapped?: boolean;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

function PageJumper({ pages, onPage }: { pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string | number>('');
  const jump = () => {
    const page = Math.min(Math.max(1, Math.trunc(Number(target))), pages);
    if (Number.isFinite(page)) onPage(page);
    setTarget('');
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{t('resource.pager.goTo')}</Text>
      <NumberInput
        aria-label={t('resource.pager.jumper')}
        value={target}
        onChange={setTarget}
        onKeyDown={(event) => event.key === 'Enter' && jump()}
        onBlur={() => target !== '' && jump()}
        min={1}
        max={pages}
        hideControls
        w={60}
        size="xs"
      />
      <Text size="sm">{t('resource.pager.page')}</Text>
    </Group>
  );
}

/** The pager: total, sizes, prev, pager, next, jumper. */
export function ResourcePager({ total, totalCapped = false, page, perPage, onPage, onPerPage }: ResourcePagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <Group gap="md" justify="flex-end" p="xs" wrap="wrap">
      <Text size="sm">{t(totalCapped ? 'resource.pager.totalMore' : 'resource.pager.total', { total })}</Text>
      <Select
        aria-label={t('resource.pager.sizes')}
        data={PAGE_SIZES.map((size) => ({ value: String(size), label: t('resource.pager.perPage', { size }) }))}
        value={String(perPage)}
        onChange={(size) => size && onPerPage(Number(size))}
        allowDeselect={false}
        w={120}
        size="xs"
      />
      <Pagination
        total={pages}
        value={page}
        onChange={onPage}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': t(`resource.pager.${control}`) })}
      />
      <PageJumper pages={pages} onPage={onPage} />
    </Group>
  );
}
