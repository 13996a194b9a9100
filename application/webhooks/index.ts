/** The webhook use cases and the outbox subscriber, for the composition (apps/api) and the tests. */
export * from './deliveries.ts';
export * from './dispatcher.ts';
export * from './endpoints.ts';
export * from './notices.ts';
export * from './on-event.ts';
