// The shopper's conversation with one store, in a drawer (storefront/chat/ContactStore.tsx opens it): found among the
// shopper's conversations, or started by the first message; the store's answers arrive over the chat socket.
import { Drawer } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatConversation, ChatMessage, ChatServerFrame } from '@qshop/shared/schemas/chat';
import type { ListAnswer } from '@qshop/shared/list';
import { api } from '../api/client';
import { LoadState } from '../seller/catalog/LoadState';
import { useLoad } from '../seller/catalog/useLoad';
import { ChatThread, type ChatPage } from './ChatThread';
import { useChatSocket } from './useChatSocket';

const BASE = '/chat';
/** The shopper's conversations read to find this store's (a shopper talks to fewer stores than this). */
const CONVERSATIONS_READ = 100;

export default function StoreChat({ storeId, storeName, opened, onClose }: { storeId: number; storeName: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'chat' });
  const { state, retry } = useLoad(`chat:store:${storeId}`, () => api.get<ListAnswer<ChatConversation>>(`${BASE}/conversations`, { per_page: CONVERSATIONS_READ }));
  const [conversationId, setConversationId] = useState<number | null>(null);
  const [incoming, setIncoming] = useState<ChatMessage[]>([]);
  const lastId = useRef(0);
  useEffect(() => {
    if (state.status === 'ready') setConversationId(state.data.data.find((c) => c.store.id === storeId)?.id ?? null);
  }, [state, storeId]);

  const onFrame = useCallback((frame: ChatServerFrame) => {
    if (frame.type !== 'message') return;
    lastId.current = Math.max(lastId.current, frame.message.id);
    setIncoming([frame.message]);
  }, []);
  const onReady = useCallback(() => {
    if (conversationId && lastId.current)
      void api.get<ChatPage>(`${BASE}/messages`, { conversation_id: conversationId, after_id: lastId.current }).then((page) => page.data.length && setIncoming(page.data));
  }, [conversationId]);
  useChatSocket(opened ? 'user' : null, onFrame, onReady);

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={t('withStore', { name: storeName })} closeButtonProps={{ 'aria-label': t('close') }}>
      {state.status === 'ready' ? (
        <ChatThread
          key={conversationId ?? 'new'}
          base={BASE}
          conversationId={conversationId}
          target={{ to_type: 'store', to_id: storeId }}
          mySide={1}
          incoming={incoming}
          onStarted={setConversationId}
        />
      ) : (
        <LoadState state={state} onRetry={retry} keyPrefix="chat" />
      )}
    </Drawer>
  );
}
