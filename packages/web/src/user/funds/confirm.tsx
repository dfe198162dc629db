// A confirmation dialog (the shared modals manager), answering whether it was confirmed.
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export function confirmDialog(opts: { title: string; message: string; confirm: string; cancel: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: opts.title,
      children: <Text size="sm">{opts.message}</Text>,
      labels: { confirm: opts.confirm, cancel: opts.cancel },
      confirmProps: opts.danger ? { color: 'red' } : undefined,
      onConfirm: () => resolve(true),
      onClose: () => resolve(false),
    });
  });
}
