/** The trust and safety use cases (decision 0220: blocks; 0221: reports and moderation), one per file. */
export * from './block-user.ts';
export * from './claim-moderation-item.ts';
export * from './decide-moderation-item.ts';
export * from './file-report.ts';
export * from './lift-suspension.ts';
export * from './list-blocked-users.ts';
export * from './list-my-reports.ts';
export * from './moderation-queue.ts';
export * from './suspend-user.ts';
export * from './unblock-user.ts';
