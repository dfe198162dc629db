import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, CloseButton, Popover, ScrollArea, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { FieldControlProps } from '../form/fieldProps';
import { FaIcon } from './FaIcon';
import { matchIcons } from './matchIcons';

function useIconNames(wanted: boolean): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    if (!wanted || names.length) return;
    void import('virtual:fa-icon-names').then((module) => setNames(module.default));
  }, [wanted, names.length]);
  return names;
}

/** A single `fa-` icon class chosen from the Font Awesome free names. */
export default function IconPicker({ id, value, onChange, error, placeholder }: FieldControlProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const names = useIconNames(opened);
  const current = typeof value === 'string' ? value : '';
  const shown = matchIcons(names, search);

  const choose = (name: string) => {
    onChange(name);
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} width={360} position="bottom-start" shadow="md">
      <Popover.Target>
        <TextInput
          id={id}
          readOnly
          value={current}
          placeholder={placeholder ?? t('resource.icon.choose')}
          error={error}
          leftSection={current ? <FaIcon name={current} /> : null}
          rightSection={current ? <CloseButton aria-label={t('resource.icon.clear')} onClick={() => onChange('')} /> : null}
          onClick={() => setOpened((open) => !open)}
        />
      </Popover.Target>
      <Popover.Dropdown>
        <TextInput
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t('resource.icon.search')}
          aria-label={t('resource.icon.search')}
          mb="xs"
          data-autofocus
        />
        <ScrollArea h={240}>
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('resource.icon.none')}
            </Text>
          ) : (
            <SimpleGrid cols={8} spacing={4}>
              {shown.map((name) => (
                <ActionIcon
                  key={name}
                  variant={name === current ? 'filled' : 'subtle'}
                  color="gray"
                  title={name}
                  aria-label={name}
                  onClick={() => choose(name)}
                >
                  <FaIcon name={name} />
                </ActionIcon>
              ))}
            </SimpleGrid>
          )}
        </ScrollArea>
      </Popover.Dropdown>
    </Popover>
  );
}
