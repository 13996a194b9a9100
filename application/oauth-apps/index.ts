/** The OAuth-app use cases, one per file, for the composition (apps/api) and the tests. */
export * from './authenticate-oauth-token.ts';
export * from './delete-oauth-app.ts';
export * from './disconnect-app.ts';
export * from './list-connected-apps.ts';
export * from './list-my-oauth-apps.ts';
export * from './register-oauth-app.ts';
export * from './shared.ts';
