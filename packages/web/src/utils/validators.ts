import type { TFunction } from 'i18next';

/** Mainland mobile numbers: 1, a digit 3-9, nine more digits. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

export function required(t: TFunction, fieldKey: string) {
  return (value: unknown) => (String(value ?? '').trim() ? null : t('validation.required', { field: t(fieldKey) }));
}

export function phone(t: TFunction) {
  return (value: string) => {
    if (!value.trim()) return t('validation.required', { field: t('field.phone') });
    return PHONE_PATTERN.test(value.trim()) ? null : t('validation.phone');
  };
}

export function sameAs(t: TFunction, other: string) {
  return (value: string) => (value === other ? null : t('validation.passwordMismatch'));
}
