/** The trust and safety use cases (decision 0220: blocks), one per file, for the composition and the tests. */
export * from './block-user.ts';
export * from './lift-suspension.ts';
export * from './list-blocked-users.ts';
export * from './suspend-user.ts';
export * from './unblock-user.ts';
