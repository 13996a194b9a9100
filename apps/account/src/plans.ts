/** The plans (accounts-and-shell sections 6 and 9), shared by Pricing and Subscribe. */
import { FREE_MONTHLY_BID_LIMIT, PRO_PRICE_CENTS, PRO_TRIAL_DAYS } from '@buildbid/domain/account';

export const PRO_MONTHLY = `$${PRO_PRICE_CENTS / 100}/month`;

export const FREE_FEATURES = [
  `${FREE_MONTHLY_BID_LIMIT} bids per month`,
  'Basic project browsing',
  'Community support',
  'Basic profile',
  'Email notifications',
] as const;

export const PRO_FEATURES = [
  'Unlimited bids',
  'Priority project access',
  'Advanced analytics',
  'Priority support',
  'Enhanced profile features',
  'Badge system access',
  'Real-time notifications',
  'Project insights',
] as const;

export const FAQ = [
  {
    q: 'Can I change my plan at any time?',
    a: 'Yes. An upgrade takes effect as soon as your card is confirmed. If you cancel Pro, it stays until the end of the period you have paid for, and then you are on the free plan.',
  },
  {
    q: 'What happens to my bids if I downgrade?',
    a: `Your existing bids stay active. On the free plan you can place ${FREE_MONTHLY_BID_LIMIT} new bids per month.`,
  },
  {
    q: 'Is there a free trial?',
    a: `Yes. New Pro subscribers get a ${PRO_TRIAL_DAYS}-day free trial.`,
  },
  {
    q: 'How does billing work?',
    a: 'Pro is billed monthly by card through our secure card payment provider.',
  },
] as const;

export const SUBSCRIPTION_SUCCESS_PATH = '/?subscription=success';

/** 'Manage Subscription' opens the Profile page on its Billing tab. */
export const MANAGE_SUBSCRIPTION_HREF = '/profile?tab=billing';

/** Who may buy Pro (the API answers others 403 NOT_A_BIDDER): said on the pricing and subscribe pages. */
export const PRO_FOR_BIDDERS = 'Pro is for contractors and vendors, who bid on projects.';
export const PRO_ROLES_NOTE = `${PRO_FOR_BIDDERS} Switch your role to contractor or vendor to subscribe.`;
export const SUBSCRIBED_TOAST = {
  title: 'Payment Successful',
  description: 'You are now subscribed to the Pro plan!',
} as const;

/** A client secret to confirm, from POST /api/create-subscription, or null when already subscribed. */
export type Started = { clientSecret: string; confirmation: 'payment' | 'setup' } | null;

/**
 * The card forms' first step on submit: create (or resume) the subscription. Null when there is nothing to
 * confirm: the user is already subscribed, or the creation failed (it has said why, in a toast) and the
 * form stays for another try.
 */
export async function startOrNull(start: () => Promise<Started>): Promise<Started> {
  try {
    return await start();
  } catch {
    return null;
  }
}
