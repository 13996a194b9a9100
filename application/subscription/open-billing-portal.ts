import { SUBSCRIPTION_ERRORS } from '../../domain/subscription/errors.ts';

import { UseCase } from '../shared/use-case.ts';
import type { SubscriptionReadDeps } from './shared.ts';

/** 'Update Payment Method': a provider-hosted billing portal session for the user's customer. */
export class OpenBillingPortal extends UseCase<SubscriptionReadDeps> {
  async execute(userId: string, returnUrl: string): Promise<{ url: string }> {
    const customerId = await this.deps.uow.run(
      async (tx) => (await tx.users.findById(userId))?.stripeCustomerId,
    );
    if (!customerId) {
      throw SUBSCRIPTION_ERRORS.NO_PAYMENT_CUSTOMER(
        'You have no payment method on file yet. Subscribe first.',
      );
    }
    return this.deps.gateway.createPortalSession({ customerId, returnUrl });
  }
}
