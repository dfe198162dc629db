// One conversation, for either side (docs/chat.md): its newest messages, older pages by id, what arrives over the
// socket (`incoming`), and a box to write text or send a picture. A conversation not started yet (`conversationId`
// null: a shopper's or visitor's first words to a store) shows no history; its first message starts it (`onStarted`,
// after which the caller shows the started conversation). A page about a goods or an order offers to send its card.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, Card, FileButton, Group, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { ChatContentType, ChatMessage } from '@qshop/shared/schemas/chat';
import { api, type RequestOptions } from '../api/client';
import { uploadFile } from '../resource/upload';
import { useFileUpload } from '../resource/useFileUpload';
import { LoadState } from '../seller/catalog/LoadState';
import { useLoad } from '../seller/catalog/useLoad';
import { formatSiteTime } from '../utils/siteTime';
import '../i18n/backoffice';

export type ChatPage = { data: ChatMessage[]; has_more: boolean };
/** Whom a message of this side goes to (POST .../messages). */
export type ChatTarget = { to_type: 'store' | 'user' | 'guest'; to_id: number | string };
/** A card the page offers to send: the goods shown or the order open, named in the offer. */
export type ChatOffer = { content_type: Extract<ChatContentType, 'goods' | 'order'>; id: number; title: string };
/** The folder chat pictures are uploaded to (docs/uploads.md). */
const PICTURE_FOLDER = 'chat';

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
  /** how this side's requests are sent (a visitor's guest token) */
  options?: RequestOptions;
  /** whether this side may send pictures (a visitor has no uploads) */
  pictures?: boolean;
  offer?: ChatOffer;
}

export function ChatThread({ base, conversationId, target, mySide, incoming, onRead, onStarted, height = 420, options, pictures = true, offer }: ChatThreadProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'chat' });
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const { state, retry } = useLoad<ChatPage>(`chat:${base}:${conversationId ?? 'new'}`, () =>
    conversationId ? api.get<ChatPage>(`${base}/messages`, { conversation_id: conversationId }, options) : Promise.resolve({ data: [], has_more: false }),
  );
  const markRead = () => {
    if (conversationId) void api.put(`${base}/conversations/${conversationId}/read`, undefined, options).then(() => onRead?.());
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
    const page = await api.get<ChatPage>(`${base}/messages`, { conversation_id: conversationId, before_id: messages[0]?.id }, options);
    setMessages((old) => [...page.data, ...old]);
    setHasMore(page.has_more);
  };
  /** Sends one message; true once stored (a refusal has been shown by the client). */
  const send = async (content_type: ChatContentType, content: string): Promise<boolean> => {
    setSending(true);
    try {
      const message = await api.post<ChatMessage>(`${base}/messages`, { ...target, content_type, content, client_msg_id: crypto.randomUUID() }, options);
      setMessages((old) => (old.some((m) => m.id === message.id) ? old : [...old, message]));
      if (!conversationId) onStarted?.(message.conversation_id);
      return true;
    } catch {
      return false;
    } finally {
      setSending(false);
    }
  };
  const sendText = async () => {
    const content = draft.trim();
    if (content && (await send('text', content))) setDraft('');
  };
  const picture = useFileUpload((file) => uploadFile(file, 'image', { name: PICTURE_FOLDER }), (url) => void send('image', url));

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
                <Text size="xs" c="dimmed">{formatSiteTime(m.created_at)}</Text>
              </Card>
            </Group>
          ))}
        </Stack>
      </ScrollArea>
      {offer && (
        <Paper withBorder p="xs" data-testid="chat-offer">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" truncate>{offer.title}</Text>
            <Button size="xs" variant="light" disabled={sending} onClick={() => void send(offer.content_type, String(offer.id))}>
              {t(offer.content_type === 'goods' ? 'offerGoods' : 'offerOrder')}
            </Button>
          </Group>
        </Paper>
      )}
      <Group align="flex-end" wrap="nowrap">
        {pictures && (
          <FileButton onChange={(file) => void picture.upload(file)} accept="image/png,image/jpeg,image/gif,image/webp">
            {(props) => (
              <ActionIcon {...props} variant="default" size="lg" aria-label={t('sendPicture')} title={t('sendPicture')} loading={picture.uploading} disabled={sending}>
                <IconPhoto size={18} />
              </ActionIcon>
            )}
          </FileButton>
        )}
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
              void sendText();
            }
          }}
        />
        <Button onClick={() => void sendText()} loading={sending} disabled={!draft.trim()}>
          {t('send')}
        </Button>
      </Group>
    </Stack>
  );
}
