// One conversation, for either side (docs/chat.md): its newest messages, older pages by id, what arrives over the
// socket (`incoming`), and a box to write. A conversation not started yet (`conversationId` null: a shopper's first
// words to a store) shows no history; its first message starts it (`onStarted`, after which the caller shows the
// started conversation).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Group, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import type { ChatMessage } from '@qshop/shared/schemas/chat';
import { api } from '../api/client';
import { LoadState } from '../seller/catalog/LoadState';
import { useLoad } from '../seller/catalog/useLoad';
import '../i18n/backoffice';

export type ChatPage = { data: ChatMessage[]; has_more: boolean };
/** Whom a message of this side goes to (POST .../messages). */
export type ChatTarget = { to_type: 'store' | 'user' | 'guest'; to_id: number | string };

function MessageBody({ message }: { message: ChatMessage }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'chat' });
  if (message.content_type === 'text') return <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message.content}</Text>;
  if (message.content_type === 'image') return <img src={message.content} alt={t('picture')} style={{ maxWidth: 200, maxHeight: 200 }} />;
  const card = message.card;
  if (!card) return <Text size="sm" c="dimmed">{t('cardGone')}</Text>;
  return card.kind === 'goods' ? (
    <Group gap="xs" wrap="nowrap">
      <img src={card.goods_master_image} alt="" width={48} height={48} />
      <Stack gap={0}>
        <Text size="xs" c="dimmed">{t('goodsCard')}</Text>
        <Text size="sm">{card.goods_name}</Text>
        <Text size="sm">¥{card.goods_price}</Text>
      </Stack>
    </Group>
  ) : (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">{t('orderCard', { no: card.order_no })}</Text>
      <Text size="sm">{card.order_name}</Text>
      <Text size="sm">¥{card.total_price}</Text>
    </Stack>
  );
}

interface ChatThreadProps {
  /** the side's routes: /Seller/chats or /chat */
  base: string;
  conversationId: number | null;
  target: ChatTarget;
  /** the reader's side: 1 shopper or visitor, 2 store */
  mySide: 1 | 2;
  incoming: ChatMessage[];
  onRead?: () => void;
  onStarted?: (conversationId: number) => void;
  height?: number;
}

export function ChatThread({ base, conversationId, target, mySide, incoming, onRead, onStarted, height = 420 }: ChatThreadProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'chat' });
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const { state, retry } = useLoad<ChatPage>(`chat:${base}:${conversationId ?? 'new'}`, () =>
    conversationId ? api.get<ChatPage>(`${base}/messages`, { conversation_id: conversationId }) : Promise.resolve({ data: [], has_more: false }),
  );
  const markRead = () => {
    if (conversationId) void api.put(`${base}/conversations/${conversationId}/read`).then(() => onRead?.());
  };
  useEffect(() => {
    if (state.status !== 'ready') return;
    setMessages(state.data.data);
    setHasMore(state.data.has_more);
    markRead();
  }, [state]);
  useEffect(() => {
    const mine = incoming.filter((m) => m.conversation_id === conversationId);
    if (!mine.length) return;
    setMessages((old) => {
      const known = new Set(old.map((m) => m.id));
      return [...old, ...mine.filter((m) => !known.has(m.id))].sort((a, b) => a.id - b.id);
    });
    markRead();
  }, [incoming]);

  const older = async () => {
    const page = await api.get<ChatPage>(`${base}/messages`, { conversation_id: conversationId, before_id: messages[0]?.id });
    setMessages((old) => [...page.data, ...old]);
    setHasMore(page.has_more);
  };
  const send = async () => {
    const content = draft.trim();
    if (!content) return;
    setSending(true);
    try {
      const message = await api.post<ChatMessage>(`${base}/messages`, { ...target, content_type: 'text', content, client_msg_id: crypto.randomUUID() });
      setMessages((old) => (old.some((m) => m.id === message.id) ? old : [...old, message]));
      setDraft('');
      if (!conversationId) onStarted?.(message.conversation_id);
    } finally {
      setSending(false);
    }
  };

  if (state.status !== 'ready') return <LoadState state={state} onRetry={retry} keyPrefix="chat" />;
  return (
    <Stack gap="sm" h="100%">
      <ScrollArea h={height} type="auto">
        <Stack gap="xs" p="xs" data-testid="chat-messages">
          {hasMore && (
            <Button variant="subtle" size="xs" onClick={() => void older()}>
              {t('older')}
            </Button>
          )}
          {messages.length === 0 && <Text c="dimmed" size="sm">{t('noMessages')}</Text>}
          {messages.map((m) => (
            <Group key={m.id} justify={m.sender_side === mySide ? 'flex-end' : 'flex-start'}>
              <Card withBorder padding="xs" maw="75%" bg={m.sender_side === mySide ? 'var(--mantine-color-blue-light)' : undefined} data-testid="chat-message">
                <MessageBody message={m} />
                <Text size="xs" c="dimmed">{new Date(m.created_at).toLocaleString()}</Text>
              </Card>
            </Group>
          ))}
        </Stack>
      </ScrollArea>
      <Group align="flex-end" wrap="nowrap">
        <Textarea
          style={{ flex: 1 }}
          aria-label={t('placeholder')}
          placeholder={t('placeholder')}
          value={draft}
          maxLength={1000}
          autosize
          minRows={2}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <Button onClick={() => void send()} loading={sending} disabled={!draft.trim()}>
          {t('send')}
        </Button>
      </Group>
    </Stack>
  );
}
