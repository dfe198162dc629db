// /Seller/order_comments (own store) and /Admin/order_comments (every store): the generic review list, with a reply
// dialog per row (PUT /api/{Seller|Admin}/order_comments/{id} {reply}).
import { ActionIcon, Button, Group, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconMessageReply } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { REPLY_TEXT_MAX } from '@qshop/shared/reviewRules';
import { api, ApiError } from '../../api/client';
import ResourcePage from '../../resource/ResourcePage';
import type { Row } from '../../resource/types';
import { notifySuccess } from '../../utils/notify';

type Replying = { row: Row; reload: () => void };

function ReplyDialog({ endpoint, replying, onClose }: { endpoint: string; replying: Replying | null; onClose: () => void }) {
  const { t: tr } = useTranslation(undefined, { keyPrefix: 'reviews' });
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const row = replying?.row;
  const save = async () => {
    if (!replying) return;
    setSaving(true);
    setError(undefined);
    try {
      await api.put(`${endpoint}/${replying.row.id}`, { reply });
      notifySuccess(tr('backoffice.replied'));
      replying.reload();
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(err.fieldErrors.reply);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened={replying !== null} onClose={onClose} title={tr('backoffice.replyTitle')} size="lg">
      {row && (
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {String(row.goods_name ?? '')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="replying-to">
            {String(row.content || tr('noContent'))}
          </Text>
          {typeof row.reply === 'string' && row.reply && (
            <Text size="xs" c="dimmed">
              {tr('backoffice.previous')}: {row.reply}
            </Text>
          )}
          <Textarea
            label={tr('backoffice.replyLabel')}
            placeholder={tr('backoffice.replyPlaceholder')}
            value={reply}
            onChange={(e) => setReply(e.currentTarget.value)}
            maxLength={REPLY_TEXT_MAX}
            autosize
            minRows={3}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tr('backoffice.cancel')}
            </Button>
            <Button onClick={() => void save()} loading={saving} disabled={!reply.trim()}>
              {tr('backoffice.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export default function ReviewsPage() {
  const { t: tr } = useTranslation(undefined, { keyPrefix: 'reviews' });
  const { pathname } = useLocation();
  const endpoint = pathname.startsWith('/Admin') ? '/Admin/order_comments' : '/Seller/order_comments';
  const [replying, setReplying] = useState<Replying | null>(null);
  const action = (row: Row, reload: () => void) => (
    <Tooltip label={tr('backoffice.reply')}>
      <ActionIcon variant="subtle" color="blue" aria-label={tr('backoffice.replyTo', { name: String(row.goods_name ?? row.id) })} onClick={() => setReplying({ row, reload })}>
        <IconMessageReply size={16} />
      </ActionIcon>
    </Tooltip>
  );
  return (
    <>
      <ResourcePage rowExtras={action} />
      {/* a new dialog per review: its text starts empty */}
      <ReplyDialog key={replying?.row.id ?? 0} endpoint={endpoint} replying={replying} onClose={() => setReplying(null)} />
    </>
  );
}
