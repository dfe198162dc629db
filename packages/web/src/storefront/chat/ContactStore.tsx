// 联系客服: the shopper's or visitor's conversation with a store, in a drawer fetched with its first opening
// (chat/StoreChat.tsx), so the goods, store and order pages carry none of the chat's code. A visitor chats as a guest.
import { Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatOffer } from '../../chat/ChatThread';
import { useIsLoggedIn } from '../../auth/useSession';

const StoreChat = lazy(() => import('../../chat/StoreChat'));

/** `offer`: the goods or order the page shows, which the chat offers to send as a card. */
export function ContactStore({ storeId, storeName, offer }: { storeId: number; storeName: string; offer?: ChatOffer }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const loggedIn = useIsLoggedIn('user');
  const [drawer, setDrawer] = useState<'closed' | 'open' | 'shut'>('closed');
  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconMessageCircle size={16} />} onClick={() => setDrawer('open')}>
        {tc('store.contact')}
      </Button>
      {drawer !== 'closed' && (
        <Suspense fallback={null}>
          <StoreChat storeId={storeId} storeName={storeName} opened={drawer === 'open'} onClose={() => setDrawer('shut')} guest={!loggedIn} offer={offer} />
        </Suspense>
      )}
    </>
  );
}
