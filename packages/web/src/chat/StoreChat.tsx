// A shopper's or a visitor's conversation with one store, in a drawer (storefront/chat/ContactStore.tsx opens it):
// found among the reader's conversations, or started by the first message; the store's answers arrive over the chat
// socket. A visitor chats under its guest token (chat/guestToken.ts), without pictures or order cards, and is offered
// to log in.
import { Anchor, Drawer, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { ChatConversation, ChatMessage, ChatServerFrame } from '@qshop/shared/schemas/chat';
import type { ListAnswer } from '@qshop/shared/list';
import { api, type RequestOptions } from '../api/client';
import { loginReturningTo } from '../router/returnTo';
import { LoadState } from '../seller/catalog/LoadState';
import { useLoad } from '../seller/catalog/useLoad';
import { ChatThread, type ChatOffer, type ChatPage } from './ChatThread';
import { asGuest, guestToken } from './guestToken';
import { useChatSocket } from './useChatSocket';

const BASE = '/chat';
/** The reader's conversations read to find this store's (a shopper talks to fewer stores than this). */
const CONVERSATIONS_READ = 100;

interface StoreChatProps {
  storeId: number;
  storeName: string;
  opened: boolean;
  onClose: () => void;
  /** a visitor (no storefront session) */
  guest: boolean;
  offer?: ChatOffer;
}

export default function StoreChat({ storeId, storeName, opened, onClose, guest, offer }: StoreChatProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'chat' });
  const { pathname, search } = useLocation();
  const { state, retry } = useLoad(`chat:store:${storeId}:${guest}`, async () => {
    const token = guest ? await guestToken() : null;
    const options: RequestOptions = token ? asGuest(token) : {};
    const conversations = await api.get<ListAnswer<ChatConversation>>(`${BASE}/conversations`, { per_page: CONVERSATIONS_READ }, options);
    return { token, options, conversations: conversations.data };
  });
  const [conversationId, setConversationId] = useState<number | null>(null);
  const [incoming, setIncoming] = useState<ChatMessage[]>([]);
  const lastId = useRef(0);
  const ready = state.status === 'ready' ? state.data : null;
  useEffect(() => {
    if (ready) setConversationId(ready.conversations.find((c) => c.store.id === storeId)?.id ?? null);
  }, [ready, storeId]);

  const onFrame = useCallback((frame: ChatServerFrame) => {
    if (frame.type !== 'message') return;
    lastId.current = Math.max(lastId.current, frame.message.id);
    setIncoming([frame.message]);
  }, []);
  const onReady = useCallback(() => {
    if (ready && conversationId && lastId.current)
      void api
        .get<ChatPage>(`${BASE}/messages`, { conversation_id: conversationId, after_id: lastId.current }, ready.options)
        .then((page) => page.data.length && setIncoming(page.data));
  }, [ready, conversationId]);
  useChatSocket(!opened || !ready ? null : ready.token ? { guestToken: ready.token } : 'user', onFrame, onReady);

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={t('withStore', { name: storeName })} closeButtonProps={{ 'aria-label': t('close') }}>
      {ready ? (
        <Stack gap="xs">
          {guest && (
            <Text size="sm" c="dimmed" data-testid="chat-as-visitor">
              {t('asVisitor')}{' '}
              <Anchor component={Link} to={loginReturningTo(`${pathname}${search}`)} size="sm">
                {t('logInForMore')}
              </Anchor>
            </Text>
          )}
          <ChatThread
            key={conversationId ?? 'new'}
            base={BASE}
            conversationId={conversationId}
            target={{ to_type: 'store', to_id: storeId }}
            mySide={1}
            incoming={incoming}
            onStarted={setConversationId}
            options={ready.options}
            pictures={!guest}
            offer={guest && offer?.content_type === 'order' ? undefined : offer}
          />
        </Stack>
      ) : (
        <LoadState state={state} onRetry={retry} keyPrefix="chat" />
      )}
    </Drawer>
  );
}
