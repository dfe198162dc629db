import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, Group, Modal, Text } from '@mantine/core';
import { IconArrowsMaximize, IconArrowsMinimize } from '@tabler/icons-react';
import { resourceForPath } from '@qshop/shared/resources/index';
import type { ResourceDecl } from '@qshop/shared';
import type { MRT_RowSelectionState } from 'mantine-react-table';
import { TABLE_SELECT_DIALOG_WIDTH, TABLE_SELECT_FULLSCREEN } from '../../config';
import { notifyError } from '../../utils/notify';
import { flattenRows, ResourceTable } from '../ResourceTable';
import { SearchPanel } from '../search/SearchPanel';
import type { Row } from '../types';
import { useResourceView } from '../useResourceView';

interface TableSelectBodyProps {
  decl: ResourceDecl;
  endpoint: string;
  single: boolean;
  onConfirm: (rows: Row[]) => void;
  onCancel: () => void;
}

function TableSelectBody({ decl, endpoint, single, onConfirm, onCancel }: TableSelectBodyProps) {
  const { t } = useTranslation();
  const { list, columns, dicts, searchOptions } = useResourceView(decl, endpoint);
  const [selection, setSelection] = useState<MRT_RowSelectionState>({});
  // Rows chosen on earlier pages stay known after paging on.
  const seen = useRef(new Map<string, Row>());
  for (const row of flattenRows(list.rows)) seen.current.set(String(row.id), row);

  const confirm = () => {
    const rows = Object.keys(selection)
      .filter((id) => selection[id])
      .flatMap((id) => seen.current.get(id) ?? []);
    if (rows.length === 0) {
      notifyError(t('msg.selectErr'));
      return;
    }
    onConfirm(rows);
  };

  return (
    <>
      {searchOptions.length ? <SearchPanel options={searchOptions} onSearch={list.search} /> : null}
      <ResourceTable list={list} columns={columns} dicts={dicts} tree={decl.tree} selection={selection} onSelectionChange={setSelection} single={single} />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={confirm}>{t('common.confirm')}</Button>
      </Group>
    </>
  );
}

interface TableSelectDialogProps {
  opened: boolean;
  /** Route path of the resource to choose from, e.g. '/Admin/goods_brands' */
  resource: string;
  single: boolean;
  onConfirm: (rows: Row[]) => void;
  onClose: () => void;
}

/** Choosing rows of another resource: a 60% dialog, full screen by default. */
export function TableSelectDialog({ opened, resource, single, onConfirm, onClose }: TableSelectDialogProps) {
  const { t } = useTranslation();
  const [fullScreen, setFullScreen] = useState(TABLE_SELECT_FULLSCREEN);
  const decl = resourceForPath(resource);
  const title = (
    <Group gap="xs">
      <Text fw={600}>{t('resource.tableSelect.title')}</Text>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t(fullScreen ? 'resource.exitFullScreen' : 'resource.fullScreen')}
        onClick={() => setFullScreen((value) => !value)}
      >
        {fullScreen ? <IconArrowsMinimize size={16} /> : <IconArrowsMaximize size={16} />}
      </ActionIcon>
    </Group>
  );
  return (
    <Modal opened={opened} onClose={onClose} size={TABLE_SELECT_DIALOG_WIDTH} fullScreen={fullScreen} title={title}>
      {decl ? (
        <TableSelectBody decl={decl} endpoint={resource} single={single} onConfirm={onConfirm} onCancel={onClose} />
      ) : (
        <Text c="red">{t('resource.notDeclared', { path: resource })}</Text>
      )}
    </Modal>
  );
}
