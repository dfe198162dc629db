import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Dict, DictOption } from '@qshop/shared';
import { loadDictUrl } from './dict';

export type DictMap = Record<string, DictOption[]>;

/** Inline option labels are i18n keys (a label that is no key shows as it is). */
function translateOptions(options: DictOption[], t: TFunction): DictOption[] {
  return options.map((option) => ({
    ...option,
    label: t(option.label),
    children: option.children && translateOptions(option.children, t),
  }));
}

/** Options of several dictionaries by name: inline ones translated, URL ones fetched (cached per URL). */
export function useDictMap(dicts: Record<string, Dict | undefined>): DictMap {
  const { t } = useTranslation();
  const [fetched, setFetched] = useState<DictMap>({});
  useEffect(() => {
    let live = true;
    for (const [name, dict] of Object.entries(dicts)) {
      if (!dict || Array.isArray(dict)) continue;
      loadDictUrl(dict).then(
        (options) => live && setFetched((current) => ({ ...current, [name]: options })),
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [dicts]);
  return useMemo(() => {
    const out: DictMap = {};
    for (const [name, dict] of Object.entries(dicts)) {
      out[name] = Array.isArray(dict) ? translateOptions(dict, t) : (fetched[name] ?? []);
    }
    return out;
  }, [dicts, fetched, t]);
}
