// Add and edit forms validate against the declaration's zod schemas before sending;
// messages are the shared server messages in the current language.
import type { z } from 'zod';
import { MESSAGES, translate, type FieldDecl, type MessageKey } from '@qshop/shared';
import { currentLanguage } from '../i18n';

export type FormMode = 'create' | 'update';
export type FieldErrors = Record<string, string>;

type Issue = z.core.$ZodIssue;

function messageKey(issue: Issue): { key: MessageKey; params?: Record<string, string> } {
  switch (issue.code) {
    case 'invalid_type':
      return { key: issue.input === undefined ? 'valid.required' : 'valid.type' };
    case 'too_big':
      return issue.origin === 'string'
        ? { key: 'valid.tooLong', params: { max: String(issue.maximum) } }
        : { key: 'valid.tooBig', params: { max: String(issue.maximum) } };
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return { key: 'valid.required' };
      return issue.origin === 'string'
        ? { key: 'valid.tooShort', params: { min: String(issue.minimum) } }
        : { key: 'valid.tooSmall', params: { min: String(issue.minimum) } };
    case 'unrecognized_keys':
      return { key: 'valid.unknownField' };
    case 'invalid_value':
    case 'invalid_union':
      return { key: 'valid.enum' };
    default: {
      const params = (issue as { params?: { min?: number; max?: number } }).params;
      if (issue.message === 'money') return { key: 'valid.money' };
      // A refinement naming its own message key (as the server reads it, core/envelope.ts).
      if (issue.message.startsWith('valid.') && issue.message in MESSAGES['zh-cn']) return { key: issue.message as MessageKey };
      // zx.money's bounds and the SKUs' stock total (the server says the same, core/envelope.ts)
      if (issue.message === 'max' && params) return { key: 'valid.tooBig', params: { max: String(params.max) } };
      if (issue.message === 'min' && params) return { key: 'valid.tooSmall', params: { min: String(params.min) } };
      if (issue.message === 'stockTotal' && params) return { key: 'valid.stockTotal', params: { max: String(params.max) } };
      if (issue.message === 'richTextTooLong') return { key: 'valid.richTextTooLong' };
      if (issue.message === 'phone') return { key: 'valid.phone' };
      return { key: 'valid.format' };
    }
  }
}

function issueMessage(issue: Issue): string {
  const { key, params } = messageKey(issue);
  return translate(currentLanguage(), key, params);
}

const isEmpty = (value: unknown) => value === '' || value === null || value === undefined || (Array.isArray(value) && value.length === 0);

/**
 * The body a form sends: only its writable fields; on create empty values are left out (the server's
 * defaults apply), on update an empty write-only field (a password) means "unchanged".
 */
export function formInput(values: Record<string, unknown>, fields: Record<string, FieldDecl>, mode: FormMode): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (!field.input || !field.form || !(name in values)) continue;
    const value = values[name];
    if (isEmpty(value) && (mode === 'create' || field.writeOnly)) continue;
    input[name] = value;
  }
  return input;
}

/** Field errors by field name (the first issue of each field); empty when the input is valid. */
export function validateInput(schema: z.ZodType, input: Record<string, unknown>): FieldErrors {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const names = issue.code === 'unrecognized_keys' ? issue.keys : [String(issue.path[0] ?? '_')];
    for (const name of names) errors[name] ??= issueMessage(issue);
  }
  return errors;
}
