import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FileInput, Group, Modal, Text } from '@mantine/core';
import { DIALOG_WIDTH } from '../config';
import { notifyError, notifySuccess } from '../utils/notify';
import { postImportRows, readFirstSheet, type ImportRow } from './importRows';

const XLSX_TYPES = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ImportDialogProps {
  opened: boolean;
  endpoint: string;
  /** Spreadsheet header (field name or translated label) → field name */
  fieldOfHeader: ReadonlyMap<string, string>;
  onClose: () => void;
  onImported: () => void;
}

function ImportBody({ endpoint, fieldOfHeader, onClose, onImported }: Omit<ImportDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [busy, setBusy] = useState(false);

  const choose = async (next: File | null) => {
    setFile(next);
    setRows([]);
    if (!next) return;
    const read = await readFirstSheet(await next.arrayBuffer(), fieldOfHeader).catch(() => []);
    if (read.length === 0) {
      // An empty (or unreadable) sheet clears the file list.
      setFile(null);
      notifyError(t('resource.import.empty'));
      return;
    }
    setRows(read);
  };

  const submit = async () => {
    setBusy(true);
    try {
      await postImportRows(endpoint, rows);
      notifySuccess(t('msg.success'));
      onImported();
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <FileInput
        label={t('resource.import.file')}
        placeholder={t('resource.import.placeholder')}
        accept={XLSX_TYPES}
        value={file}
        onChange={(next) => void choose(next)}
        clearable
      />
      {rows.length ? (
        <Text size="sm" mt="xs">
          {t('resource.import.rows', { count: rows.length })}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void submit()} disabled={rows.length === 0} loading={busy}>
          {t('resource.import.submit')}
        </Button>
      </Group>
    </>
  );
}

/** Excel import: one file, the first sheet's rows posted to {endpoint}/import/excel. */
export function ImportDialog({ opened, ...props }: ImportDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={props.onClose} size={DIALOG_WIDTH} title={t('resource.import.title')}>
      <ImportBody {...props} />
    </Modal>
  );
}
