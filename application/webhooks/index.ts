/** The webhook use cases, one per file, and the outbox subscriber, for the composition and the tests. */
export * from './create-webhook-endpoint.ts';
export * from './delete-webhook-endpoint.ts';
export * from './list-webhook-deliveries.ts';
export * from './list-webhook-endpoints.ts';
export * from './mail-webhook-notices.ts';
export * from './resend-webhook-delivery.ts';
export * from './reveal-webhook-secret.ts';
export * from './roll-webhook-secret.ts';
export * from './send-test-webhook.ts';
export * from './shared.ts';
export * from './update-webhook-endpoint.ts';
export * from './webhook-dispatcher.ts';
export * from './webhooks-on-event.ts';
