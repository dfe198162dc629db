import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Stack, Textarea } from '@mantine/core';

interface ReasonFormProps {
  label: string;
  confirmText: string;
  loading: boolean;
  /** Checks the reason; answers a message to show, or null to send it. */
  validate: (reason: string) => string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** The reason a reviewer gives when refusing (goods rejected, store application denied). */
export function ReasonForm({ label, confirmText, loading, validate, onConfirm, onCancel }: ReasonFormProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const trimmed = reason.trim();
    const message = validate(trimmed);
    if (message) setError(message);
    else onConfirm(trimmed);
  };
  return (
    <Stack gap="xs">
      <Textarea
        label={label}
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setError(null);
        }}
        error={error}
        maxLength={255}
        autosize
        minRows={2}
        data-autofocus
      />
      <Group gap="sm">
        <Button color="red" loading={loading} onClick={confirm}>
          {confirmText}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
