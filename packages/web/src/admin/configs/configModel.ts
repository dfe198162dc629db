// The config form of one group, driven by configForm(group) and checked with configUpdateSchema(group):
// values are nested like the group (sections as objects: pay.wechat.app_id), only changed fields are
// sent, and a secret input starts empty (empty = keep the stored secret).
import { z } from 'zod';
import {
  CONFIG_GROUPS,
  configForm,
  configUpdateSchema,
  type ConfigFormField,
  type ConfigGroup,
  type ConfigValues,
} from '@qshop/shared/schemas/configs';
import { validateInput, type FieldErrors } from '../../resource/validation';

export type FormValues = Record<string, unknown>;

export interface ConfigField extends ConfigFormField {
  /** Form path: `name`, or `section.name` inside a section */
  path: string;
  /** Answered masked; shown as a placeholder and sent only when typed in */
  secret: boolean;
  maxLength?: number;
}

/** Fields in form order; consecutive fields of one section together (name null: top-level fields). */
export interface ConfigSection {
  name: string | null;
  fields: ConfigField[];
}

/** The group a config page path ends with (/Admin/configs/pay → 'pay'). */
export function configGroupOf(pathname: string): ConfigGroup | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return (CONFIG_GROUPS as readonly string[]).includes(last) ? (last as ConfigGroup) : null;
}

/** The schema below optional and pipe wrappers (sections are JSON-preprocessed objects). */
function innermost(schema: z.ZodType | undefined): z.ZodType | undefined {
  if (schema instanceof z.ZodOptional) return innermost(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return innermost(schema.out as z.ZodType);
  return schema;
}

function maxLengthOf(groupSchema: z.ZodObject, field: ConfigFormField): number | undefined {
  const parent = field.section ? innermost(groupSchema.shape[field.section] as z.ZodType) : groupSchema;
  const leaf = parent instanceof z.ZodObject ? innermost(parent.shape[field.name] as z.ZodType) : undefined;
  return leaf instanceof z.ZodString ? (leaf.maxLength ?? undefined) : undefined;
}

export function configSections(group: ConfigGroup): ConfigSection[] {
  const schema = configUpdateSchema(group);
  const sections: ConfigSection[] = [];
  for (const field of configForm(group)) {
    const name = field.section ?? null;
    const model: ConfigField = {
      ...field,
      path: field.section ? `${field.section}.${field.name}` : field.name,
      secret: field.form === 'password',
      maxLength: maxLengthOf(schema, field),
    };
    const last = sections[sections.length - 1];
    if (last && last.name === name) last.fields.push(model);
    else sections.push({ name, fields: [model] });
  }
  return sections;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isOn = (value: unknown) => value === 1 || value === '1' || value === true;

export function valueAt(values: Record<string, unknown>, field: ConfigFormField): unknown {
  if (!field.section) return values[field.name];
  const section = values[field.section];
  return isRecord(section) ? section[field.name] : undefined;
}

function setAt(values: FormValues, field: ConfigFormField, value: unknown) {
  if (!field.section) values[field.name] = value;
  else values[field.section] = { ...(isRecord(values[field.section]) ? (values[field.section] as object) : {}), [field.name]: value };
}

/** The form's values from a GET/PUT answer: secrets empty, switches 0/1. */
export function formValuesOf(fields: ConfigField[], data: ConfigValues): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const stored = valueAt(data, field);
    setAt(values, field, field.secret ? '' : field.form === 'switch' ? (isOn(stored) ? 1 : 0) : (stored ?? ''));
  }
  return values;
}

/** The masked secrets of an answer by form path (placeholders of the secret inputs). */
export function secretPlaceholders(fields: ConfigField[], data: ConfigValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const stored = valueAt(data, field);
    if (field.secret && typeof stored === 'string' && stored) out[field.path] = stored;
  }
  return out;
}

/** The PUT body: fields that differ from what was loaded (a secret when typed in), sections as objects. */
export function changedInput(fields: ConfigField[], values: FormValues, loaded: FormValues): FormValues {
  const input: FormValues = {};
  for (const field of fields) {
    const value = valueAt(values, field);
    const changed = field.secret ? value !== '' && value !== undefined : String(value ?? '') !== String(valueAt(loaded, field) ?? '');
    if (changed) setAt(input, field, value);
  }
  return input;
}

/**
 * Field errors of the body against the group's schema, by form path. A section's issues all name the
 * section first, so its fields are checked one by one to put each message on its own field.
 */
export function validateConfig(schema: z.ZodType, input: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, message] of Object.entries(validateInput(schema, input))) {
    const section = input[name];
    if (!isRecord(section)) {
      errors[name] = message;
      continue;
    }
    let placed = false;
    for (const [key, value] of Object.entries(section)) {
      const fieldError = validateInput(schema, { [name]: { [key]: value } })[name];
      if (fieldError) errors[`${name}.${key}`] = fieldError;
      placed ||= Boolean(fieldError);
    }
    if (!placed) errors[name] = message;
  }
  return errors;
}
