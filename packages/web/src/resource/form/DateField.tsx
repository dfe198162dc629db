import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import '../../i18n/dayjsLocale';
import { DateInput, DatePickerInput, DateTimePicker } from '@mantine/dates';
import type { DateValue, DatesRangeValue } from '@mantine/dates';
import { DATE_FORMAT, DATETIME_FORMAT } from '../../config';
import type { FieldControlProps } from './fieldProps';

function toDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.toDate() : null;
}

const format = (date: DateValue, pattern: string) => (date ? dayjs(date).format(pattern) : '');

/** datetime 'YYYY-MM-DD HH:mm:ss' and date 'YYYY-MM-DD' as strings. */
export function DateField({ kind, id, value, onChange, error, placeholder }: FieldControlProps & { kind: 'date' | 'datetime' }) {
  if (kind === 'datetime') {
    return (
      <DateTimePicker
        id={id}
        value={toDate(value)}
        onChange={(date) => onChange(format(date, DATETIME_FORMAT))}
        valueFormat={DATETIME_FORMAT}
        withSeconds
        clearable
        error={error}
        placeholder={placeholder}
      />
    );
  }
  return (
    <DateInput
      id={id}
      value={toDate(value)}
      onChange={(date) => onChange(format(date, DATE_FORMAT))}
      valueFormat={DATE_FORMAT}
      clearable
      error={error}
      placeholder={placeholder}
    />
  );
}

/** A date range as ['YYYY-MM-DD', 'YYYY-MM-DD']. */
export function DateRangeField({ id, value, onChange, error, placeholder }: FieldControlProps) {
  const [from, to] = Array.isArray(value) ? value : [];
  const range: DatesRangeValue = [toDate(from), toDate(to)];
  return (
    <DatePickerInput
      id={id}
      type="range"
      value={range}
      onChange={([start, end]) => onChange(start && end ? [format(start, DATE_FORMAT), format(end, DATE_FORMAT)] : [])}
      valueFormat={DATE_FORMAT}
      clearable
      error={error}
      placeholder={placeholder}
    />
  );
}
