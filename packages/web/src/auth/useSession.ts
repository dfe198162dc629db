import { useSyncExternalStore } from 'react';
import type { Area } from './areas';
import { getToken, getUser, subscribeSession } from './session';

export function useSessionUser(area: Area) {
  return useSyncExternalStore(subscribeSession, () => getUser(area));
}

export function useIsLoggedIn(area: Area) {
  return useSyncExternalStore(subscribeSession, () => Boolean(getToken(area)));
}
