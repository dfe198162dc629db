// /Seller/chats (客服聊天): the store's conversations with their unread counts, the chosen one's history (older pages
// by id) and a box to answer; new messages and read receipts arrive over the chat socket, and after a reconnect the
// open conversation reads what it missed by id (docs/chat.md).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, Group, ScrollArea, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import type { ChatConversation, ChatMessage, ChatServerFrame } from '@qshop/shared/schemas/chat';
import type { ListAnswer } from '@qshop/shared/list';
import { api } from '../../api/client';
import { getToken } from '../../auth/session';
import { LoadState } from '../../seller/catalog/LoadState';
import { useLoad } from '../../seller/catalog/useLoad';
import { useChatSocket } from './useChatSocket';
import '../../i18n/backoffice';

const BASE = '/Seller/chats';
type Page = { data: ChatMessage[]; has_more: boolean };

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

function Thread({ conversation, incoming, onRead }: { conversation: ChatConversation; incoming: ChatMessage[]; onRead: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'chat' });
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const { state, retry } = useLoad(`chat:${conversation.id}`, () => api.get<Page>(`${BASE}/messages`, { conversation_id: conversation.id }));
  useEffect(() => {
    if (state.status !== 'ready') return;
    setMessages(state.data.data);
    setHasMore(state.data.has_more);
    void api.put(`${BASE}/conversations/${conversation.id}/read`).then(onRead);
  }, [state]);
  useEffect(() => {
    const mine = incoming.filter((m) => m.conversation_id === conversation.id);
    if (!mine.length) return;
    setMessages((old) => {
      const known = new Set(old.map((m) => m.id));
      return [...old, ...mine.filter((m) => !known.has(m.id))].sort((a, b) => a.id - b.id);
    });
    void api.put(`${BASE}/conversations/${conversation.id}/read`).then(onRead);
  }, [incoming]);

  const older = async () => {
    const page = await api.get<Page>(`${BASE}/messages`, { conversation_id: conversation.id, before_id: messages[0]?.id });
    setMessages((old) => [...page.data, ...old]);
    setHasMore(page.has_more);
  };
  const send = async () => {
    const content = draft.trim();
    if (!content) return;
    setSending(true);
    try {
      const to = conversation.user.guest_id ? { to_type: 'guest', to_id: conversation.user.guest_id } : { to_type: 'user', to_id: conversation.user.id };
      const message = await api.post<ChatMessage>(`${BASE}/messages`, { ...to, content_type: 'text', content, client_msg_id: crypto.randomUUID() });
      setMessages((old) => (old.some((m) => m.id === message.id) ? old : [...old, message]));
      setDraft('');
    } finally {
      setSending(false);
    }
  };

  if (state.status !== 'ready') return <LoadState state={state} onRetry={retry} keyPrefix="chat" />;
  return (
    <Stack gap="sm" h="100%">
      <ScrollArea h={420} type="auto">
        <Stack gap="xs" p="xs" data-testid="chat-messages">
          {hasMore && (
            <Button variant="subtle" size="xs" onClick={() => void older()}>
              {t('older')}
            </Button>
          )}
          {messages.length === 0 && <Text c="dimmed" size="sm">{t('noMessages')}</Text>}
          {messages.map((m) => (
            <Group key={m.id} justify={m.sender_side === 2 ? 'flex-end' : 'flex-start'}>
              <Card withBorder padding="xs" maw="75%" bg={m.sender_side === 2 ? 'var(--mantine-color-blue-light)' : undefined}>
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

export default function ChatPage() {
  const { t } = useTranslation(undefined, { keyPrefix: 'chat' });
  const [reloads, setReloads] = useState(0);
  const { state, retry } = useLoad(`chat:list:${reloads}`, () => api.get<ListAnswer<ChatConversation>>(`${BASE}/conversations`, { per_page: 100 }));
  const [chosen, setChosen] = useState<number | null>(null);
  const [incoming, setIncoming] = useState<ChatMessage[]>([]);
  const lastId = useRef(0);
  const refresh = useCallback(() => setReloads((n) => n + 1), []);

  const onFrame = useCallback((frame: ChatServerFrame) => {
    if (frame.type !== 'message') return;
    lastId.current = Math.max(lastId.current, frame.message.id);
    setIncoming([frame.message]);
    refresh();
  }, [refresh]);
  const onReady = useCallback(() => {
    // Back after a drop: the list and the open conversation read what was missed.
    refresh();
    if (chosen && lastId.current)
      void api.get<Page>(`${BASE}/messages`, { conversation_id: chosen, after_id: lastId.current }).then((page) => page.data.length && setIncoming(page.data));
  }, [refresh, chosen]);
  const live = useChatSocket(getToken('seller'), onFrame, onReady);

  // A reload keeps the list shown until its answer comes (the open conversation stays open).
  const [list, setList] = useState<ChatConversation[] | null>(null);
  useEffect(() => {
    if (state.status === 'ready') setList(state.data.data);
  }, [state]);
  const conversations = list ?? [];
  const current = conversations.find((c) => c.id === chosen) ?? null;
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Card withBorder padding="xs" w={280} maw="100%">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{t('conversations')}</Text>
          <Badge color={live ? 'green' : 'gray'} variant="light">{live ? t('live') : t('offline')}</Badge>
        </Group>
        {list === null ? (
          <LoadState state={state} onRetry={retry} keyPrefix="chat" />
        ) : conversations.length === 0 ? (
          <Text c="dimmed" size="sm">{t('empty')}</Text>
        ) : (
          <Stack gap={4} data-testid="chat-conversations">
            {conversations.map((c) => (
              <UnstyledButton key={c.id} onClick={() => setChosen(c.id)} p="xs" bg={c.id === chosen ? 'var(--mantine-color-gray-light)' : undefined} aria-current={c.id === chosen}>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={500} truncate>{c.user.guest_id ? t('visitor', { id: c.user.guest_id.slice(1, 7) }) : c.user.nickname}</Text>
                  {c.unread > 0 && <Badge color="red" aria-label={t('unread', { count: c.unread })}>{c.unread}</Badge>}
                </Group>
                <Text size="xs" c="dimmed" truncate>{c.last_message?.content_type === 'text' ? c.last_message.content : c.last_message ? t(c.last_message.content_type === 'image' ? 'picture' : 'goodsCard') : ''}</Text>
              </UnstyledButton>
            ))}
          </Stack>
        )}
      </Card>
      <Card withBorder padding="sm" style={{ flex: 1, minWidth: 280 }}>
        {current ? <Thread key={current.id} conversation={current} incoming={incoming} onRead={refresh} /> : <Text c="dimmed">{t('pick')}</Text>}
      </Card>
    </Group>
  );
}
