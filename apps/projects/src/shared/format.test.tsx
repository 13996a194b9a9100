// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  formatAverage,
  formatBudget,
  formatPostedAgo,
  formatRating,
  formatTimeLeft,
  formatUsd,
  projectsFoundText,
  sumAmounts,
} from './format.ts';

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
  it("says '1 day ago', then 'N days ago' under 7 days", () => {
    expect(formatPostedAgo(ago(2 * HOUR), NOW)).toBe('1 day ago');
    expect(formatPostedAgo(ago(DAY), NOW)).toBe('1 day ago');
    expect(formatPostedAgo(ago(2 * DAY), NOW)).toBe('2 days ago');
    expect(formatPostedAgo(ago(6 * DAY), NOW)).toBe('6 days ago');
  });

  it("says 'N weeks ago' under 30 days, then the date", () => {
    expect(formatPostedAgo(ago(7 * DAY), NOW)).toBe('1 weeks ago');
    expect(formatPostedAgo(ago(14 * DAY), NOW)).toBe('2 weeks ago');
    expect(formatPostedAgo(ago(29 * DAY), NOW)).toBe('4 weeks ago');
    expect(formatPostedAgo(ago(30 * DAY), NOW)).toBe('May 16, 2025');
    expect(formatPostedAgo(new Date('2024-01-02T12:00:00Z'), NOW)).toBe('Jan 2, 2024');
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
