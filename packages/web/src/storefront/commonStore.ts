import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../api/client';
import type { CommonData } from './types';

const IP_STORAGE_KEY = 'ip';

let data: CommonData | null = null;
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

function load(): Promise<void> {
  pending ??= api
    .get<CommonData>('/common')
    .then((answer) => {
      data = answer;
      if (answer.ip && !localStorage.getItem(IP_STORAGE_KEY)) localStorage.setItem(IP_STORAGE_KEY, answer.ip);
      for (const listener of listeners) listener();
    })
    .catch((error: unknown) => {
      pending = null;
      console.error('Loading /common failed:', error);
    });
  return pending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The site-wide data once a storefront page has loaded it (null before; never fetches it itself). */
export function useLoadedCommonData(): CommonData | null {
  return useSyncExternalStore(subscribe, () => data);
}

/** Starts loading the site-wide data now (the storefront layout's route loader), once per page load. */
export function startCommonData() {
  if (!data) void load();
}

/** Site-wide storefront data (categories, brands, site config), fetched once per page load. */
export function useCommonData(): CommonData | null {
  const current = useLoadedCommonData();
  useEffect(() => {
    if (!data) void load();
  }, []);
  return current;
}
