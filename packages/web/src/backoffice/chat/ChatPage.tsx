// /Seller/chats (客服聊天): the store's side of the chat (chat/ChatInbox.tsx), answering shoppers and visitors.
import { ChatInbox, type ChatSide } from '../../chat/ChatInbox';
import '../../i18n/backoffice';

const STORE_SIDE: ChatSide = {
  base: '/Seller/chats',
  area: 'seller',
  mySide: 2,
  peerName: (c, t) => (c.user.guest_id ? t('visitor', { id: c.user.guest_id.slice(1, 7) }) : c.user.nickname),
  target: (c) => (c.user.guest_id ? { to_type: 'guest', to_id: c.user.guest_id } : { to_type: 'user', to_id: c.user.id }),
};

export default function ChatPage() {
  return <ChatInbox side={STORE_SIDE} />;
}
