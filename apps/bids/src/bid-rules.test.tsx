import { describe, expect, it } from 'vitest';
import { isBidLimitReached, validateBidForm } from './bid-rules.ts';

describe('bid form', () => {
  it("requires amount and timeline with the spec's messages, and the proposal", () => {
    const r = validateBidForm({ amount: '', timeline: ' ', proposal: '' });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.errors).toEqual([
        { field: 'amount', message: 'Amount is required' },
        { field: 'timeline', message: 'Timeline is required' },
        { field: 'proposal', message: 'Required' },
      ]);
  });

  it('converts the amount to a decimal and the timeline to a whole number', () => {
    expect(validateBidForm({ amount: '12,500.50', timeline: '30', proposal: ' Done well. ' })).toEqual({
      ok: true,
      payload: { amount: 12500.5, timeline: 30, proposal: 'Done well.' },
    });
    const bad = validateBidForm({ amount: 'abc', timeline: '2.5', proposal: 'x' });
    expect(bad.ok ? [] : bad.errors.map((e) => e.message)).toEqual(['Invalid input', 'Invalid input']);
  });

  it('blocks a free-tier user at 3 bids this month', () => {
    expect(isBidLimitReached('free', 2)).toBe(false);
    expect(isBidLimitReached('free', 3)).toBe(true);
    expect(isBidLimitReached('free', 4)).toBe(true);
    expect(isBidLimitReached('pro', 50)).toBe(false);
  });
});
