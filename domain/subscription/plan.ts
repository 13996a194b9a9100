import { calendarMonthOf } from '../shared/time-zone.ts';
import type { SubscriptionTier } from '../user/user.ts';
import { SUBSCRIPTION_ERRORS } from './errors.ts';

/** Free plan: 3 new bids per calendar month (accounts-and-shell section 9). */
export const FREE_MONTHLY_BID_LIMIT = 3;
export const PRO_PRICE_CENTS = 29_00;
export const PRO_TRIAL_DAYS = 7;

const BID_LIMIT_REACHED_MESSAGE = `You've reached your monthly limit of ${FREE_MONTHLY_BID_LIMIT} bids on the free plan.`;

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

/**
 * Pro holds only once the payment provider has confirmed a payment method: while the subscription is
 * active (a paid invoice), or trialing with a card on file. A trial still waiting for its card, an
 * incomplete subscription and every other state are the free plan (decision 0090).
 */
export function tierForSubscriptionStatus(
  status: SubscriptionStatus,
  hasPaymentMethod: boolean,
): SubscriptionTier {
  if (status === 'active') return 'pro';
  return status === 'trialing' && hasPaymentMethod ? 'pro' : 'free';
}

/** The roles that bid, and so the only ones that may buy Pro (its benefit is unlimited bids). */
const SUBSCRIBING_ROLES: readonly string[] = ['contractor', 'vendor'];

const SUBSCRIBE_ROLE_MESSAGE =
  'Pro is for contractors and vendors, who bid on projects. Switch your role to contractor or vendor to subscribe.';

/** Throws 403 NOT_A_BIDDER unless the role may subscribe to Pro. */
export function assertMaySubscribe(role: string): void {
  if (!SUBSCRIBING_ROLES.includes(role)) {
    throw SUBSCRIPTION_ERRORS.NOT_A_BIDDER(SUBSCRIBE_ROLE_MESSAGE);
  }
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
    throw SUBSCRIPTION_ERRORS.BID_LIMIT_REACHED(BID_LIMIT_REACHED_MESSAGE);
  }
}
