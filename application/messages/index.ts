/** The messages use cases, one per file, for the composition (apps/api) and the tests. */

export * from './get-conversation.ts';
export * from './get-conversation-status.ts';
export * from './mark-conversation-read.ts';
export * from './send-message.ts';
export * from './shared.ts';
