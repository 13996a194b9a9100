/** The email use cases, one per file, for the composition (apps/api) and the tests. */
export * from './deliver-outbox.ts';
export * from './email-on-event.ts';
export * from './links.ts';
export * from './remind-unread-messages.ts';
export * from './retention.ts';
export * from './send-saved-search-digests.ts';
export * from './unsubscribe.ts';
