import { describe, expect, it } from 'vitest';
import { dayIn, earliestDeadlineDay, extendDeadlineBounds, nextDay } from '../dates.ts';
import { deadlineMin } from '../pages/EditProjectPage.tsx';
import { deadlineError } from './ProjectUpdates.tsx';

/** 15:00 on Nov 22, 2026 in Nassau (EST, UTC-5). */
const NOW = new Date('2026-11-22T20:00:00Z');
const NASSAU = 'America/Nassau';
/** The end of Dec 10, 2026 in Nassau: how the API stores a bid deadline of Dec 10. */
const DEC_10 = '2026-12-11T04:59:59.999Z';
/** The end of Jan 15, 2027 in Nassau. */
const JAN_15 = '2027-01-16T04:59:59.999Z';

describe("the date pickers' first day is the person's today, not UTC's (decision 0197)", () => {
  it("offers today in the person's own calendar, though UTC is already tomorrow", () => {
    // 23:30 on Mar 2 in New York and Nassau is 04:30 on Mar 3 in UTC.
    const evening = new Date('2026-03-03T04:30:00Z');
    expect(evening.toISOString().slice(0, 10)).toBe('2026-03-03');
    expect(earliestDeadlineDay(evening, 'America/New_York')).toBe('2026-03-02');
    expect(earliestDeadlineDay(evening, NASSAU)).toBe('2026-03-02');
  });

  it('east of Nassau, starts at the local today, not at the Nassau day that is still running', () => {
    // 10:00 on Mar 3 in Auckland and 02:00 on Mar 3 in London are still Mar 2 in Nassau.
    expect(earliestDeadlineDay(new Date('2026-03-02T21:00:00Z'), 'Pacific/Auckland')).toBe('2026-03-03');
    expect(earliestDeadlineDay(new Date('2026-03-03T02:00:00Z'), 'Europe/London')).toBe('2026-03-03');
  });

  it('west of Nassau in the evening, starts at the next day: the local today has ended in Nassau', () => {
    // 20:30 on Mar 2 in Honolulu is 01:30 on Mar 3 in Nassau: a Mar 2 deadline would be refused.
    const late = new Date('2026-03-03T06:30:00Z');
    expect(dayIn(late, 'Pacific/Honolulu')).toBe('2026-03-02');
    expect(earliestDeadlineDay(late, 'Pacific/Honolulu')).toBe('2026-03-03');
  });

  it('counts days across month and year ends', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });
});

describe('the Extend Deadline picker offers only what the server takes (decision 0197)', () => {
  it('starts the day after the current deadline while bids exist, and ends at the project deadline', () => {
    expect(extendDeadlineBounds(DEC_10, true, JAN_15, NOW, NASSAU)).toEqual({
      min: '2026-12-11',
      max: '2027-01-15',
    });
  });

  it('starts today without bids (a deadline may still be shortened) or once the deadline has passed', () => {
    expect(extendDeadlineBounds(DEC_10, false, null, NOW, NASSAU)).toEqual({
      min: '2026-11-22',
      max: undefined,
    });
    const passed = '2026-11-10T04:59:59.999Z';
    expect(extendDeadlineBounds(passed, true, null, NOW, NASSAU).min).toBe('2026-11-22');
  });

  it('refuses an empty date and a day that has ended', () => {
    const open = { current: null, hasBids: false, projectDeadline: null };
    expect(deadlineError('', open, NOW, NASSAU)).toBe('Please choose a date');
    expect(deadlineError('2026-11-21', open, NOW, NASSAU)).toBe('The bid deadline cannot be in the past');
    expect(deadlineError('2026-11-22', open, NOW, NASSAU)).toBeUndefined();
  });

  it("refuses the current deadline's own day, and while bids exist any day before it", () => {
    const withBids = { current: DEC_10, hasBids: true, projectDeadline: null };
    expect(deadlineError('2026-12-10', withBids, NOW, NASSAU)).toBe(
      'The bid deadline is already Dec 10, 2026: choose another day',
    );
    expect(deadlineError('2026-12-01', withBids, NOW, NASSAU)).toBe(
      'The project has bids: the new deadline must be after Dec 10, 2026',
    );
    expect(deadlineError('2026-12-11', withBids, NOW, NASSAU)).toBeUndefined();
    const noBids = { current: DEC_10, hasBids: false, projectDeadline: null };
    expect(deadlineError('2026-12-10', noBids, NOW, NASSAU)).toMatch(/^The bid deadline is already/);
    expect(deadlineError('2026-12-01', noBids, NOW, NASSAU)).toBeUndefined();
  });

  it('refuses a day after the project deadline', () => {
    const context = { current: DEC_10, hasBids: true, projectDeadline: JAN_15 };
    expect(deadlineError('2027-01-15', context, NOW, NASSAU)).toBeUndefined();
    expect(deadlineError('2027-01-16', context, NOW, NASSAU)).toBe(
      'The bid deadline cannot be after the project deadline (Jan 15, 2027)',
    );
  });
});

describe("the edit form's deadline picker (decision 0197)", () => {
  it("starts at the person's today, but never after the stored deadline, so an unchanged save passes", () => {
    // 10:00 on Nov 23 in Auckland; the stored deadline (Nov 22 in Nassau) has not ended yet.
    const auckland = new Date('2026-11-22T21:00:00Z');
    expect(deadlineMin('', auckland, 'Pacific/Auckland')).toBe('2026-11-23');
    expect(deadlineMin('2026-11-22', auckland, 'Pacific/Auckland')).toBe('2026-11-22');
    expect(deadlineMin('2026-12-24', auckland, 'Pacific/Auckland')).toBe('2026-11-23');
  });
});
