import { USER_ERRORS } from '../../domain/user/errors.ts';

import { UseCase } from '../shared/use-case.ts';
import type { PaymentGateway, SubscriptionUnitOfWork } from './ports.ts';
import { currentRecord, type SubscriptionView, viewOf } from './shared.ts';

/** The signed-in user's plan and subscription, from our records (no provider call). */
export class GetSubscription extends UseCase<{ uow: SubscriptionUnitOfWork; gateway: PaymentGateway }> {
  async execute(userId: string): Promise<SubscriptionView> {
    return this.deps.uow.run(async (tx) => {
      const user = await tx.users.findById(userId);
      if (!user) throw USER_ERRORS.USER_NOT_FOUND(`No user with id '${userId}'`);
      return viewOf(user, await currentRecord(tx, user), this.deps.gateway.mode);
    });
  }
}
