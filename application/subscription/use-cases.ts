import { NotFoundError, ValidationError } from '../../domain/shared/errors.ts';
import { isSubscriptionStatus, tierForSubscriptionStatus } from '../../domain/subscription/plan.ts';
import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';

/** Subscription states after which the subscription id is forgotten. */
const ENDED_STATUSES = ['canceled', 'incomplete_expired'];

export class ApplySubscriptionStatus {
  readonly #uow: UnitOfWork;
  readonly #clock: Clock;

  constructor(uow: UnitOfWork, clock: Clock) {
    this.#uow = uow;
    this.#clock = clock;
  }

  /**
   * The payment provider reports a subscription's state (a webhook, in a later issue). Pro holds
   * while it is active or trialing; any other state is free. A downgrade keeps every existing bid.
   */
  async execute(input: { userId: string; subscriptionId: string; status: string }): Promise<User> {
    const { status } = input;
    if (!isSubscriptionStatus(status)) {
      throw new ValidationError(
        'UNKNOWN_SUBSCRIPTION_STATUS',
        `Unknown subscription status '${status}'`,
        'status',
      );
    }
    return this.#uow.run(async (tx) => {
      const user = await tx.users.lockForUpdate(input.userId);
      if (!user) throw new NotFoundError('USER_NOT_FOUND', `No user with id '${input.userId}'`);
      const subscriptionId = ENDED_STATUSES.includes(status) ? null : input.subscriptionId;
      user.changeSubscription(tierForSubscriptionStatus(status), subscriptionId, this.#clock.now());
      await tx.users.save(user);
      return user;
    });
  }
}
