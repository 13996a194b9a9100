/** The reviews use cases, one per file, for the composition (apps/api) and the tests. */
export * from './list-my-reviews.ts';
export * from './review-contractor.ts';
