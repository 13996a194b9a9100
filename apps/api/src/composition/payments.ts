import type { Container } from 'inversify';
import {
  CancelSubscription,
  ConfirmSandboxPayment,
  GetSubscription,
  HandlePaymentEvent,
  OpenBillingPortal,
  StartProSubscription,
} from '#application/subscription/index.ts';
import { PAYMENT_TOKENS } from '../payments.ts';

/** Payments: the Pro plan, its billing and the payment provider's events. */
export function paymentsUseCases(container: Container) {
  return {
    getSubscription: container.get(GetSubscription),
    startProSubscription: container.get(StartProSubscription),
    confirmSandboxPayment: container.get(ConfirmSandboxPayment),
    cancelSubscription: container.get(CancelSubscription),
    openBillingPortal: container.get(OpenBillingPortal),
    handlePaymentEvent: container.get(HandlePaymentEvent),
    paymentGateway: container.get(PAYMENT_TOKENS.Gateway),
  };
}
export type PaymentsUseCases = ReturnType<typeof paymentsUseCases>;
