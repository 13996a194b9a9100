import { ConflictError, NotFoundError, ValidationError } from '../../domain/shared/errors.ts';
import type { PaymentFailed } from '../../domain/shared/events.ts';
import {
  assertMaySubscribe,
  isSubscriptionStatus,
  PRO_PRICE_CENTS,
  PRO_TRIAL_DAYS,
  type SubscriptionStatus,
  tierForSubscriptionStatus,
} from '../../domain/subscription/plan.ts';
import type { SubscriptionTier, User } from '../../domain/user/user.ts';
import type { EventPublisher, UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type {
  ConfirmationKind,
  PaymentEvent,
  PaymentGateway,
  PaymentsMode,
  ProviderSubscription,
  SandboxCardPayments,
  SubscriptionRecord,
  SubscriptionTransaction,
  SubscriptionUnitOfWork,
} from './ports.ts';

/** Subscription states after which the subscription id is forgotten. */
const ENDED_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

/** States in which a subscription still exists for the customer: a new one must not be started beside it. */
const OPEN_STATUSES: readonly string[] = ['incomplete', 'trialing', 'active', 'past_due', 'unpaid', 'paused'];

/** The provider events that move a subscription or concern its payments; every other type is acknowledged and ignored. */
export const HANDLED_PAYMENT_EVENTS: readonly string[] = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
];

/** Whether the provider's state grants Pro: active, or trialing with a card on file (tierForSubscriptionStatus). */
const grantsPro = (state: { status: string; hasPaymentMethod: boolean }) =>
  isSubscriptionStatus(state.status) &&
  tierForSubscriptionStatus(state.status, state.hasPaymentMethod) === 'pro';

/** Running at the provider (active or trialing), whether or not it already grants Pro. */
const running = (status: string) => status === 'active' || status === 'trialing';

export class ApplySubscriptionStatus extends UseCase<{ uow: UnitOfWork; clock: Clock }> {
  /**
   * Sets a user's plan from a subscription state reported by the payment provider, in its own
   * transaction. Pro holds while it is active, or trialing with a payment method on file (the
   * default here, for a state the caller knows to be paid); any other state is free. A downgrade
   * keeps every existing bid.
   */
  async execute(input: {
    userId: string;
    subscriptionId: string;
    status: string;
    hasPaymentMethod?: boolean;
  }): Promise<User> {
    const { status } = input;
    if (!isSubscriptionStatus(status)) {
      throw new ValidationError(
        'UNKNOWN_SUBSCRIPTION_STATUS',
        `Unknown subscription status '${status}'`,
        'status',
      );
    }
    return this.deps.uow.run(async (tx) => {
      const user = await tx.users.lockForUpdate(input.userId);
      if (!user) throw new NotFoundError('USER_NOT_FOUND', `No user with id '${input.userId}'`);
      this.apply(
        user,
        { subscriptionId: input.subscriptionId, status, hasPaymentMethod: input.hasPaymentMethod ?? true },
        { adopt: true },
      );
      await tx.users.save(user);
      return user;
    });
  }

  /**
   * The rule itself, for callers that hold the user's row lock in their own transaction (the webhook
   * and the sandbox through HandlePaymentEvent, and StartProSubscription). Returns false when the
   * state was not applied: news about another subscription than the user's current one never takes
   * Pro away (a late event of an old, cancelled subscription after a new one started). `adopt` makes
   * this subscription the user's current one whatever it was before.
   */
  apply(
    user: User,
    state: { subscriptionId: string; status: SubscriptionStatus; hasPaymentMethod: boolean },
    options: { adopt?: boolean } = {},
  ): boolean {
    const current = user.stripeSubscriptionId;
    if (!options.adopt && current !== null && current !== state.subscriptionId && !grantsPro(state)) {
      return false;
    }
    const subscriptionId = ENDED_STATUSES.includes(state.status) ? null : state.subscriptionId;
    user.changeSubscription(
      tierForSubscriptionStatus(state.status, state.hasPaymentMethod),
      subscriptionId,
      this.deps.clock.now(),
    );
    return true;
  }
}

/**
 * Inside a transaction holding the user's row lock: applies the provider's current state of a
 * subscription to the user's plan (ApplySubscriptionStatus's rule) and keeps a record of it.
 * A state the domain does not know (a future provider status) is recorded but leaves the plan alone.
 */
