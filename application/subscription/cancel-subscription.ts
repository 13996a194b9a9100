import { SUBSCRIPTION_ERRORS } from '../../domain/subscription/errors.ts';
import { USER_ERRORS } from '../../domain/user/errors.ts';

import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { ApplySubscriptionStatus } from './apply-subscription-status.ts';
import type { PaymentGateway, SubscriptionUnitOfWork } from './ports.ts';
import { running, type SubscriptionView, syncSubscription, viewOf } from './shared.ts';

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
      if (!user) throw USER_ERRORS.USER_NOT_FOUND(`No user with id '${userId}'`);
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
