import { describe, expect, it } from 'vitest';
import { PermissionError } from '#domain/shared/errors.ts';
import {
  assertBidAllowed,
  assertMaySubscribe,
  computeBidQuota,
  FREE_MONTHLY_BID_LIMIT,
  isSubscriptionStatus,
  SUBSCRIPTION_STATUSES,
  tierForSubscriptionStatus,
} from '#domain/subscription/plan.ts';

const NOW = new Date('2025-03-15T12:00:00Z');
const TZ = 'America/Nassau';

describe('bid quota', () => {
  it('gives the free plan 3 bids a month', () => {
    expect(FREE_MONTHLY_BID_LIMIT).toBe(3);
    expect(computeBidQuota('free', 2, NOW, TZ)).toEqual({
      tier: 'free',
      limit: 3,
      bidsThisMonth: 2,
      remaining: 1,
      limitReached: false,
      resetsAt: new Date('2025-04-01T04:00:00.000Z'),
    });
  });

  it("reaches the limit at 3 and shows 0..3 even after a Pro month's many bids", () => {
    expect(computeBidQuota('free', 3, NOW, TZ)).toMatchObject({
      bidsThisMonth: 3,
      remaining: 0,
      limitReached: true,
    });
    expect(computeBidQuota('free', 9, NOW, TZ)).toMatchObject({
      bidsThisMonth: 3,
      remaining: 0,
      limitReached: true,
    });
  });

  it('is unlimited on Pro, still counting the month', () => {
    expect(computeBidQuota('pro', 42, NOW, TZ)).toMatchObject({
      limit: null,
      remaining: null,
      bidsThisMonth: 42,
      limitReached: false,
    });
  });

  it("refuses a bid at the limit with the spec's message", () => {
    let error: unknown;
    try {
      assertBidAllowed(computeBidQuota('free', 3, NOW, TZ));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PermissionError);
    expect(error).toMatchObject({
      code: 'BID_LIMIT_REACHED',
      message: "You've reached your monthly limit of 3 bids on the free plan.",
    });
    expect(() => assertBidAllowed(computeBidQuota('free', 2, NOW, TZ))).not.toThrow();
    expect(() => assertBidAllowed(computeBidQuota('pro', 300, NOW, TZ))).not.toThrow();
  });
});

describe('subscription status', () => {
  it.each(SUBSCRIPTION_STATUSES.map((s) => [s] as const))('%s gives the right tier', (status) => {
    expect(tierForSubscriptionStatus(status, true)).toBe(
      status === 'active' || status === 'trialing' ? 'pro' : 'free',
    );
  });

  it('a trial is Pro only with a payment method on file; incomplete never is', () => {
    expect(tierForSubscriptionStatus('trialing', false)).toBe('free');
    expect(tierForSubscriptionStatus('trialing', true)).toBe('pro');
    expect(tierForSubscriptionStatus('incomplete', false)).toBe('free');
    expect(tierForSubscriptionStatus('active', true)).toBe('pro');
  });

  it('lets only contractors and vendors subscribe', () => {
    expect(() => assertMaySubscribe('contractor')).not.toThrow();
    expect(() => assertMaySubscribe('vendor')).not.toThrow();
    expect(() => assertMaySubscribe('client')).toThrow(/contractors and vendors/);
    expect(() => assertMaySubscribe('admin')).toThrow(PermissionError);
  });

  it('recognises statuses', () => {
    expect(isSubscriptionStatus('trialing')).toBe(true);
    expect(isSubscriptionStatus('gold')).toBe(false);
  });
});
