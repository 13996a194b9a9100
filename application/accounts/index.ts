/** The accounts use cases, one per file, for the composition (apps/api) and the tests. */
export * from './admin-change-role.ts';
export * from './authenticate.ts';
export * from './change-own-role.ts';
export * from './change-password.ts';
export * from './delete-account.ts';
export * from './export-my-data.ts';
export * from './lifecycle.ts';
export * from './promote-to-admin.ts';
export * from './register-user.ts';
export * from './request-password-reset.ts';
export * from './reset-password.ts';
export * from './send-verification-email.ts';
export * from './shared.ts';
export * from './sign-in.ts';
export * from './sign-out.ts';
export * from './start-session.ts';
export * from './verify-email.ts';
