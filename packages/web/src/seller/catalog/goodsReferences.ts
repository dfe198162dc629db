// What the goods form chooses from: the platform's brands, the categories the store may sell in, the store's
// attributes with their specs and its freight templates.
import { useCallback } from 'react';
import type { DictOption } from '@qshop/shared';
import { api } from '../../api/client';
import { rowsOf, toDictOptions } from '../../resource/dict';
import type { Attr } from './skuMatrix';
import { useLoad } from './useLoad';

export interface GoodsReferences {
  brands: DictOption[];
  /** The category tree cut down to the store's categories */
  classes: DictOption[];
  attrs: Attr[];
  /** The store's freight templates (besides "store default" and "free shipping") */
  freights: DictOption[];
}

/** GET /Seller/goods_attrs rows: the attribute and its specs (`spec_list`). */
export function attrsOf(answer: unknown): Attr[] {
  return rowsOf(answer).map((row) => ({
    id: Number(row.id),
    name: String(row.name ?? ''),
    specs: rowsOf(row.spec_list).map((spec) => ({ id: Number(spec.id), name: String(spec.name ?? '') })),
  }));
}

const loadAttrs = () => api.get<unknown>('/Seller/goods_attrs', { isAll: 1 }).then(attrsOf);

async function loadReferences(): Promise<GoodsReferences> {
  const [brands, classes, attrs, freights] = await Promise.all([
    api.get<unknown>('/Seller/goods_brands', { isAll: 1 }).then((answer) => toDictOptions(answer, 'name', 'id')),
    api.get<unknown>('/Seller/store_classes').then((answer) => toDictOptions(answer, 'name', 'id')),
    loadAttrs(),
    // The templates are a choice among others: the form works without them.
    api.get<unknown>('/Seller/freights', { isAll: 1 }).then(
      (answer) => toDictOptions(answer, 'name', 'id').filter((option) => Number(option.value) > 0),
      () => [],
    ),
  ]);
  return { brands, classes, attrs, freights };
}

export function useGoodsReferences() {
  const { state, retry, replace } = useLoad('goods-references', loadReferences);
  /** The attributes again (after the seller added some on the attributes page). */
  const reloadAttrs = useCallback(async () => {
    if (state.status !== 'ready') return;
    replace({ ...state.data, attrs: await loadAttrs() });
  }, [state, replace]);
  return { state, retry, reloadAttrs };
}
