import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconDownload, IconEdit, IconEye, IconPlus, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import type { TableButtons } from './buttons';

interface ResourceToolbarProps {
  buttons: TableButtons;
  searchOpen: boolean;
  exporting: boolean;
  onAdd: () => void;
  onDeleteSelected: () => void;
  onToggleSearch: () => void;
  onExport: () => void;
  onImport: () => void;
}

/** The buttons above the list, as the page's table buttons allow. */
export function ResourceToolbar({ buttons, searchOpen, exporting, onAdd, onDeleteSelected, onToggleSearch, onExport, onImport }: ResourceToolbarProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      {buttons.store ? (
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd}>
          {t('resource.toolbar.add')}
        </Button>
      ) : null}
      {buttons.deletes ? (
        <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} />} onClick={onDeleteSelected}>
          {t('resource.toolbar.deleteSelected')}
        </Button>
      ) : null}
      {buttons.search ? (
        <Button size="xs" variant={searchOpen ? 'light' : 'default'} leftSection={<IconSearch size={14} />} onClick={onToggleSearch} aria-pressed={searchOpen}>
          {t('resource.toolbar.search')}
        </Button>
      ) : null}
      {buttons.export ? (
        <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} loading={exporting} onClick={onExport}>
          {t('resource.toolbar.export')}
        </Button>
      ) : null}
      {buttons.import ? (
        <Button size="xs" variant="default" leftSection={<IconUpload size={14} />} onClick={onImport}>
          {t('resource.toolbar.import')}
        </Button>
      ) : null}
    </Group>
  );
}

interface RowActionsProps {
  buttons: TableButtons;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** View, edit and delete of one row (row delete is hidden unless the page enables it). */
export function RowActions({ buttons, onView, onEdit, onDelete }: RowActionsProps) {
  const { t } = useTranslation();
  const action = (label: string, icon: ReactNode, onClick: () => void, color = 'gray') => (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap={4} wrap="nowrap">
      {buttons.show ? action(t('resource.view'), <IconEye size={16} />, onView) : null}
      {buttons.update ? action(t('resource.edit'), <IconEdit size={16} />, onEdit, 'blue') : null}
      {buttons.destroy ? action(t('resource.delete'), <IconTrash size={16} />, onDelete, 'red') : null}
    </Group>
  );
}
