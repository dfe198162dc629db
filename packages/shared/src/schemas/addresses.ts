// A shopper's delivery addresses (/api/user/addresses): the request bodies, the limit and the answer.
import { z } from 'zod'
import * as zx from '../zx.ts'
import { areaPath } from './common.ts'

/** Addresses one shopper may keep. */
export const MAX_ADDRESSES = 20

const addressFields = {
  receive_name: zx.text(64, 1),
  receive_tel: zx.phone(),
  /** [province, city, district] area ids: a real path of the areas table */
  area: areaPath(),
  address: zx.text(255, 1),
  /** 1 makes it the default (the first address is the default whatever is sent) */
  is_default: zx.flag(),
}

/** POST /api/user/addresses */
export const addressCreateBody = z.strictObject(addressFields).partial({ is_default: true })
export type AddressCreate = z.infer<typeof addressCreateBody>

/** PUT /api/user/addresses/{id}: any subset. */
export const addressUpdateBody = z.strictObject(addressFields).partial()
export type AddressUpdate = z.infer<typeof addressUpdateBody>

/** One address as the API answers it. */
export type Address = {
  id: number
  receive_name: string
  receive_tel: string
  /** [province, city, district] area ids, the cascader's value */
  area: [number, number, number]
  /** the three names joined by spaces, e.g. "广东省 深圳市 南山区" */
  area_info: string
  address: string
  province_id: number
  city_id: number
  region_id: number
  is_default: 0 | 1
}
