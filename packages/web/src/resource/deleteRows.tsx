import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { api } from '../api/client';
import { notifyError, notifySuccess } from '../utils/notify';

/** The warning confirmation before a delete: true on confirm; cancel or closing does nothing. */
function confirmDelete(t: TFunction): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: t('table.deltit'),
      children: <Text size="sm">{t('table.delmsg')}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onClose: () => resolve(false),
    });
  });
}

/** Deleting rows by id: nothing chosen → msg.selectErr; otherwise confirm, DELETE {endpoint}/{ids}, reload. */
export function useDeleteRows(endpoint: string, onDeleted: () => void) {
  const { t } = useTranslation();
  return async (ids: number[]) => {
    if (ids.length === 0) {
      notifyError(t('msg.selectErr'));
      return;
    }
    if (!(await confirmDelete(t))) return;
    try {
      await api.del(`${endpoint}/${ids.join(',')}`);
      notifySuccess(t('msg.success'));
      onDeleted();
    } catch {
      // the client has shown the refusal
    }
  };
}
