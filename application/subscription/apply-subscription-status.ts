import { SUBSCRIPTION_ERRORS } from '../../domain/subscription/errors.ts';

import {
  isSubscriptionStatus,
  type SubscriptionStatus,
  tierForSubscriptionStatus,
} from '../../domain/subscription/plan.ts';
import { USER_ERRORS } from '../../domain/user/errors.ts';
import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';

/** Subscription states after which the subscription id is forgotten. */
const ENDED_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

/** Whether the provider's state grants Pro: active, or trialing with a card on file (tierForSubscriptionStatus). */
export const grantsPro = (state: { status: string; hasPaymentMethod: boolean }) =>
  isSubscriptionStatus(state.status) &&
  tierForSubscriptionStatus(state.status, state.hasPaymentMethod) === 'pro';

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
      throw SUBSCRIPTION_ERRORS.UNKNOWN_SUBSCRIPTION_STATUS(
        `Unknown subscription status '${status}'`,
        'status',
      );
    }
    return this.deps.uow.run(async (tx) => {
      const user = await tx.users.lockForUpdate(input.userId);
      if (!user) throw USER_ERRORS.USER_NOT_FOUND(`No user with id '${input.userId}'`);
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
