// The seller's store settings (GET and PUT /Seller/stores): form values from the answer, the body checked with the
// shared schema before it is sent.
import { storeSettingsBody } from '@qshop/shared/schemas/catalog';
import { validateInput, type FieldErrors } from '../../resource/validation';

export interface StoreSettingsValues {
  store_logo: string;
  store_name: string;
  store_description: string;
  store_mobile: string;
  after_sale_service: string;
  store_face_image: string;
  /** [province, city, district] ids; [] when not set */
  area: number[];
  store_lat: string;
  store_lng: string;
  store_address: string;
  store_slide: string[];
  store_mobile_slide: string[];
}

/** The answer of GET /Seller/stores: the settings and the store's review state. */
export type StoreSettingsAnswer = Partial<Record<keyof StoreSettingsValues, unknown>> & {
  id: number;
  store_verify?: number;
  store_status?: number;
  store_refuse_info?: string | null;
  area_info?: string | null;
};

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

export function settingsValues(answer: StoreSettingsAnswer): StoreSettingsValues {
  return {
    store_logo: text(answer.store_logo),
    store_name: text(answer.store_name),
    store_description: text(answer.store_description),
    store_mobile: text(answer.store_mobile),
    after_sale_service: text(answer.after_sale_service),
    store_face_image: text(answer.store_face_image),
    area: Array.isArray(answer.area) ? answer.area.map(Number) : [],
    store_lat: text(answer.store_lat),
    store_lng: text(answer.store_lng),
    store_address: text(answer.store_address),
    store_slide: list(answer.store_slide),
    store_mobile_slide: list(answer.store_mobile_slide),
  };
}

/** The PUT body: every setting; an unset phone, area or map point is left out (the schema refuses them empty). */
export function settingsBody(values: StoreSettingsValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    store_logo: values.store_logo,
    store_name: values.store_name.trim(),
    store_description: values.store_description.trim(),
    after_sale_service: values.after_sale_service,
    store_face_image: values.store_face_image,
    store_address: values.store_address.trim(),
    store_slide: values.store_slide,
    store_mobile_slide: values.store_mobile_slide,
  };
  if (values.store_mobile.trim()) body.store_mobile = values.store_mobile.trim();
  if (values.area.length) body.area = values.area;
  if (values.store_lat.trim()) body.store_lat = values.store_lat.trim();
  if (values.store_lng.trim()) body.store_lng = values.store_lng.trim();
  return body;
}

/** Field errors of the body; an area must be chosen down to the district. */
export function validateSettings(body: Record<string, unknown>): FieldErrors {
  return validateInput(storeSettingsBody, body);
}
