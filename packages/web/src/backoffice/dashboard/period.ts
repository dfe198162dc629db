// The period a report covers: a quick choice counted back from today, or two days picked by hand.
import dayjs, { type Dayjs } from 'dayjs';
import { REPORT_DEFAULT_DAYS } from '@qshop/shared/schemas/dashboard';
import { DATE_FORMAT } from '../../config';
import { siteToday } from '../../utils/siteTime';

/** Both days included, as YYYY-MM-DD. */
export type Period = { from: string; to: string };

/** The last N days (today included), or this year so far. */
export const QUICK_CHOICES = [7, REPORT_DEFAULT_DAYS, 90, 'thisYear'] as const;
export type QuickChoice = (typeof QUICK_CHOICES)[number];

/** `today` is the site's (utils/siteTime.ts): the server reports the site's days. */
export function quickPeriod(choice: QuickChoice, today: Dayjs = dayjs(siteToday())): Period {
  const from = choice === 'thisYear' ? today.startOf('year') : today.subtract(choice - 1, 'day');
  return { from: from.format(DATE_FORMAT), to: today.format(DATE_FORMAT) };
}

export const isQuickPeriod = (period: Period, choice: QuickChoice) => {
  const quick = quickPeriod(choice);
  return quick.from === period.from && quick.to === period.to;
};

/** The server cuts a period longer than it reports at its start. */
export const wasCut = (asked: Period, answered: Period) => answered.from > asked.from;

export const dayOf = (date: Date) => dayjs(date).format(DATE_FORMAT);
