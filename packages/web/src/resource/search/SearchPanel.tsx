import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Grid, Group, Paper, Text } from '@mantine/core';
import type { FormKind } from '@qshop/shared';
import { SEARCH_FIELDS_BEFORE_COLLAPSE } from '../../config';
import { currentLanguage } from '../../i18n';
import { FieldInput } from '../form/FieldInput';
import { FieldRow } from '../form/FieldRow';
import { YES_NO } from '../dict';
import { searchQuery, type SearchOption } from '../searchOptions';
import { useDictMap } from '../useDictOptions';

/** Search inputs are plain where the form kind edits something bigger (editor, uploads, pickers). */
const SEARCH_KIND: Partial<Record<FormKind, FormKind>> = {
  switch: 'select',
  password: 'text',
  textarea: 'text',
  editor: 'text',
  icon: 'text',
  avatar: 'text',
  image: 'text',
  file: 'text',
  table_select: 'text',
};

/** Three search fields a row on wide screens, one on phones (a 24-column grid). */
const SEARCH_FIELD_SPAN = { base: 24, sm: 12, lg: 8 };

interface SearchPanelProps {
  options: SearchOption[];
  onSearch: (query: Record<string, string>) => void;
}

/** The search bar: the options' fields, 5 shown until expanded, `field=value|op` filters. */
export function SearchPanel({ options, onSearch }: SearchPanelProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [expanded, setExpanded] = useState(false);
  const dicts = useMemo(
    () => Object.fromEntries(options.map((option) => [option.value, option.data ?? option.dict ?? (option.type === 'switch' ? YES_NO : undefined)])),
    [options],
  );
  const optionsOf = useDictMap(dicts);

  if (options.length === 0) {
    return (
      <Paper withBorder p="sm" mb="sm">
        <Text size="sm" c="dimmed">
          {t('table.waitSetting')}
        </Text>
      </Paper>
    );
  }

  const collapsible = options.length > SEARCH_FIELDS_BEFORE_COLLAPSE;
  const shown = expanded || !collapsible ? options : options.slice(0, SEARCH_FIELDS_BEFORE_COLLAPSE);
  const labelOf = (option: SearchOption) => (currentLanguage() === 'en' && option.elabel ? option.elabel : t(option.label));
  const reset = () => {
    setValues({});
    onSearch({});
  };

  return (
    <Paper withBorder p="sm" mb="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(searchQuery(options, values));
        }}
      >
        <Grid columns={24} gutter="sm">
          {shown.map((option) => {
            const id = `search-${option.value}`;
            return (
              <Grid.Col key={option.value} span={SEARCH_FIELD_SPAN}>
                <FieldRow id={id} label={labelOf(option)}>
                  <FieldInput
                    kind={SEARCH_KIND[option.type] ?? option.type}
                    id={id}
                    name={option.value}
                    value={values[option.value] ?? ''}
                    onChange={(value) => setValues((current) => ({ ...current, [option.value]: value }))}
                    options={optionsOf[option.value] ?? []}
                    placeholder={option.placeholder ? t(option.placeholder) : undefined}
                  />
                </FieldRow>
              </Grid.Col>
            );
          })}
        </Grid>
        <Group justify="flex-end" gap="xs" mt="sm">
          <Button type="submit" size="xs">
            {t('resource.search.submit')}
          </Button>
          <Button type="button" size="xs" variant="default" onClick={reset}>
            {t('resource.search.reset')}
          </Button>
          {collapsible ? (
            <Button type="button" size="xs" variant="subtle" onClick={() => setExpanded((open) => !open)}>
              {t(expanded ? 'resource.search.collapse' : 'resource.search.expand')}
            </Button>
          ) : null}
        </Group>
      </form>
    </Paper>
  );
}
