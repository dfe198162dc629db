// /user/chats (我的消息): the shopper's conversations with stores (chat/ChatInbox.tsx).
import { ChatInbox, type ChatSide } from '../../chat/ChatInbox';

const SHOPPER_SIDE: ChatSide = {
  base: '/chat',
  area: 'user',
  mySide: 1,
  peerName: (c) => c.store.store_name,
  target: (c) => ({ to_type: 'store', to_id: c.store.id }),
};

export default function UserChatsPage() {
  return <ChatInbox side={SHOPPER_SIDE} />;
}
