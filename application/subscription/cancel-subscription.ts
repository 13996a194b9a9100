import { SUBSCRIPTION_ERRORS } from '../../domain/subscription/errors.ts';

import { UseCase } from '../shared/use-case.ts';
import {
  running,
  type SubscriptionChangeDeps,
  type SubscriptionView,
  subscriberOf,
  syncSubscription,
  viewOf,
} from './shared.ts';

/** 'Cancel Subscription': ends at the close of the period; the user stays Pro until then. */
export class CancelSubscription extends UseCase<SubscriptionChangeDeps> {
  async execute(userId: string): Promise<SubscriptionView> {
    return this.deps.uow.run(async (tx) => {
      const user = await subscriberOf(tx, userId, 'lock');
      const subscriptionId = user.stripeSubscriptionId;
      const record = subscriptionId ? await tx.payments.findSubscription(subscriptionId) : null;
      if (!subscriptionId || !record || user.subscriptionTier !== 'pro' || !running(record.status)) {
        throw SUBSCRIPTION_ERRORS.NO_ACTIVE_SUBSCRIPTION();
      }
      const state = await this.deps.gateway.cancelAtPeriodEnd(subscriptionId);
      await syncSubscription(tx, this.deps.apply, user, state, this.deps.clock.now());
      return viewOf(user, await tx.payments.findSubscription(subscriptionId), this.deps.gateway.mode);
    });
  }
}
