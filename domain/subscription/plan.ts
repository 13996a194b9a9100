import { PermissionError } from '../shared/errors.ts';
import { calendarMonthOf } from '../shared/time-zone.ts';
import type { SubscriptionTier } from '../user/user.ts';

/** Free plan: 3 new bids per calendar month (accounts-and-shell section 9). */
export const FREE_MONTHLY_BID_LIMIT = 3;
export const PRO_PRICE_CENTS = 29_00;
export const PRO_TRIAL_DAYS = 7;

export const BID_LIMIT_REACHED_MESSAGE = `You've reached your monthly limit of ${FREE_MONTHLY_BID_LIMIT} bids on the free plan.`;

/** The payment provider's subscription states (Stripe's names). */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export function isSubscriptionStatus(value: string): value is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}

/** Pro holds while the subscription is active or trialing; any other state is the free plan. */
export function tierForSubscriptionStatus(status: SubscriptionStatus): SubscriptionTier {
  return status === 'active' || status === 'trialing' ? 'pro' : 'free';
}

export interface BidQuota {
  tier: SubscriptionTier;
  /** Bids a month; null is unlimited (Pro). */
  limit: number | null;
  /** Bids recorded this calendar month, as shown: 0..3 on the free plan. */
  bidsThisMonth: number;
  /** Bids left this month; null is unlimited. */
  remaining: number | null;
  /** True at 3 or more on the free plan ('Limit Reached'). */
  limitReached: boolean;
  /** When the count starts again from 0: the first instant of next month in the platform time zone. */
  resetsAt: Date;
}

/**
 * The quota answer. `recordedThisMonth` is the number of the user's bids created in the current
 * calendar month of the platform time zone (derived from the bids, never a kept counter). Bids made
 * on Pro still count after a downgrade: they stay, but leave no free bids that month if 3 or more.
 */
export function computeBidQuota(
  tier: SubscriptionTier,
  recordedThisMonth: number,
  now: Date,
  timeZone: string,
): BidQuota {
  const { end } = calendarMonthOf(now, timeZone);
  if (tier === 'pro') {
    return {
      tier,
      limit: null,
      bidsThisMonth: recordedThisMonth,
      remaining: null,
      limitReached: false,
      resetsAt: end,
    };
  }
  const used = Math.min(recordedThisMonth, FREE_MONTHLY_BID_LIMIT);
  return {
    tier,
    limit: FREE_MONTHLY_BID_LIMIT,
    bidsThisMonth: used,
    remaining: FREE_MONTHLY_BID_LIMIT - used,
    limitReached: used >= FREE_MONTHLY_BID_LIMIT,
    resetsAt: end,
  };
}

/** Throws the spec's 'Bid Limit Reached' error (403, BID_LIMIT_REACHED) when no bid is left this month. */
export function assertBidAllowed(quota: BidQuota): void {
  if (quota.limitReached) {
    throw new PermissionError('BID_LIMIT_REACHED', BID_LIMIT_REACHED_MESSAGE);
  }
}
