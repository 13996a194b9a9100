import { UseCase } from '../shared/use-case.ts';
import {
  currentRecord,
  type SubscriptionReadDeps,
  type SubscriptionView,
  subscriberOf,
  viewOf,
} from './shared.ts';

/** The signed-in user's plan and subscription, from our records (no provider call). */
export class GetSubscription extends UseCase<SubscriptionReadDeps> {
  async execute(userId: string): Promise<SubscriptionView> {
    return this.deps.uow.run(async (tx) => {
      const user = await subscriberOf(tx, userId);
      return viewOf(user, await currentRecord(tx, user), this.deps.gateway.mode);
    });
  }
}
