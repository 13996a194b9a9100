import { SUBSCRIPTION_ERRORS } from '../../domain/subscription/errors.ts';
import { assertMaySubscribe, PRO_TRIAL_DAYS } from '../../domain/subscription/plan.ts';
import { UseCase } from '../shared/use-case.ts';
import { grantsPro } from './apply-subscription-status.ts';
import type { ConfirmationKind, ProviderSubscription } from './ports.ts';
import { type SubscriptionChangeDeps, subscriberOf, syncSubscription } from './shared.ts';

/** States in which a subscription still exists for the customer: a new one must not be started beside it. */
const OPEN_STATUSES: readonly string[] = ['incomplete', 'trialing', 'active', 'past_due', 'unpaid', 'paused'];

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
export class StartProSubscription extends UseCase<SubscriptionChangeDeps> {
  async execute(userId: string): Promise<SubscriptionStart> {
    return this.deps.uow.run(async (tx) => {
      const user = await subscriberOf(tx, userId, 'lock');
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
          throw SUBSCRIPTION_ERRORS.SUBSCRIPTION_NEEDS_ATTENTION(
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
