import type { PaymentFailed } from '../../domain/shared/events.ts';

import { UseCase } from '../shared/use-case.ts';
import type { PaymentEvent } from './ports.ts';
import {
  HANDLED_PAYMENT_EVENTS,
  type PaymentEventOutcome,
  type SubscriptionChangeDeps,
  syncSubscription,
} from './shared.ts';

/**
 * Handles a provider event (a verified webhook, or the sandbox's equivalent). Each event id is handled
 * once: a replay changes nothing. The event's own copy of the subscription is not trusted, since events
 * arrive late and out of order: the user's row is locked and the subscription's current state is read
 * from the provider, then applied (ApplySubscriptionStatus's rule) and recorded. A failed payment also
 * tells the user, after commit (a PaymentFailed event: a 'system' notification).
 */
export class HandlePaymentEvent extends UseCase<SubscriptionChangeDeps> {
  async execute(event: PaymentEvent): Promise<PaymentEventOutcome> {
    const subscriptionId = event.subscriptionId;
    if (!HANDLED_PAYMENT_EVENTS.includes(event.type) || subscriptionId === null) return 'ignored';
    return this.deps.uow.commit(async (tx) => {
      const now = this.deps.clock.now();
      if (!(await tx.payments.claimEvent(event.id, event.type, now)))
        return { result: 'duplicate' as const, events: [] };
      const userId =
        event.userId ??
        (await tx.payments.findSubscription(subscriptionId))?.userId ??
        (event.customerId ? await tx.payments.findUserIdByCustomer(event.customerId) : null);
      const user = userId ? await tx.users.lockForUpdate(userId) : null;
      if (!user) return { result: 'unknown_user' as const, events: [] };
      const state = await this.deps.gateway.getSubscription(subscriptionId);
      if (!state || (state.userId !== null && state.userId !== user.id))
        return { result: 'ignored' as const, events: [] };
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
      return { result: 'applied' as const, events: failed ? [failed] : [] };
    });
  }
}