async function syncSubscription(
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

/** The answer of POST /api/create-subscription. */
export interface SubscriptionStart {
  /** Already Pro with nothing left to confirm: the answer carries no client secret. */
  alreadySubscribed: boolean;
  clientSecret: string | null;
  /** 'payment' (confirm the first invoice's payment) or 'setup' (save a card for the trial). */
  confirmation: ConfirmationKind | null;
  subscriptionId: string | null;
  status: string | null;
  trialEnd: Date | null;
}

function startFrom(state: ProviderSubscription): SubscriptionStart {
  return {
    alreadySubscribed: state.clientSecret === null && grantsPro(state),
    clientSecret: state.clientSecret,
    confirmation: state.clientSecret === null ? null : state.confirmation,
    subscriptionId: state.id,
    status: state.status,
    trialEnd: state.trialEnd,
  };
}

/**
 * Starts the Pro subscription (the Subscribe page). The provider's customer is created once per user.
 * A subscription that is still open (incomplete, trialing, ...) is reused rather than doubled: its
 * pending confirmation is answered again, or 'already subscribed'. A first-time subscriber gets the
 * 7-day trial. Only contractors and vendors may subscribe (403 NOT_A_BIDDER). Nothing here grants Pro:
 * the subscription waits for the card (the trial's card setup, or the first payment), and Pro begins
 * only when the provider confirms it (decision 0090). The user's row stays locked throughout, so two concurrent calls make one subscription;
 * the provider calls carry idempotency keys, so a retry after a failed commit returns the same objects.
 */
export class StartProSubscription extends UseCase<{
  uow: SubscriptionUnitOfWork;
  gateway: PaymentGateway;
  apply: ApplySubscriptionStatus;
  clock: Clock;
}> {
  async execute(userId: string): Promise<SubscriptionStart> {
    return this.deps.uow.run(async (tx) => {
      const user = await tx.users.lockForUpdate(userId);
      if (!user) throw new NotFoundError('USER_NOT_FOUND', `No user with id '${userId}'`);
      assertMaySubscribe(user.role);
      const now = this.deps.clock.now();

      if (user.subscriptionTier === 'pro') {
        // Pro already: answer the pending card setup of a trial again, else 'already subscribed'.
        const current =
          user.stripeSubscriptionId && user.stripeCustomerId
            ? await this.deps.gateway.getSubscription(user.stripeSubscriptionId)
            : null;
        if (!current || current.customerId !== user.stripeCustomerId) {
          // Pro without a subscription of ours at the provider (granted by hand): nothing to pay.
          return {
            alreadySubscribed: true,
            clientSecret: null,
            confirmation: null,
            subscriptionId: user.stripeSubscriptionId,
            status: current?.status ?? null,
            trialEnd: null,
          };
        }
        await syncSubscription(tx, this.deps.apply, user, current, now);
        if (grantsPro(current)) return startFrom(current);
        // The provider says it is no longer running: start again below.
      }

      let customerId = user.stripeCustomerId;
      if (customerId === null) {
        customerId = await this.deps.gateway.createCustomer(
          { userId: user.id, email: user.email, name: user.name },
          { idempotencyKey: `buildbid-customer-${user.id}` },
        );
        user.linkPaymentCustomer(customerId, now);
        await tx.users.save(user);
      }

      const existing = await this.deps.gateway.listSubscriptions(customerId);
      const open = existing.find((s) => OPEN_STATUSES.includes(s.status));
      if (open) {
        await syncSubscription(tx, this.deps.apply, user, open, now, { adopt: true });
        if (open.clientSecret === null && !grantsPro(open)) {
          throw new ConflictError(
            'SUBSCRIPTION_NEEDS_ATTENTION',
            'Your subscription has a payment problem. Update your payment method under Profile › Billing.',
          );
        }
        return startFrom(open);
      }

      const created = await this.deps.gateway.createSubscription({
        customerId,
        userId: user.id,
        trialDays: existing.length === 0 ? PRO_TRIAL_DAYS : 0,
        // One key per attempt after the newest existing subscription: a retry of this very attempt
        // returns the subscription it created; a new attempt after a cancellation makes a new one.
        idempotencyKey: `buildbid-subscription-${user.id}-after-${existing[0]?.id ?? 'none'}`,
      });
      await syncSubscription(tx, this.deps.apply, user, created, now, { adopt: true });
      return startFrom(created);
    });
  }
}

/** What HandlePaymentEvent did with an event. */
export type PaymentEventOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown_user';

/**
 * Handles a provider event (a verified webhook, or the sandbox's equivalent). Each event id is handled
 * once: a replay changes nothing. The event's own copy of the subscription is not trusted, since events
 * arrive late and out of order: the user's row is locked and the subscription's current state is read
 * from the provider, then applied (ApplySubscriptionStatus's rule) and recorded. A failed payment also
 * tells the user, after commit (a PaymentFailed event: a 'system' notification).
 */
export class HandlePaymentEvent extends UseCase<{
  uow: SubscriptionUnitOfWork;
  gateway: PaymentGateway;
  apply: ApplySubscriptionStatus;
  events: EventPublisher;
  clock: Clock;
}> {
  async execute(event: PaymentEvent): Promise<PaymentEventOutcome> {
    const subscriptionId = event.subscriptionId;
    if (!HANDLED_PAYMENT_EVENTS.includes(event.type) || subscriptionId === null) return 'ignored';
    const result = await this.deps.uow.run(async (tx) => {
      const now = this.deps.clock.now();
      if (!(await tx.payments.claimEvent(event.id, event.type, now)))
        return { outcome: 'duplicate' as const };
      const userId =
        event.userId ??
        (await tx.payments.findSubscription(subscriptionId))?.userId ??
        (event.customerId ? await tx.payments.findUserIdByCustomer(event.customerId) : null);
      const user = userId ? await tx.users.lockForUpdate(userId) : null;
      if (!user) return { outcome: 'unknown_user' as const };
      const state = await this.deps.gateway.getSubscription(subscriptionId);
      if (!state || (state.userId !== null && state.userId !== user.id))
        return { outcome: 'ignored' as const };
      await syncSubscription(tx, this.deps.apply, user, state, now);
      const failed: PaymentFailed | null =
        event.type === 'invoice.payment_failed'
          ? {
              type: 'payment_failed',
              occurredAt: now,
              recipientId: user.id,
              subscriptionId,
              reason: event.failureMessage,
            }
          : null;
      if (failed) await tx.outbox.add([failed]);
      return { outcome: 'applied' as const, failed };
    });
    if (result.outcome === 'applied' && result.failed) await this.deps.events.publish([result.failed]);
    return result.outcome;
  }
}

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

function viewOf(user: User, record: SubscriptionRecord | null, mode: PaymentsMode): SubscriptionView {
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

async function currentRecord(tx: SubscriptionTransaction, user: User): Promise<SubscriptionRecord | null> {
  const current = user.stripeSubscriptionId
    ? await tx.payments.findSubscription(user.stripeSubscriptionId)
    : null;
  return current ?? (await tx.payments.latestSubscriptionOf(user.id));
}

/** The signed-in user's plan and subscription, from our records (no provider call). */
export class GetSubscription extends UseCase<{ uow: SubscriptionUnitOfWork; gateway: PaymentGateway }> {
  async execute(userId: string): Promise<SubscriptionView> {
    return this.deps.uow.run(async (tx) => {
      const user = await tx.users.findById(userId);
      if (!user) throw new NotFoundError('USER_NOT_FOUND', `No user with id '${userId}'`);
      return viewOf(user, await currentRecord(tx, user), this.deps.gateway.mode);
    });
  }
}

/** 'Cancel Subscription': ends at the close of the period; the user stays Pro until then. */
export class CancelSubscription extends UseCase<{
  uow: SubscriptionUnitOfWork;
  gateway: PaymentGateway;
  apply: ApplySubscriptionStatus;
  clock: Clock;
}> {
  async execute(userId: string): Promise<SubscriptionView> {
    return this.deps.uow.run(async (tx) => {
      const user = await tx.users.lockForUpdate(userId);
      if (!user) throw new NotFoundError('USER_NOT_FOUND', `No user with id '${userId}'`);
      const subscriptionId = user.stripeSubscriptionId;
      const record = subscriptionId ? await tx.payments.findSubscription(subscriptionId) : null;
      if (!subscriptionId || !record || user.subscriptionTier !== 'pro' || !running(record.status)) {
        throw new ConflictError('NO_ACTIVE_SUBSCRIPTION', 'You have no active subscription to cancel.');
      }
      const state = await this.deps.gateway.cancelAtPeriodEnd(subscriptionId);
      await syncSubscription(tx, this.deps.apply, user, state, this.deps.clock.now());
      return viewOf(user, await tx.payments.findSubscription(subscriptionId), this.deps.gateway.mode);
    });
  }
}

/** 'Update Payment Method': a provider-hosted billing portal session for the user's customer. */
export class OpenBillingPortal extends UseCase<{ uow: SubscriptionUnitOfWork; gateway: PaymentGateway }> {
  async execute(userId: string, returnUrl: string): Promise<{ url: string }> {
    const customerId = await this.deps.uow.run(
      async (tx) => (await tx.users.findById(userId))?.stripeCustomerId,
    );
    if (!customerId) {
      throw new ConflictError(
        'NO_PAYMENT_CUSTOMER',
        'You have no payment method on file yet. Subscribe first.',
      );
    }
    return this.deps.gateway.createPortalSession({ customerId, returnUrl });
  }
}

/**
 * The sandbox's 'Subscribe Now': confirms the client secret with a test card, then hands the events
 * the provider would send to HandlePaymentEvent, exactly as the webhook does. Not available (404)
 * unless the sandbox gateway is the active one.
 */
export class ConfirmSandboxPayment extends UseCase<{
  sandbox: SandboxCardPayments | null;
  handle: HandlePaymentEvent;
  view: GetSubscription;
}> {
  get available(): boolean {
    return this.deps.sandbox !== null;
  }

  async execute(input: {
    userId: string;
    clientSecret: string;
    cardNumber: string;
    expiry: string;
    cvc: string;
  }): Promise<SubscriptionView> {
    if (!this.deps.sandbox) {
      throw new NotFoundError('NOT_FOUND', 'The sandbox payment gateway is not active on this server');
    }
    const result = await this.deps.sandbox.confirm({
      userId: input.userId,
      clientSecret: input.clientSecret,
      cardNumber: input.cardNumber,
      expiry: input.expiry,
      cvc: input.cvc,
    });
    for (const event of result.events) await this.deps.handle.execute(event);
    if (result.declined)
      throw new ValidationError(result.declined.code, result.declined.message, result.declined.field);
    return this.deps.view.execute(input.userId);
  }
}
