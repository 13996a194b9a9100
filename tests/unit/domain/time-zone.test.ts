import { describe, expect, it } from 'vitest';
import {
  calendarMonthOf,
  checkTimeZone,
  DEFAULT_PLATFORM_TIME_ZONE,
  endOfLocalDay,
  localDate,
  localParts,
} from '#domain/shared/time-zone.ts';

describe('calendar months in the platform time zone', () => {
  it('defaults to America/Nassau', () => {
    expect(DEFAULT_PLATFORM_TIME_ZONE).toBe('America/Nassau');
  });

  it('starts the month at local midnight (Nassau is UTC-5 in winter)', () => {
    const { start, end } = calendarMonthOf(new Date('2025-01-15T12:00:00Z'), 'America/Nassau');
    expect(start.toISOString()).toBe('2025-01-01T05:00:00.000Z');
    expect(end.toISOString()).toBe('2025-02-01T05:00:00.000Z');
  });

  it('follows daylight saving time (UTC-4 in summer)', () => {
    const { start, end } = calendarMonthOf(new Date('2025-07-10T00:00:00Z'), 'America/Nassau');
    expect(start.toISOString()).toBe('2025-07-01T04:00:00.000Z');
    expect(end.toISOString()).toBe('2025-08-01T04:00:00.000Z');
  });

  it('crosses a DST change inside the month (March)', () => {
    const { start, end } = calendarMonthOf(new Date('2025-03-20T00:00:00Z'), 'America/Nassau');
    expect(start.toISOString()).toBe('2025-03-01T05:00:00.000Z');
    expect(end.toISOString()).toBe('2025-04-01T04:00:00.000Z');
  });

  it('counts an instant that is already next month in UTC as this month locally', () => {
    // 2025-02-01T02:00Z is still 31 January, 21:00 in Nassau.
    const { start } = calendarMonthOf(new Date('2025-02-01T02:00:00Z'), 'America/Nassau');
    expect(start.toISOString()).toBe('2025-01-01T05:00:00.000Z');
  });

  it('rolls over the year in December', () => {
    const { end } = calendarMonthOf(new Date('2025-12-31T12:00:00Z'), 'UTC');
    expect(end.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('works east of UTC too', () => {
    const { start } = calendarMonthOf(new Date('2025-05-31T23:30:00Z'), 'Asia/Tokyo');
    expect(start.toISOString()).toBe('2025-05-31T15:00:00.000Z');
  });

  it('refuses an unknown time zone', () => {
    expect(() => checkTimeZone('Mars/Base')).toThrow("Unknown time zone 'Mars/Base'");
    expect(checkTimeZone('UTC')).toBe('UTC');
  });

  it('reads local parts', () => {
    expect(localParts(new Date('2025-01-01T04:59:59Z'), 'America/Nassau')).toEqual({
      year: 2024,
      month: 12,
      day: 31,
      hour: 23,
      minute: 59,
      second: 59,
    });
  });

  it('gives the local calendar date, turning at local midnight, however the calls are ordered', () => {
    // Nassau: midnight is 05:00 UTC in winter.
    expect(localDate(new Date('2025-01-01T04:59:59.999Z'), 'America/Nassau')).toBe('2024-12-31');
    expect(localDate(new Date('2025-01-01T05:00:00Z'), 'America/Nassau')).toBe('2025-01-01');
    expect(localDate(new Date('2025-01-01T04:59:00Z'), 'America/Nassau')).toBe('2024-12-31');
    // Kathmandu is UTC+5:45: its midnight falls at a quarter past the UTC hour.
    expect(localDate(new Date('2025-01-01T18:14:59Z'), 'Asia/Kathmandu')).toBe('2025-01-01');
    expect(localDate(new Date('2025-01-01T18:15:00Z'), 'Asia/Kathmandu')).toBe('2025-01-02');
    // One zone's answer is never another's.
    expect(localDate(new Date('2025-01-01T18:15:00Z'), 'America/Nassau')).toBe('2025-01-01');
    expect(localDate(new Date('2025-01-01T18:16:00Z'), 'Asia/Kathmandu')).toBe('2025-01-02');
  });

  it('gives the end of a local day for date-only deadlines', () => {
    expect(endOfLocalDay('2025-03-10', 'America/Nassau').toISOString()).toBe('2025-03-11T03:59:59.999Z');
    expect(endOfLocalDay('2025-12-31', 'UTC').toISOString()).toBe('2025-12-31T23:59:59.999Z');
    expect(() => endOfLocalDay('2025-02-30', 'UTC')).toThrow('is not a date');
    expect(() => endOfLocalDay('10/03/2025', 'UTC')).toThrow('is not a date');
  });
});
