// The goods search state and its address /s/{params}: params is base64 JSON (utils/base64Params, the format the
// header search box and the category links use). Decoding is forgiving: a broken or foreign value (e.g. the
// category links' `deep`) is dropped, never an error. GET /api/goods takes the same state as plain query fields.
import { GOODS_SORTS, STOREFRONT_MAX_PAGE } from '@qshop/shared/catalogRules';
import { encodeParams } from '../../utils/base64Params';

export type GoodsSort = (typeof GOODS_SORTS)[number];

export interface SearchState {
  keywords?: string;
  /** a category of any level (its level-3 descendants are searched) */
  class_id?: number;
  brand_id?: number;
  store_id?: number;
  price_min?: string;
  price_max?: string;
  sort: GoodsSort;
  page: number;
}

export const DEFAULT_SORT: GoodsSort = 'sales';
export const SEARCH_PER_PAGE = 20;
const KEYWORDS_MAX = 50;
const MONEY = /^\d{1,8}(\.\d{1,2})?$/;

export const emptySearch = (): SearchState => ({ sort: DEFAULT_SORT, page: 1 });

function decodeBase64Json(raw: string): unknown {
  const attempt = (text: string) => {
    const binary = atob(text);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  };
  try {
    return attempt(raw);
  } catch {
    try {
      return attempt(decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
}

const positiveId = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : undefined;
};

const money = (value: unknown): string | undefined => {
  const s = typeof value === 'number' ? String(value) : value;
  return typeof s === 'string' && MONEY.test(s.trim()) ? s.trim() : undefined;
};

/** The state held by an address' params segment (absent or unreadable → the empty search). */
export function decodeSearchParams(raw: string | undefined): SearchState {
  const state = emptySearch();
  if (!raw) return state;
  const value = decodeBase64Json(raw);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return state;
  const v = value as Record<string, unknown>;
  if (typeof v.keywords === 'string' && v.keywords.trim()) state.keywords = v.keywords.trim().slice(0, KEYWORDS_MAX);
  for (const key of ['class_id', 'brand_id', 'store_id'] as const) {
    const id = positiveId(v[key]);
    if (id !== undefined) state[key] = id;
  }
  for (const key of ['price_min', 'price_max'] as const) {
    const amount = money(v[key]);
    if (amount !== undefined) state[key] = amount;
  }
  if (typeof v.sort === 'string' && (GOODS_SORTS as readonly string[]).includes(v.sort)) state.sort = v.sort as GoodsSort;
  const page = positiveId(v.page);
  if (page !== undefined) state.page = Math.min(page, STOREFRONT_MAX_PAGE);
  return state;
}

/** The fields that differ from the empty search, in a fixed order (one state, one address). */
function essentials(state: SearchState): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (state.keywords) out.keywords = state.keywords;
  for (const key of ['class_id', 'brand_id', 'store_id', 'price_min', 'price_max'] as const) {
    if (state[key] !== undefined && state[key] !== '') out[key] = state[key];
  }
  if (state.sort !== DEFAULT_SORT) out.sort = state.sort;
  if (state.page > 1) out.page = state.page;
  return out;
}

/** '/s' for the empty search, else '/s/{base64 params}'. */
export function searchPath(state: SearchState): string {
  const fields = essentials(state);
  return Object.keys(fields).length ? `/s/${encodeParams(fields)}` : '/s';
}

/** A new state with some fields changed; any change but the page starts again at page 1. */
export function refine(state: SearchState, change: Partial<SearchState>): SearchState {
  const next: SearchState = { ...state, page: 1, ...change };
  for (const key of Object.keys(next) as (keyof SearchState)[]) if (next[key] === undefined) delete next[key];
  return next;
}

/** The query of GET /api/goods for a state. */
export function searchQuery(state: SearchState, perPage = SEARCH_PER_PAGE): Record<string, unknown> {
  return { ...essentials(state), sort: state.sort, page: state.page, per_page: perPage };
}
