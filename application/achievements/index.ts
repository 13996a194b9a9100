/** The achievements use cases, one per file, for the composition (apps/api) and the tests. */
export * from './get-achievements.ts';
export * from './get-user-badges.ts';
export * from './record-achievements.ts';
export * from './shared.ts';
