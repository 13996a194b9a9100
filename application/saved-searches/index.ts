/** The saved-searches use cases, one per file, for the composition (apps/api) and the tests. */
export * from './alert-saved-searches.ts';
export * from './create-saved-search.ts';
export * from './delete-saved-search.ts';
export * from './list-saved-searches.ts';
export * from './shared.ts';
export * from './update-saved-search.ts';
