import { DEFAULT_PLATFORM_TIME_ZONE } from '@buildbid/domain/catalog';

/**
 * Display rules of projects-and-bids sections 2 and 9: USD amounts with thousands separators,
 * budget ranges, relative posted times, bid-deadline countdowns, dates and ratings.
 * Shared by the projects, bids and account remotes (pure functions, no React).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

type Amount = number | string | null | undefined;

/** A numeric string ('5000.00') or number as a number; null when absent or not a number. */
export function toAmount(value: Amount): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

// Built once: creating an Intl formatter costs far more than formatting with it, and a browse page
// formats a few hundred amounts and dates (about 65 ms of its first render in Chromium, decision 0114).
const usdFormat = (cents: boolean) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: 2,
  });
const USD = usdFormat(false);
const USD_CENTS = usdFormat(true);

/** '$5,000' (or '$5,000.50' when there are cents). */
export function formatUsd(value: Amount): string {
  const n = toAmount(value) ?? 0;
  const hasCents = Math.round(n * 100) % 100 !== 0;
  return (hasCents ? USD_CENTS : USD).format(n);
}

export const BUDGET_NEGOTIABLE = 'Budget negotiable';

/** '$5,000 - $25,000', or 'Budget negotiable' unless both bounds exist. */
export function formatBudget(min: Amount, max: Amount): string {
  const lo = toAmount(min);
  const hi = toAmount(max);
  if (lo === null || hi === null) return BUDGET_NEGOTIABLE;
  return `${formatUsd(lo)} - ${formatUsd(hi)}`;
}

const PLATFORM_DATE = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: DEFAULT_PLATFORM_TIME_ZONE,
});

/**
 * 'Jan 15, 2025': the calendar date in the platform's time zone (America/Nassau), the same in every
 * browser: a deadline that ends on Mar 2 in Nassau reads Mar 2 in London and in Auckland (decision 0181).
 */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  // As toLocaleDateString answers for a date that is not one (format would throw).
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return PLATFORM_DATE.format(date);
}

const PLATFORM_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: DEFAULT_PLATFORM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The calendar date of an instant in the platform's time zone as 'YYYY-MM-DD' (a date input's value):
 * what the form shows and sends back is the day the API stored, whatever the browser's time zone.
 */
export function platformDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const parts = Object.fromEntries(PLATFORM_DAY.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** '1 review', '2 reviews', '1 bid', '0 bids'. */
export function plural(count: number, word: string, pluralWord = `${word}s`): string {
  return `${count} ${count === 1 ? word : pluralWord}`;
}

/**
 * Relative posted time (decision 0122): 'just now' under a minute, 'N minutes ago' under an
 * hour, 'N hours ago' under a day; then the spec's rule: 'N days ago' under 7 days, 'N weeks ago' under
 * 30 days, then the date. Always rounded down (a project posted 23 h ago is '23 hours ago', never
 * '1 day ago'), with correct plurals ('1 minute ago', '1 week ago'). A time in the future is 'just now'.
 */
export function formatPostedAgo(createdAt: string | Date, now: Date = new Date()): string {
  const date = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < MINUTE_MS) return 'just now';
  if (elapsed < HOUR_MS) return `${plural(Math.floor(elapsed / MINUTE_MS), 'minute')} ago`;
  if (elapsed < DAY_MS) return `${plural(Math.floor(elapsed / HOUR_MS), 'hour')} ago`;
  const days = Math.floor(elapsed / DAY_MS);
  if (days < 7) return `${plural(days, 'day')} ago`;
  if (days < 30) return `${plural(Math.floor(days / 7), 'week')} ago`;
  return formatDate(date);
}

/** An owner's rating line: '★ 4.5 (2 reviews)', or 'No reviews yet'. */
export function ownerRatingText(owner: { rating: number; reviewCount: number }): string {
  if (owner.reviewCount <= 0) return 'No reviews yet';
  return `★ ${formatRating(owner.rating)} (${plural(owner.reviewCount, 'review')})`;
}

/** 'AK' for Ann Knowles; one letter with one name; '?' with none. */
export function initials(person: { firstName?: string | null; lastName?: string | null }): string {
  const letters = [person.firstName, person.lastName]
    .map((p) => p?.trim().charAt(0).toUpperCase() ?? '')
    .join('');
  return letters || '?';
}

export interface TimeLeft {
  text: string;
  ended: boolean;
}

/** Time remaining to a bid deadline: 'Nd Nh left', 'Nh left', 'Nm left' or 'Ended'. */
export function formatTimeLeft(deadline: string | Date, now: Date = new Date()): TimeLeft {
  const end = typeof deadline === 'string' ? new Date(deadline) : deadline;
  const diff = end.getTime() - now.getTime();
  if (!(diff > 0)) return { text: 'Ended', ended: true };
  const days = Math.floor(diff / DAY_MS);
  const hours = Math.floor((diff % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((diff % HOUR_MS) / MINUTE_MS);
  if (days > 0) return { text: `${days}d ${hours}h left`, ended: false };
  if (hours > 0) return { text: `${hours}h left`, ended: false };
  return { text: `${minutes}m left`, ended: false };
}

/** Ratings show 1 decimal. */
export function formatRating(value: Amount): string {
  return (toAmount(value) ?? 0).toFixed(1);
}

/** The average of some amounts as USD, or 'N/A' without any. */
export function formatAverage(values: Amount[]): string {
  const nums = values.map(toAmount).filter((n): n is number => n !== null);
  if (nums.length === 0) return 'N/A';
  return formatUsd(Math.round((nums.reduce((a, b) => a + b, 0) / nums.length) * 100) / 100);
}

/** The sum of amounts, in cents to avoid drift, as a number of dollars. */
export function sumAmounts(values: Amount[]): number {
  const cents = values.reduce<number>((sum, v) => sum + Math.round((toAmount(v) ?? 0) * 100), 0);
  return cents / 100;
}

/** 'Ann Rolle', or a fallback when neither name part is known. */
export function personName(
  person: { firstName?: string | null; lastName?: string | null } | null | undefined,
  fallback = 'Unknown',
): string {
  const name = [person?.firstName, person?.lastName].filter((p) => p?.trim()).join(' ');
  return name || fallback;
}

/** '3 projects found' / '1 project found'. */
export function projectsFoundText(count: number): string {
  return `${count} project${count === 1 ? '' : 's'} found`;
}

/** 'Hello_world' → 'Hello world'; for values without a catalogue label. */
export function humanize(value: string): string {
  const text = value.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
