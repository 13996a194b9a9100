/** The landing use cases, one per file, for the composition (apps/api) and the tests. */
export * from './get-landing.ts';
