/**
 * The date pickers' bounds (decision 0197). A deadline is the end of a calendar day in Nassau
 * (decision 0181), so the server takes any day that has not yet ended there. A picker offers from the
 * person's own today, or from Nassau's today when that is later (west of Nassau in the evening, the
 * person's today has already ended in Nassau and would be refused).
 */
import { platformDate } from '@buildbid/ui';

const DAY_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a time zone (the browser's own when none is given), 'YYYY-MM-DD'. */
export function dayIn(now: Date, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = DAY_FORMATS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    DAY_FORMATS.set(key, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The day after a 'YYYY-MM-DD' day. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}

function later(a: string, b: string): string {
  return a > b ? a : b;
}

/**
 * The first day a deadline picker offers: the person's today, or Nassau's when that is later.
 * `timeZone` is for tests; the browser's own zone otherwise.
 */
export function earliestDeadlineDay(now: Date = new Date(), timeZone?: string): string {
  return later(dayIn(now, timeZone), platformDate(now));
}

/**
 * The Extend Deadline picker's bounds, by the server's rule (Project.changeBidDeadline): never a day
 * that has ended, never the current deadline's own day (that is no change), while bids exist never
 * before it (so from the day after), and never after the project deadline.
 */
export function extendDeadlineBounds(
  current: string | null,
  hasBids: boolean,
  projectDeadline: string | null,
  now: Date = new Date(),
  timeZone?: string,
): { min: string; max: string | undefined } {
  const earliest = earliestDeadlineDay(now, timeZone);
  const min = hasBids && current ? later(earliest, nextDay(platformDate(current))) : earliest;
  return { min, max: projectDeadline ? platformDate(projectDeadline) : undefined };
}
