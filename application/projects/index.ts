/** The projects use cases, one per file, for the composition (apps/api) and the tests. */
export * from './answer-question.ts';
export * from './ask-question.ts';
export * from './cancel-project.ts';
export * from './change-bid-deadline.ts';
export * from './delete-project.ts';
export * from './edit-project.ts';
export * from './get-project.ts';
export * from './hide-question.ts';
export * from './list-addenda.ts';
export * from './list-projects.ts';
export * from './list-questions.ts';
export * from './move-project-phase.ts';
export * from './post-addendum.ts';
export * from './post-clarification.ts';
export * from './post-project.ts';
export * from './questions.ts';
export * from './shared.ts';
