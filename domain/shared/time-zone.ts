import { REQUEST_ERRORS } from './request-errors.ts';

/** The platform's time zone unless configured otherwise: the marketplace is mainly in the Bahamas. */
export const DEFAULT_PLATFORM_TIME_ZONE = 'America/Nassau';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      throw REQUEST_ERRORS.UNKNOWN_TIME_ZONE(`Unknown time zone '${timeZone}'`, 'timeZone');
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Throws ValidationError('UNKNOWN_TIME_ZONE') unless `timeZone` is an IANA zone this runtime knows. */
export function checkTimeZone(timeZone: string): string {
  formatterFor(timeZone);
  return timeZone;
}

interface LocalParts {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock date and time of `instant` in `timeZone`. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const lastDay = new Map<string, { slot: number; day: string }>();

/**
 * The local calendar date of `instant` in `timeZone`, as YYYY-MM-DD. Every zone's offset today is a
 * multiple of 15 minutes, so the local date cannot change inside a UTC quarter hour: the date is worked
 * out once per zone and quarter hour (formatToParts costs microseconds on every project view).
 */
export function localDate(instant: Date, timeZone: string): string {
  const slot = Math.floor(instant.getTime() / QUARTER_HOUR_MS);
  const last = lastDay.get(timeZone);
  if (last && last.slot === slot) return last.day;
  const p = localParts(instant, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  lastDay.set(timeZone, { slot, day });
  return day;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant at which the wall clock in `timeZone` shows the given local date and time. */
function zonedTimeToInstant(
  local: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number },
  timeZone: string,
): Date {
  const wall = Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    local.hour ?? 0,
    local.minute ?? 0,
    local.second ?? 0,
  );
  // Two passes settle the offset across a daylight-saving change.
  let guess = wall - offsetAt(new Date(wall), timeZone);
  guess = wall - offsetAt(new Date(guess), timeZone);
  return new Date(guess);
}

export interface MonthWindow {
  /** The first instant of the current calendar month in the zone. */
  start: Date;
  /** The first instant of the next month: when a monthly quota resets. */
  end: Date;
}

/** The calendar month containing `now`, as seen on the wall clock in `timeZone`. */
export function calendarMonthOf(now: Date, timeZone: string): MonthWindow {
  const { year, month } = localParts(now, timeZone);
  const start = zonedTimeToInstant({ year, month, day: 1 }, timeZone);
  const end =
    month === 12
      ? zonedTimeToInstant({ year: year + 1, month: 1, day: 1 }, timeZone)
      : zonedTimeToInstant({ year, month: month + 1, day: 1 }, timeZone);
  return { start, end };
}

/**
 * The last millisecond of a calendar day in `timeZone`. A date-only bid deadline ('2025-03-10'
 * from the picker) means "until the end of that day", so the HTTP layer turns it into this instant.
 */
export function endOfLocalDay(isoDate: string, timeZone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw REQUEST_ERRORS.INVALID_DATE(`'${isoDate}' is not a date (YYYY-MM-DD)`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw REQUEST_ERRORS.INVALID_DATE(`'${isoDate}' is not a date (YYYY-MM-DD)`);
  }
  const nextDay = new Date(Date.UTC(year, month - 1, day + 1));
  const startOfNext = zonedTimeToInstant(
    { year: nextDay.getUTCFullYear(), month: nextDay.getUTCMonth() + 1, day: nextDay.getUTCDate() },
    timeZone,
  );
  return new Date(startOfNext.getTime() - 1);
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * 'Jan 10, 2027': the calendar day of `instant` in `timeZone` (the platform's zone unless told), written
 * as the pages write it (formatDate in @buildbid/ui). Notifications and mails name dates with this, so a
 * deadline stored as the end of Jan 10 in Nassau (2027-01-11T04:59:59.999Z) reads Jan 10, as on the page.
 */
export function formatDay(instant: Date, timeZone: string = DEFAULT_PLATFORM_TIME_ZONE): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    checkTimeZone(timeZone);
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}
