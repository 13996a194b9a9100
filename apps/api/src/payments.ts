import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import type { Container, ServiceIdentifier } from 'inversify';
import type { UserReadCache } from '#adapters/caching/user-read-cache.ts';
import { SandboxPaymentGateway } from '#adapters/payments/sandbox-payment-gateway.ts';
import { StripePaymentGateway } from '#adapters/payments/stripe-payment-gateway.ts';
import { MikroOrmSubscriptionUnitOfWork } from '#adapters/persistence/mikro-orm-payment-records.ts';
import type { EventPublisher } from '#application/shared/marketplace-ports.ts';
import type { Clock } from '#application/shared/ports.ts';
import {
  ApplySubscriptionStatus,
  CancelSubscription,
  ConfirmSandboxPayment,
  GetSubscription,
  HandlePaymentEvent,
  OpenBillingPortal,
  StartProSubscription,
} from '#application/subscription/index.ts';
import type { PaymentGateway, SubscriptionUnitOfWork } from '#application/subscription/ports.ts';
import type { Config } from './config.ts';

/** Identifiers of the payment ports. */
export const PAYMENT_TOKENS = {
  Gateway: Symbol('PaymentGateway') as ServiceIdentifier<PaymentGateway>,
  SubscriptionUow: Symbol('SubscriptionUnitOfWork') as ServiceIdentifier<SubscriptionUnitOfWork>,
};

/**
 * Picks the payment gateway (Stripe when its keys are configured, else the sandbox, whose state lives in
 * DATA_DIR/sandbox-payments.json) and binds the subscription use cases. Part of the composition root
 * (container.ts), which hands in its own tokens for the clock and the event publisher.
 */
export function bindPayments(
  container: Container,
  config: Config,
  em: EntityManager,
  tokens: {
    Clock: ServiceIdentifier<Clock>;
    Events: ServiceIdentifier<EventPublisher>;
  },
  userCache?: UserReadCache,
): void {
  const clock = container.get(tokens.Clock);
  const stripe = config.stripe;
  const gateway: PaymentGateway = stripe
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
  const sandbox = gateway instanceof SandboxPaymentGateway ? gateway : null;

  container.bind(PAYMENT_TOKENS.Gateway).toConstantValue(gateway);
  const { SubscriptionUow: SUow, Gateway: Pay } = PAYMENT_TOKENS;
  const { Clock: Time, Events } = tokens;
  container
    .bind(PAYMENT_TOKENS.SubscriptionUow)
    .toResolvedValue((e) => new MikroOrmSubscriptionUnitOfWork(em, { userCache, events: e }), [Events]);
  // The use cases that change a subscription take its records, the gateway, the status rules and the clock;
  // the ones that only read it, its records and the gateway.
  for (const UseCase of [StartProSubscription, HandlePaymentEvent, CancelSubscription]) {
    container
      .bind<InstanceType<typeof UseCase>>(UseCase)
      .toResolvedValue(
        (uow, gateway, apply, clock) => new UseCase({ uow, gateway, apply, clock }),
        [SUow, Pay, ApplySubscriptionStatus, Time],
      );
  }
  for (const UseCase of [GetSubscription, OpenBillingPortal]) {
    container
      .bind<InstanceType<typeof UseCase>>(UseCase)
      .toResolvedValue((uow, gateway) => new UseCase({ uow, gateway }), [SUow, Pay]);
  }
  container
    .bind(ConfirmSandboxPayment)
    .toResolvedValue(
      (h, v) => new ConfirmSandboxPayment({ sandbox, handle: h, view: v }),
      [HandlePaymentEvent, GetSubscription],
    );
}
