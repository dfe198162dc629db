// 联系客服: the shopper's conversation with a store, in a drawer fetched with its first opening (chat/StoreChat.tsx),
// so the goods and store pages carry none of the chat's code. A visitor logs in first and comes back to the page.
import { Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useIsLoggedIn } from '../../auth/useSession';
import { loginReturningTo } from '../../router/returnTo';

const StoreChat = lazy(() => import('../../chat/StoreChat'));

export function ContactStore({ storeId, storeName }: { storeId: number; storeName: string }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const loggedIn = useIsLoggedIn('user');
  const [drawer, setDrawer] = useState<'closed' | 'open' | 'shut'>('closed');
  const open = () => {
    if (!loggedIn) void navigate(loginReturningTo(`${pathname}${search}`));
    else setDrawer('open');
  };
  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconMessageCircle size={16} />} onClick={open}>
        {tc('store.contact')}
      </Button>
      {drawer !== 'closed' && (
        <Suspense fallback={null}>
          <StoreChat storeId={storeId} storeName={storeName} opened={drawer === 'open'} onClose={() => setDrawer('shut')} />
        </Suspense>
      )}
    </>
  );
}
