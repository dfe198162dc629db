import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { encodeParams } from '../utils/base64Params';

export function SearchBox({ className }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keywords, setKeywords] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = keywords.trim();
    void navigate(trimmed ? `/s/${encodeParams({ keywords: trimmed })}` : '/s');
  };
  return (
    <form onSubmit={submit} className={className} role="search">
      <Group gap={0} wrap="nowrap">
        <TextInput
          flex={1}
          value={keywords}
          onChange={(event) => setKeywords(event.currentTarget.value)}
          placeholder={t('store.searchPlaceholder')}
          aria-label={t('store.searchPlaceholder')}
          radius={0}
        />
        <Button type="submit" radius={0} leftSection={<IconSearch size={16} />}>
          {t('store.search')}
        </Button>
      </Group>
    </form>
  );
}
