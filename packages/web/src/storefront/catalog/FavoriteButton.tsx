import { Button } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FAVORITE_TYPE } from '@qshop/shared/catalogRules';
import { api } from '../../api/client';
import { useIsLoggedIn } from '../../auth/useSession';
import { notifySuccess } from '../../utils/notify';

type Kind = (typeof FAVORITE_TYPE)[keyof typeof FAVORITE_TYPE];

/**
 * Favourite a goods (kind 0) or follow a store (kind 1): POST /api/user/favorites toggles and answers the new state.
 * A visitor who is not logged in is sent to /login.
 */
export function FavoriteButton({ kind, outId, initial }: { kind: Kind; outId: number; initial: boolean }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn('user');
  const [active, setActive] = useState(initial);
  const [busy, setBusy] = useState(false);
  useEffect(() => setActive(initial), [initial]);

  const labels = kind === FAVORITE_TYPE.GOODS ? { on: 'fav.goodsOn', off: 'fav.goodsOff', added: 'fav.goodsAdded', removed: 'fav.goodsRemoved' } : { on: 'fav.storeOn', off: 'fav.storeOff', added: 'fav.storeAdded', removed: 'fav.storeRemoved' };

  const toggle = async () => {
    if (!loggedIn) {
      void navigate('/login');
      return;
    }
    setBusy(true);
    try {
      const { is_fav } = await api.post<{ is_fav: boolean }>('/user/favorites', { out_id: outId, is_type: kind });
      setActive(is_fav);
      notifySuccess(tc(is_fav ? labels.added : labels.removed));
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant={active ? 'light' : 'default'}
      color="red"
      leftSection={active ? <IconHeartFilled size={16} /> : <IconHeart size={16} />}
      onClick={() => void toggle()}
      loading={busy}
      aria-pressed={active}
    >
      {tc(active ? labels.on : labels.off)}
    </Button>
  );
}
