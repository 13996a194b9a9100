/** The personal-access-token use cases, one per file, for the composition (apps/api) and the tests. */
export * from './authenticate-bearer.ts';
export * from './create-access-token.ts';
export * from './list-access-tokens.ts';
export * from './revoke-access-token.ts';
