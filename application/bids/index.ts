/** The bids use cases, one per file, for the composition (apps/api) and the tests. */
export * from './accept-bid.ts';
export * from './decline-bid.ts';
export * from './edit-bid.ts';
export * from './get-bid-quota.ts';
export * from './list-my-bid-statuses.ts';
export * from './list-my-bids.ts';
export * from './list-project-bids.ts';
export * from './shared.ts';
export * from './submit-bid.ts';
