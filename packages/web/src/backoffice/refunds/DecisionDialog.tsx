// One decision on an after-sales request, in a dialog named after it: agree (a confirmation), refuse (a required
// reason), confirm the returned goods (a confirmation), arbitrate (agree or close, with a required remark), close
// (the admin's, with a required remark). The server's refusal (already decided, another store's request) stays in the
// dialog in the page's language.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { REFUND_REMARK_MAX } from '@qshop/shared/schemas/aftersales';
import { api, ApiError } from '../../api/client';
import { formatMoney } from '../../resource/cells/values';
import { notifySuccess } from '../../utils/notify';
import type { BackOfficeArea, RefundAction } from './refundsModel';

export type Deciding = { action: RefundAction; refund: { id: number; refund_no: string; refund_type: number; refund_money: string } };

const REMARK: Partial<Record<RefundAction, string>> = { refuse: 'refuse_remark', arbitrate: 'admin_remark', close: 'admin_remark' };

export function DecisionDialog({ area, deciding, onClose, onDone }: { area: BackOfficeArea; deciding: Deciding | null; onClose: () => void; onDone: () => void }) {
  const { t: tb } = useTranslation(undefined, { keyPrefix: 'aftersales.backoffice' });
  const [remark, setRemark] = useState('');
  const [decision, setDecision] = useState<'agree' | 'close'>('agree');
  const [refusal, setRefusal] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!deciding) return null;
  const { action, refund } = deciding;
  const remarkField = REMARK[action];
  const money = formatMoney(refund.refund_money);
  const submit = async () => {
    setBusy(true);
    setRefusal(undefined);
    const body: Record<string, string> = remarkField ? { [remarkField]: remark.trim() } : {};
    if (action === 'arbitrate') body.decision = decision;
    try {
      await api.put(`/${area}/refunds/${refund.id}/${action}`, body);
      notifySuccess(tb(`done.${action === 'arbitrate' ? decision : action}`));
      onDone();
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setRefusal((remarkField && err.fieldErrors[remarkField]) || err.message || undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={tb(`title.${action}`, { no: refund.refund_no })}>
      <Stack gap="sm" data-testid="decision-dialog">
        {action === 'agree' && <Text size="sm">{tb(`agreeText.${refund.refund_type}`, { money })}</Text>}
        {action === 'confirm' && <Text size="sm">{tb('confirmText', { money })}</Text>}
        {action === 'close' && <Text size="sm">{tb('closeText', { money })}</Text>}
        {action === 'arbitrate' && (
          <SegmentedControl
            value={decision}
            onChange={(v) => setDecision(v as 'agree' | 'close')}
            data={[
              { value: 'agree', label: tb('decision.agree') },
              { value: 'close', label: tb('decision.close') },
            ]}
          />
        )}
        {remarkField && (
          <Textarea
            label={tb(`remark.${action}`)}
            value={remark}
            onChange={(e) => setRemark(e.currentTarget.value)}
            maxLength={REFUND_REMARK_MAX}
            autosize
            minRows={3}
            required
            data-autofocus
          />
        )}
        {refusal && (
          <Alert color="red" data-testid="decision-refusal">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tb('cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={Boolean(remarkField) && !remark.trim()} color={action === 'refuse' || action === 'close' ? 'red' : undefined} data-testid="decision-submit">
            {tb(`submit.${action}`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
