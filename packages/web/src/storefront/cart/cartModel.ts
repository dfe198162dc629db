// The cart page's selection and totals. Only lines that can be bought as they are (state 'ok') can be selected; the
// total is the sum of the selected lines' totals in integer cents; checkout takes the selected lines with their cart
// ids. Money stays the server's strings outside this sum.
import { fromCents, sumCents, timesCents, toCents } from '@qshop/shared/money';
import type { CartLine, CartStore } from '@qshop/shared/schemas/cart';
import type { CheckoutLine } from '../checkoutPath';

export type Selection = ReadonlySet<number>;

export const isSelectable = (line: CartLine) => line.state === 'ok';

const selectableIds = (lines: readonly CartLine[]) => lines.filter(isSelectable).map((l) => l.id);
const allLines = (stores: readonly CartStore[]) => stores.flatMap((s) => s.lines);

/** Every line that can be selected. */
export const selectEverything = (stores: readonly CartStore[]): Selection => new Set(selectableIds(allLines(stores)));

/** The selection kept over a reload: lines still selectable stay selected, lines new to the page start selected. */
export function keepSelection(previous: Selection, before: readonly CartStore[] | undefined, now: readonly CartStore[]): Selection {
  const known = new Set(allLines(before ?? []).map((l) => l.id));
  return new Set(selectableIds(allLines(now)).filter((id) => previous.has(id) || !known.has(id)));
}

export type Checked = boolean | 'some';

/** Whether all, some or none of the selectable lines are selected (false when none can be). */
export function checkedOf(lines: readonly CartLine[], selection: Selection): Checked {
  const ids = selectableIds(lines);
  const chosen = ids.filter((id) => selection.has(id)).length;
  if (!ids.length || !chosen) return false;
  return chosen === ids.length ? true : 'some';
}

/** Selects the lines, or takes them out of the selection. */
export function toggleLines(selection: Selection, lines: readonly CartLine[], on: boolean): Selection {
  const next = new Set(selection);
  for (const id of selectableIds(lines)) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

export function selectedLines(stores: readonly CartStore[], selection: Selection): CartLine[] {
  return allLines(stores).filter((l) => isSelectable(l) && selection.has(l.id));
}

/** The selected lines' total, "12.30". */
export function selectionTotal(stores: readonly CartStore[], selection: Selection): string {
  return fromCents(sumCents(selectedLines(stores, selection).map((l) => toCents(l.line_total))));
}

/** The lines the checkout page receives (ifcart 1). */
export function checkoutLines(stores: readonly CartStore[], selection: Selection): CheckoutLine[] {
  return selectedLines(stores, selection).map((l) => ({ goods_id: l.goods_id, sku_id: l.sku_id, buy_num: l.buy_num, cart_id: l.id }));
}

/** The cart after a line's quantity was saved. */
export function withQuantity(stores: readonly CartStore[], id: number, buyNum: number): CartStore[] {
  return stores.map((s) => ({
    ...s,
    lines: s.lines.map((l) => (l.id === id ? { ...l, buy_num: buyNum, line_total: fromCents(timesCents(toCents(l.goods_price), buyNum)) } : l)),
  }));
}

/** The cart after lines were removed (stores left empty go too). */
export function withoutLines(stores: readonly CartStore[], ids: readonly number[]): CartStore[] {
  const gone = new Set(ids);
  return stores.map((s) => ({ ...s, lines: s.lines.filter((l) => !gone.has(l.id)) })).filter((s) => s.lines.length);
}
