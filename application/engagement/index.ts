/** The engagement use cases, one per file, for the composition (apps/api) and the tests. */
export * from './add-savers-to-audience.ts';
export * from './list-saved-projects.ts';
export * from './open-project.ts';
export * from './save-project.ts';
export * from './shared.ts';
export * from './unsave-project.ts';
