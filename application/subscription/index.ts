/** The subscription use cases, one per file, for the composition (apps/api) and the tests. */
export * from './apply-subscription-status.ts';
export * from './cancel-subscription.ts';
export * from './confirm-sandbox-payment.ts';
export * from './get-subscription.ts';
export * from './handle-payment-event.ts';
export * from './open-billing-portal.ts';
export * from './shared.ts';
export * from './start-pro-subscription.ts';
