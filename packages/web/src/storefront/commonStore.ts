import { startTransition, useEffect, useState } from 'react';
import { api } from '../api/client';
import type { CommonData } from './types';
import { setSiteZone } from '../utils/siteTime';

const IP_STORAGE_KEY = 'ip';

let data: CommonData | null = null;
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

function load(): Promise<void> {
  pending ??= api
    .get<CommonData>('/common')
    .then((answer) => {
      data = answer;
      setSiteZone(answer.common?.time_zone);
      if (answer.ip && !localStorage.getItem(IP_STORAGE_KEY)) localStorage.setItem(IP_STORAGE_KEY, answer.ip);
      for (const listener of listeners) listener();
    })
    .catch((error: unknown) => {
      pending = null;
      console.error('Loading /common failed:', error);
    });
  return pending;
}

/**
 * The site-wide data once a storefront page has loaded it (null before; never fetches it itself). Its arrival
 * re-renders in a transition, which React splits into short tasks, as the pages' own data does (catalog/useLoad.ts).
 */
export function useLoadedCommonData(): CommonData | null {
  const [current, setCurrent] = useState(data);
  useEffect(() => {
    const listener = () => startTransition(() => setCurrent(data));
    listeners.add(listener);
    // Arrived between this render and now.
    if (data !== current) listener();
    return () => {
      listeners.delete(listener);
    };
    // Subscribes once; `current` is only compared with what has arrived since the first render.
  }, []);
  return current;
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
