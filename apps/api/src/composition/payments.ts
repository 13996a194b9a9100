import {
  ApplySubscriptionStatus,
  CancelSubscription,
  ConfirmSandboxPayment,
  GetSubscription,
  HandlePaymentEvent,
  OpenBillingPortal,
  StartProSubscription,
} from '#application/subscription/index.ts';
import { PAYMENT_TOKENS } from '../payments.ts';
import { bound, context, withDeps } from './context.ts';
import { TOKENS } from './tokens.ts';

const { Clock: Time, UnitOfWork: Uow } = TOKENS;
/** The use cases that only read a subscription take its records and the gateway. */
const reads = { uow: PAYMENT_TOKENS.SubscriptionUow, gateway: PAYMENT_TOKENS.Gateway };
/** The ones that change it, the status rules and the clock too. */
const changes = { ...reads, apply: ApplySubscriptionStatus, clock: Time };

/** Payments: the Pro plan, its billing and the payment provider's events (decision 0006). */
export const payments = context(
  {
    getSubscription: withDeps(GetSubscription, reads),
    startProSubscription: withDeps(StartProSubscription, changes),
    confirmSandboxPayment: withDeps(ConfirmSandboxPayment, {
      sandbox: TOKENS.SandboxPayments,
      handle: HandlePaymentEvent,
      view: GetSubscription,
    }),
    cancelSubscription: withDeps(CancelSubscription, changes),
    openBillingPortal: withDeps(OpenBillingPortal, reads),
    handlePaymentEvent: withDeps(HandlePaymentEvent, changes),
    paymentGateway: bound(PAYMENT_TOKENS.Gateway),
  },
  [withDeps(ApplySubscriptionStatus, { uow: Uow, clock: Time })],
);
