// The confirmation page's request bodies: the lines from the page address, the chosen address and each store's
// remark (blank remarks left out, as the server stores none for them).
import type { BeforeParams } from './orderParams';

export function previewBody(params: BeforeParams, addressId: number | null) {
  return { order: params.order, ifcart: params.ifcart, ...(addressId ? { address_id: addressId } : {}) };
}

export function createBody(params: BeforeParams, addressId: number, remarks: Readonly<Record<number, string>>) {
  const written = Object.entries(remarks)
    .map(([storeId, remark]) => ({ store_id: Number(storeId), remark: remark.trim() }))
    .filter((r) => r.remark !== '');
  return { ...previewBody(params, addressId), ...(written.length ? { remarks: written } : {}) };
}
