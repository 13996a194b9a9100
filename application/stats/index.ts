/** The stats use cases, one per file, for the composition (apps/api) and the tests. */
export * from './get-platform-stats.ts';
export * from './get-user-stats.ts';
