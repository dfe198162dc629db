import { ApiError } from '../api/errors';

/** Puts the field errors of a 400 answer on the form's fields, renaming fields the form calls differently. */
export function showFieldErrors(
  form: { setErrors: (errors: Record<string, string>) => void },
  error: unknown,
  rename: Record<string, string> = {},
) {
  if (!(error instanceof ApiError)) return;
  const entries = Object.entries(error.fieldErrors).map(([field, message]) => [rename[field] ?? field, message]);
  if (entries.length > 0) form.setErrors(Object.fromEntries(entries));
}
