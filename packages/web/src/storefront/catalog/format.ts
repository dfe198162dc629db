// Money on the storefront: the server's two-decimal strings behind the yuan sign, never recomputed.
const YUAN = '￥';

export function yuan(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? '-' : `${YUAN}${value}`;
}

/** One price, or "￥min - ￥max" when they differ. */
export function yuanRange(range: { min: string; max: string }): string {
  return range.min === range.max ? yuan(range.min) : `${yuan(range.min)} - ${yuan(range.max)}`;
}
