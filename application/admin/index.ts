/** The admin use cases, one per file, for the composition (apps/api) and the tests. */
export * from './list-admin-actions.ts';
export * from './list-role-changes.ts';
export * from './list-users.ts';
export * from './shared.ts';
