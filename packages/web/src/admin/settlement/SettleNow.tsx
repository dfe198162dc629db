import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { api } from '../../api/client';
import '../../i18n/backoffice';

/** What POST /Admin/order_settlement_handle answers. */
export interface SettleRun {
  settlement_no: string;
  settled: number;
  settlement_money: string;
  commission_money: string;
}

/** The admin's manual settlement: settles every due order and shows what the run did. */
export function SettleNow({ onSettled }: { onSettled: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'settle' });
  const [busy, setBusy] = useState(false);
  const [run, setRun] = useState<SettleRun | null>(null);

  const settle = async () => {
    setBusy(true);
    try {
      const answer = await api.post<SettleRun>('/Admin/order_settlement_handle');
      setRun(answer);
      if (answer.settled > 0) onSettled();
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
      <div>
        <Text size="sm" c="dimmed">
          {t('settleNowHint')}
        </Text>
        {run ? (
          <Alert mt="xs" color={run.settled > 0 ? 'green' : 'gray'} data-testid="settle-result">
            {run.settled > 0
              ? t('result', { no: run.settlement_no, count: run.settled, money: run.settlement_money, commission: run.commission_money })
              : t('nothingDue')}
          </Alert>
        ) : null}
      </div>
      <Button leftSection={<IconCoins size={16} />} loading={busy} onClick={() => void settle()} style={{ flexShrink: 0 }}>
        {t('settleNow')}
      </Button>
    </Group>
  );
}
