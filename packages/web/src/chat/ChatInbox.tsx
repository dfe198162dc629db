// A side's conversations (docs/chat.md) with their unread counts beside the chosen one's thread; new messages and read
// receipts arrive over the chat socket, and after a reconnect the list and the open conversation read what they
// missed by id. The store's 客服聊天 and the shopper's 我的消息 are this page with their own routes and names.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ChatConversation, ChatMessage, ChatServerFrame } from '@qshop/shared/schemas/chat';
import type { ListAnswer } from '@qshop/shared/list';
import { api } from '../api/client';
import { LoadState } from '../seller/catalog/LoadState';
import { useLoad } from '../seller/catalog/useLoad';
import { ChatThread, type ChatPage, type ChatTarget } from './ChatThread';
import { useChatSocket } from './useChatSocket';

export interface ChatSide {
  base: string;
  area: 'seller' | 'user';
  mySide: 1 | 2;
  /** the other side's name in the list */
  peerName: (conversation: ChatConversation, t: (key: string, options?: Record<string, unknown>) => string) => string;
  target: (conversation: ChatConversation) => ChatTarget;
}

const CARD_LABELS = { image: 'picture', goods: 'goodsCard', order: 'orderCardShort' } as const;

/** The list's line under a conversation: the last text, or what kind of message it was. */
function lastMessageText(c: ChatConversation, t: (key: string) => string): string {
  const last = c.last_message;
  if (!last) return '';
  return last.content_type === 'text' ? last.content : t(CARD_LABELS[last.content_type]);
}

export function ChatInbox({ side }: { side: ChatSide }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'chat' });
  const [reloads, setReloads] = useState(0);
  const { state, retry } = useLoad(`chat:list:${side.base}:${reloads}`, () => api.get<ListAnswer<ChatConversation>>(`${side.base}/conversations`, { per_page: 100 }));
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
      void api.get<ChatPage>(`${side.base}/messages`, { conversation_id: chosen, after_id: lastId.current }).then((page) => page.data.length && setIncoming(page.data));
  }, [refresh, chosen, side.base]);
  const live = useChatSocket(side.area, onFrame, onReady);

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
                  <Text size="sm" fw={500} truncate>{side.peerName(c, t)}</Text>
                  {c.unread > 0 && <Badge color="red" aria-label={t('unread', { count: c.unread })}>{c.unread}</Badge>}
                </Group>
                <Text size="xs" c="dimmed" truncate>{lastMessageText(c, t)}</Text>
              </UnstyledButton>
            ))}
          </Stack>
        )}
      </Card>
      {conversations.length > 0 && (
        <Card withBorder padding="sm" style={{ flex: 1, minWidth: 280 }}>
          {current ? (
            <ChatThread key={current.id} base={side.base} conversationId={current.id} target={side.target(current)} mySide={side.mySide} incoming={incoming} onRead={refresh} />
          ) : (
            <Text c="dimmed">{t('pick')}</Text>
          )}
        </Card>
      )}
    </Group>
  );
}
