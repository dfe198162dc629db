// The store data form of the join wizard (step 2): the shopper's application (GET /api/store) → form values →
// the body of PUT /api/store, checked with the shared schema before sending.
import { storeApplicationBody } from '@qshop/shared/schemas/catalog';
import { validateInput, type FieldErrors } from '../../resource/validation';
import type { GoodsClass } from '../types';
import type { ApplicationState } from './wizard';

/** GET /api/store (the fields the wizard reads). */
export interface Application extends ApplicationState {
  id: number;
  store_name?: string | null;
  store_mobile?: string | null;
  store_company_name?: string | null;
  store_lat?: string | null;
  store_lng?: string | null;
  store_address?: string | null;
  business_license?: string | null;
  business_license_no?: string | null;
  legal_person?: string | null;
  store_phone?: string | null;
  id_card_no?: string | null;
  id_card_t?: string | null;
  id_card_b?: string | null;
  emergency_contact?: string | null;
  emergency_contact_phone?: string | null;
  area_info?: string | null;
  /** [province, city, district] area ids ([] when not set) */
  area?: number[];
  /** category paths [level 1, level 2, level 3] */
  class_id?: number[][];
}

const TEXT_FIELDS = [
  'store_name', 'store_company_name', 'store_mobile', 'business_license_no', 'business_license', 'legal_person', 'store_phone',
  'id_card_no', 'id_card_t', 'id_card_b', 'emergency_contact', 'emergency_contact_phone', 'store_lat', 'store_lng', 'store_address',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export type ApplicationValues = Record<TextField, string> & {
  area: number[];
  /** level-3 category ids, as the multi-select holds them (strings) */
  classes: string[];
};

export function applicationValues(app: Application | null): ApplicationValues {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, String(app?.[field] ?? '')])) as Record<TextField, string>;
  return {
    ...text,
    area: app?.area?.length === 3 ? app.area : [],
    classes: (app?.class_id ?? []).map((path) => String(path[path.length - 1])),
  };
}

/** A level-3 category as the multi-select offers it: its path and a label naming the path. */
export interface LeafClass {
  value: string;
  label: string;
  path: number[];
}

export function leafClasses(tree: GoodsClass[], levels = 3): LeafClass[] {
  const walk = (nodes: GoodsClass[], path: number[], names: string[]): LeafClass[] =>
    nodes.flatMap((node) => {
      const here = [...path, node.id];
      const label = [...names, node.name];
      if (here.length === levels) return [{ value: String(node.id), label: label.join(' / '), path: here }];
      return walk(node.children ?? [], here, label);
    });
  return walk(tree, [], []);
}

/** The body of PUT /api/store: trimmed text, empty optional fields left out, categories as their paths. */
export function applicationBody(values: ApplicationValues, leaves: LeafClass[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value !== '') body[field] = value;
  }
  if (values.area.length) body.area = values.area;
  const byId = new Map(leaves.map((leaf) => [leaf.value, leaf.path]));
  const paths = values.classes.map((id) => byId.get(id)).filter((path): path is number[] => Boolean(path));
  if (paths.length) body.class_id = paths;
  return body;
}

/**
 * Field errors of the body by the shared schema (messages in the current language), keyed by form field; the area
 * and the categories say what is missing rather than a length.
 */
export function applicationErrors(body: Record<string, unknown>, messages: { area: string; classes: string }): FieldErrors {
  const { class_id: classErrors, ...errors } = validateInput(storeApplicationBody, body);
  if (errors.area || (Array.isArray(body.area) && body.area.length !== 3)) errors.area = messages.area;
  if (classErrors) errors.classes = body.class_id ? classErrors : messages.classes;
  return errors;
}

/** Server field errors (`class_id.2`, `area`) on the form's fields. */
export function formFieldErrors(serverErrors: Record<string, string>): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(serverErrors)) {
    const field = key.split('.')[0];
    out[field === 'class_id' ? 'classes' : field] ??= message;
  }
  return out;
}
