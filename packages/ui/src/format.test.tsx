// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  formatAverage,
  formatBudget,
  formatDate,
  formatPostedAgo,
  formatRating,
  formatTimeLeft,
  formatUsd,
  initials,
  ownerRatingText,
  platformDate,
  plural,
  projectsFoundText,
  sumAmounts,
} from './format.ts';
import { placeText } from './labels.ts';

const NOW = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const ahead = (ms: number) => new Date(NOW.getTime() + ms);
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MIN = 60_000;

describe('budget display', () => {
  it('shows $min - $max in USD with thousands separators', () => {
    expect(formatBudget('5000.00', '25000.00')).toBe('$5,000 - $25,000');
    expect(formatBudget(1500, 1234567)).toBe('$1,500 - $1,234,567');
    expect(formatBudget('999.50', '1000')).toBe('$999.50 - $1,000');
  });

  it("is 'Budget negotiable' unless both bounds exist", () => {
    expect(formatBudget(null, null)).toBe('Budget negotiable');
    expect(formatBudget('5000.00', null)).toBe('Budget negotiable');
    expect(formatBudget(null, '25000.00')).toBe('Budget negotiable');
    expect(formatBudget('', '25000.00')).toBe('Budget negotiable');
  });

  it('formats amounts, averages, sums and ratings', () => {
    expect(formatUsd('12500.00')).toBe('$12,500');
    expect(formatUsd('12500.5')).toBe('$12,500.50');
    expect(formatUsd(0.1)).toBe('$0.10');
    expect(formatUsd(null)).toBe('$0');
    expect(formatAverage([])).toBe('N/A');
    expect(formatAverage(['1000.00', '2000.00'])).toBe('$1,500');
    expect(sumAmounts(['0.10', '0.20', '1000'])).toBe(1000.3);
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.567)).toBe('4.6');
  });

  it("counts 'N project(s) found'", () => {
    expect(projectsFoundText(0)).toBe('0 projects found');
    expect(projectsFoundText(1)).toBe('1 project found');
    expect(projectsFoundText(12)).toBe('12 projects found');
  });
});

describe('relative posted time', () => {
  it("says 'just now' under a minute, then minutes and hours, rounded down", () => {
    expect(formatPostedAgo(ago(0), NOW)).toBe('just now');
    expect(formatPostedAgo(ago(59 * 1000), NOW)).toBe('just now');
    expect(formatPostedAgo(ago(MIN), NOW)).toBe('1 minute ago');
    expect(formatPostedAgo(ago(2 * MIN), NOW)).toBe('2 minutes ago');
    expect(formatPostedAgo(ago(59 * MIN + 59 * 1000), NOW)).toBe('59 minutes ago');
    expect(formatPostedAgo(ago(HOUR), NOW)).toBe('1 hour ago');
    expect(formatPostedAgo(ago(23 * HOUR + 59 * MIN), NOW)).toBe('23 hours ago');
    expect(formatPostedAgo(ahead(5 * MIN), NOW)).toBe('just now');
  });

  it("says '1 day ago', then 'N days ago' under 7 days, never rounding up", () => {
    expect(formatPostedAgo(ago(DAY), NOW)).toBe('1 day ago');
    expect(formatPostedAgo(ago(2 * DAY - MIN), NOW)).toBe('1 day ago');
    expect(formatPostedAgo(ago(2 * DAY), NOW)).toBe('2 days ago');
    expect(formatPostedAgo(ago(6 * DAY), NOW)).toBe('6 days ago');
  });

  it("says 'N weeks ago' under 30 days (1 week), then the date", () => {
    expect(formatPostedAgo(ago(7 * DAY), NOW)).toBe('1 week ago');
    expect(formatPostedAgo(ago(14 * DAY), NOW)).toBe('2 weeks ago');
    expect(formatPostedAgo(ago(29 * DAY), NOW)).toBe('4 weeks ago');
    expect(formatPostedAgo(ago(30 * DAY), NOW)).toBe('May 16, 2025');
    expect(formatPostedAgo(new Date('2024-01-02T12:00:00Z'), NOW)).toBe('Jan 2, 2024');
  });
});

