// The confirmation page's request bodies: the lines from the page address, the chosen address and each store's
// remark (blank remarks left out, as the server stores none for them), and the coupons picked.
import type { BeforeParams } from './orderParams';

/** The coupons the shopper picked: per store a received coupon's id (0 none) and the platform's; a store left out,
 *  or no platform pick, takes the server's best. */
export type CouponPicks = { stores: Readonly<Record<number, number>>; platform?: number };

function couponFields(picks: CouponPicks) {
  const stores = Object.entries(picks.stores).map(([storeId, couponId]) => ({ store_id: Number(storeId), coupon_id: couponId }));
  return { ...(stores.length ? { store_coupons: stores } : {}), ...(picks.platform === undefined ? {} : { platform_coupon_id: picks.platform }) };
}

export function previewBody(params: BeforeParams, addressId: number | null, picks: CouponPicks = { stores: {} }) {
  return { order: params.order, ifcart: params.ifcart, ...(addressId ? { address_id: addressId } : {}), ...couponFields(picks) };
}

export function createBody(params: BeforeParams, addressId: number, remarks: Readonly<Record<number, string>>, picks: CouponPicks = { stores: {} }) {
  const written = Object.entries(remarks)
    .map(([storeId, remark]) => ({ store_id: Number(storeId), remark: remark.trim() }))
    .filter((r) => r.remark !== '');
  return { ...previewBody(params, addressId, picks), ...(written.length ? { remarks: written } : {}) };
}
