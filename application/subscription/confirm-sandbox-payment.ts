import { ValidationError } from '../../domain/shared/errors.ts';
import { SUBSCRIPTION_ERRORS } from '../../domain/subscription/errors.ts';
import { UseCase } from '../shared/use-case.ts';
import type { GetSubscription } from './get-subscription.ts';
import type { HandlePaymentEvent } from './handle-payment-event.ts';
import type { SandboxCardInput, SandboxCardPayments } from './ports.ts';
import type { SubscriptionView } from './shared.ts';

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

  async execute(input: SandboxCardInput): Promise<SubscriptionView> {
    if (!this.deps.sandbox) {
      throw SUBSCRIPTION_ERRORS.NOT_FOUND();
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
