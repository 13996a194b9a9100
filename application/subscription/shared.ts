import { isSubscriptionStatus, PRO_PRICE_CENTS } from '../../domain/subscription/plan.ts';
import { USER_ERRORS } from '../../domain/user/errors.ts';
import type { SubscriptionTier, User } from '../../domain/user/user.ts';
import type { Clock } from '../shared/ports.ts';
import type { ApplySubscriptionStatus } from './apply-subscription-status.ts';
import type {
  PaymentGateway,
  PaymentsMode,
  ProviderSubscription,
  SubscriptionRecord,
  SubscriptionTransaction,
  SubscriptionUnitOfWork,
} from './ports.ts';

/** What the use cases that read a subscription take: its records and the payment provider. */
export interface SubscriptionReadDeps {
  uow: SubscriptionUnitOfWork;
  gateway: PaymentGateway;
}

/** What the ones that change it take as well: the status rules and the clock. */
export interface SubscriptionChangeDeps extends SubscriptionReadDeps {
  apply: ApplySubscriptionStatus;
  clock: Clock;
}

/** The user, read or locked for update (`lock`) in the transaction; 404 USER_NOT_FOUND when there is none. */
export async function subscriberOf(
  tx: SubscriptionTransaction,
  userId: string,
  how: 'read' | 'lock' = 'read',
): Promise<User> {
  const user = how === 'lock' ? await tx.users.lockForUpdate(userId) : await tx.users.findById(userId);
  if (!user) throw USER_ERRORS.USER_NOT_FOUND(`No user with id '${userId}'`);
  return user;
}

/** The provider events that move a subscription or concern its payments; every other type is acknowledged and ignored. */
export const HANDLED_PAYMENT_EVENTS: readonly string[] = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
];

/** Running at the provider (active or trialing), whether or not it already grants Pro. */
export const running = (status: string) => status === 'active' || status === 'trialing';

/**
 * Inside a transaction holding the user's row lock: applies the provider's current state of a
 * subscription to the user's plan (ApplySubscriptionStatus's rule) and keeps a record of it.
 * A state the domain does not know (a future provider status) is recorded but leaves the plan alone.
 */
export async function syncSubscription(
  tx: SubscriptionTransaction,
  apply: ApplySubscriptionStatus,
  user: User,
  state: ProviderSubscription,
  now: Date,
  options: { adopt?: boolean } = {},
): Promise<void> {
  const status = state.status;
  if (
    isSubscriptionStatus(status) &&
    apply.apply(user, { subscriptionId: state.id, status, hasPaymentMethod: state.hasPaymentMethod }, options)
  ) {
    await tx.users.save(user);
  }
  const previous = await tx.payments.findSubscription(state.id);
  await tx.payments.saveSubscription({
    id: state.id,
    userId: user.id,
    customerId: state.customerId,
    status,
    trialEnd: state.trialEnd,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    amountCents: state.amountCents ?? previous?.amountCents ?? null,
    currency: state.currency ?? previous?.currency ?? null,
    createdAt: previous?.createdAt ?? state.createdAt,
    updatedAt: now,
  });
}

/** What HandlePaymentEvent did with an event. */
export type PaymentEventOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown_user';

/** The subscription as the Billing tab and the dashboard show it (GET /api/subscription). */
export interface SubscriptionView {
  plan: SubscriptionTier;
  /** The provider's state of the user's current (or last) subscription; null when they never subscribed. */
  status: string | null;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  /** When the next charge happens: the trial's or period's end, unless cancelled at period end. */
  nextBillingDate: Date | null;
  cancelAtPeriodEnd: boolean;
  amountCents: number;
  currency: string;
  interval: 'month';
  paymentsMode: PaymentsMode;
  /** Whether 'Update Payment Method' can open the provider's billing portal. */
  canUpdatePaymentMethod: boolean;
}

export function viewOf(user: User, record: SubscriptionRecord | null, mode: PaymentsMode): SubscriptionView {
  const status = record?.status ?? null;
  // Billing runs only for a subscription that grants Pro (a trial waiting for its card bills nothing).
  const billing =
    record !== null && user.subscriptionTier === 'pro' && running(record.status) && !record.cancelAtPeriodEnd;
  return {
    plan: user.subscriptionTier,
    status,
    trialEnd: record?.trialEnd ?? null,
    currentPeriodEnd: record?.currentPeriodEnd ?? null,
    nextBillingDate: billing
      ? record.status === 'trialing'
        ? (record.trialEnd ?? record.currentPeriodEnd)
        : record.currentPeriodEnd
      : null,
    cancelAtPeriodEnd: record?.cancelAtPeriodEnd ?? false,
    amountCents: record?.amountCents ?? PRO_PRICE_CENTS,
    currency: record?.currency ?? 'usd',
    interval: 'month',
    paymentsMode: mode,
    canUpdatePaymentMethod: mode === 'stripe' && user.stripeCustomerId !== null,
  };
}

export async function currentRecord(
  tx: SubscriptionTransaction,
  user: User,
): Promise<SubscriptionRecord | null> {
  const current = user.stripeSubscriptionId
    ? await tx.payments.findSubscription(user.stripeSubscriptionId)
    : null;
  return current ?? (await tx.payments.latestSubscriptionOf(user.id));
}
