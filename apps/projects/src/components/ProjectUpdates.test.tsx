import { describe, expect, it } from 'vitest';
import { deadlineError, todayInput } from './ProjectUpdates.tsx';

const NOW = new Date(2026, 10, 22, 15, 0, 0);

describe('the Extend Deadline form (issue 13)', () => {
  it('formats today as the date input wants it', () => {
    expect(todayInput(NOW)).toBe('2026-11-22');
  });

  it('asks for a date and refuses a past one', () => {
    expect(deadlineError('', null, false, NOW)).toBe('Please choose a date');
    expect(deadlineError('2026-11-21', null, false, NOW)).toBe('The bid deadline cannot be in the past');
    expect(deadlineError('2026-11-22', null, false, NOW)).toBeUndefined();
  });

  it('refuses an earlier day than the current deadline only while bids exist', () => {
    const current = new Date(2026, 11, 10, 23, 59).toISOString();
    expect(deadlineError('2026-12-01', current, true, NOW)).toMatch(/^The project has bids/);
    expect(deadlineError('2026-12-01', current, false, NOW)).toBeUndefined();
    expect(deadlineError('2026-12-10', current, true, NOW)).toBeUndefined();
    expect(deadlineError('2026-12-20', current, true, NOW)).toBeUndefined();
  });
});