describe('owners, plurals and places', () => {
  it("shows the owner's rating to one decimal with the review count, or 'No reviews yet'", () => {
    expect(ownerRatingText({ rating: 0, reviewCount: 0 })).toBe('No reviews yet');
    expect(ownerRatingText({ rating: 5, reviewCount: 1 })).toBe('★ 5.0 (1 review)');
    expect(ownerRatingText({ rating: 4.25, reviewCount: 4 })).toBe('★ 4.3 (4 reviews)');
  });

  it('pluralises', () => {
    expect(plural(1, 'bid')).toBe('1 bid');
    expect(plural(0, 'bid')).toBe('0 bids');
    expect(plural(2, 'review')).toBe('2 reviews');
  });

  it('makes initials', () => {
    expect(initials({ firstName: 'ann', lastName: 'Knowles' })).toBe('AK');
    expect(initials({ firstName: 'Ann', lastName: null })).toBe('A');
    expect(initials({ firstName: null, lastName: null })).toBe('?');
  });

  it('shows a location once, without repeating city, island or country', () => {
    expect(
      placeText({
        location: 'George Town, Exuma, Bahamas',
        city: 'George Town',
        island: 'Exuma',
        country: 'BS',
      }),
    ).toBe('George Town, Exuma, Bahamas');
    expect(placeText({ location: 'Lot 4, Bay Street', city: 'Nassau', island: null, country: 'BS' })).toBe(
      'Lot 4, Bay Street, Nassau, Bahamas',
    );
    expect(placeText({ location: null, city: 'Miami', island: null, country: 'US' })).toBe(
      'Miami, United States',
    );
  });
});

describe('bid-deadline countdown', () => {
  it("shows 'Nd Nh left', 'Nh left', 'Nm left'", () => {
    expect(formatTimeLeft(ahead(2 * DAY + 5 * HOUR + 10 * MIN), NOW)).toEqual({
      text: '2d 5h left',
      ended: false,
    });
    expect(formatTimeLeft(ahead(DAY), NOW)).toEqual({ text: '1d 0h left', ended: false });
    expect(formatTimeLeft(ahead(3 * HOUR + 59 * MIN), NOW)).toEqual({ text: '3h left', ended: false });
    expect(formatTimeLeft(ahead(42 * MIN + 30_000), NOW)).toEqual({ text: '42m left', ended: false });
    expect(formatTimeLeft(ahead(20_000), NOW)).toEqual({ text: '0m left', ended: false });
  });

  it("says 'Ended' once the deadline has passed", () => {
    expect(formatTimeLeft(NOW, NOW)).toEqual({ text: 'Ended', ended: true });
    expect(formatTimeLeft(ago(5 * DAY).toISOString(), NOW)).toEqual({ text: 'Ended', ended: true });
  });
});

describe('dates are Nassau calendar days, in every browser time zone (decision 0181)', () => {
  it('reads the end of Mar 2 in Nassau as Mar 2, although it is Mar 3 in UTC', () => {
    const endOfMar2 = '2026-03-03T04:59:59.999Z'; // 23:59:59.999 on Mar 2, EST (UTC-5)
    expect(platformDate(endOfMar2)).toBe('2026-03-02');
    expect(formatDate(endOfMar2)).toBe('Mar 2, 2026');
  });

  it("answers 'Invalid Date' for a date that is not one, as the browser's own formatting does", () => {
    expect(formatDate('not a date')).toBe('Invalid Date');
  });

  it('follows daylight saving time in Nassau (EDT, UTC-4)', () => {
    expect(platformDate('2026-07-05T03:59:59.000Z')).toBe('2026-07-04');
    expect(platformDate('2026-07-05T04:00:00.000Z')).toBe('2026-07-05');
  });
});
