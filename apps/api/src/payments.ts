import { join } from 'node:path';
import type { ServiceIdentifier } from 'inversify';
import { SandboxPaymentGateway } from '#adapters/payments/sandbox-payment-gateway.ts';
import { StripePaymentGateway } from '#adapters/payments/stripe-payment-gateway.ts';
import type { Clock } from '#application/shared/ports.ts';
import type { PaymentGateway, SubscriptionUnitOfWork } from '#application/subscription/ports.ts';
import type { Config } from './config.ts';

/** Identifiers of the payment ports. */
export const PAYMENT_TOKENS = {
  Gateway: Symbol('PaymentGateway') as ServiceIdentifier<PaymentGateway>,
  SubscriptionUow: Symbol('SubscriptionUnitOfWork') as ServiceIdentifier<SubscriptionUnitOfWork>,
};

/**
 * Picks the payment gateway: Stripe when its keys are configured, else the sandbox, whose state lives in
 * DATA_DIR/sandbox-payments.json. Part of the composition root (container.ts); the subscription use cases
 * are bound by composition/payments.ts.
 */
export function paymentGateway(config: Config, clock: Clock): PaymentGateway {
  const stripe = config.stripe;
  return stripe
    ? new StripePaymentGateway({
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        priceId: stripe.priceId,
        ...(stripe.apiHost ? { host: stripe.apiHost } : {}),
        ...(stripe.apiPort ? { port: stripe.apiPort } : {}),
        ...(stripe.apiProtocol ? { protocol: stripe.apiProtocol } : {}),
      })
    : new SandboxPaymentGateway({
        clock,
        ...(config.env === 'test' ? {} : { file: join(config.dataDir, 'sandbox-payments.json') }),
      });
}
