import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { jsonList, ownerUserId, projectRef, timestamptz, UserRecord, userRef } from './entities.ts';

// The tables written and read with SQL (by the sql-*.ts adapters next to this file), mapped here only so
// that the schema check (entities vs ./migrations) covers them. createOrm (orm.ts) registers them.

/**
 * Addenda to projects (decision 0130, Migration20270113000001_addenda). Written and read with SQL by
 * SqlAddendumRepository; mapped here so the schema check (entities vs migrations) covers it.
 */
export const ProjectAddendumRecord = defineEntity({
  name: 'ProjectAddendumRecord',
  tableName: 'project_addenda',
  properties: {
    id: p.uuid().primary(),
    projectId: projectRef().deleteRule('cascade'),
    text: p.text(),
    attachments: jsonList(),
    createdAt: timestamptz(),
  },
  indexes: [{ name: 'project_addenda_project_id_created_at_index', properties: ['projectId', 'createdAt'] }],
});
export type ProjectAddendumRecord = InferEntity<typeof ProjectAddendumRecord>;

/**
 * Project questions and clarifications (decision 0131, Migration20270113000002_questions), read and written by
 * SqlQuestionRepository.
 */
export const ProjectQuestionRecord = defineEntity({
  name: 'ProjectQuestionRecord',
  tableName: 'project_questions',
  properties: {
    id: p.uuid().primary(),
    projectId: projectRef().deleteRule('cascade'),
    kind: p.string().length(20),
    askerId: userRef('asker_id').nullable().deleteRule('set null'),
    question: p.text().nullable(),
    answer: p.text().nullable(),
    showAsker: p.boolean().default(false),
    hidden: p.boolean().default(false),
    createdAt: timestamptz(),
    answeredAt: timestamptz().nullable(),
  },
  indexes: [
    { name: 'project_questions_project_id_created_at_index', properties: ['projectId', 'createdAt'] },
    { name: 'project_questions_asker_id_created_at_index', properties: ['askerId', 'createdAt'] },
  ],
});
export type ProjectQuestionRecord = InferEntity<typeof ProjectQuestionRecord>;

/** One counted view: a viewer's first read of a project on a local day (decision 0120). */
export const ProjectViewRecord = defineEntity({
  name: 'ProjectViewRecord',
  tableName: 'project_views',
  properties: {
    projectId: projectRef().primary().deleteRule('cascade'),
    viewerKey: p.string().length(100).primary(),
    day: p.string().columnType('date').primary(),
  },
});
export type ProjectViewRecord = InferEntity<typeof ProjectViewRecord>;

/** A user's saved project (decision 0120). */
export const SavedProjectRecord = defineEntity({
  name: 'SavedProjectRecord',
  tableName: 'saved_projects',
  properties: {
    userId: userRef('user_id').primary().deleteRule('cascade'),
    projectId: projectRef().primary().deleteRule('cascade'),
    createdAt: timestamptz(),
  },
  indexes: [{ name: 'saved_projects_user_id_created_at_index', properties: ['userId', 'createdAt'] }],
});
export type SavedProjectRecord = InferEntity<typeof SavedProjectRecord>;

/** A user's saved search (decision 0133, Migration20270126000001_saved_searches), written by SqlSavedSearches. */
export const SavedSearchRecord = defineEntity({
  name: 'SavedSearchRecord',
  tableName: 'saved_searches',
  properties: {
    id: p.uuid().primary(),
    userId: ownerUserId(),
    name: p.string().length(80),
    q: p.string().length(200).nullable(),
    country: p.string().length(10).nullable(),
    category: p.string().length(100).nullable(),
    budget: p.string().length(20).nullable(),
    alerts: p.string().length(10),
    createdAt: timestamptz(),
    updatedAt: timestamptz(),
  },
  indexes: [{ name: 'saved_searches_user_id_created_at_index', properties: ['userId', 'createdAt'] }],
});
export type SavedSearchRecord = InferEntity<typeof SavedSearchRecord>;

/** A new project waiting for its user's daily digest (decision 0133). */
export const SavedSearchDigestItemRecord = defineEntity({
  name: 'SavedSearchDigestItemRecord',
  tableName: 'saved_search_digest_items',
  properties: {
    userId: userRef('user_id').primary().deleteRule('cascade'),
    projectId: projectRef().primary().deleteRule('cascade'),
    searchName: p.string().length(80),
    createdAt: timestamptz(),
  },
});
export type SavedSearchDigestItemRecord = InferEntity<typeof SavedSearchDigestItemRecord>;

/** When a user's last saved-search digest went out (decision 0133). */
export const SavedSearchDigestRecord = defineEntity({
  name: 'SavedSearchDigestRecord',
  tableName: 'saved_search_digests',
  properties: {
    userId: p
      .oneToOne(UserRecord)
      .mapToPk()
      .fieldName('user_id')
      .primary()
      .owner()
      .updateRule('cascade')
      .deleteRule('cascade'),
    lastSentAt: timestamptz(),
  },
});
export type SavedSearchDigestRecord = InferEntity<typeof SavedSearchDigestRecord>;

/**
 * The audit log of role changes (docs/security.md, Migration20270127000001_role_changes), written by
 * SqlRoleChangeLog.
 */
export const RoleChangeRecord = defineEntity({
  name: 'RoleChangeRecord',
  tableName: 'role_changes',
  properties: {
    id: p.uuid().primary(),
    actorId: userRef('actor_id').nullable().deleteRule('set null'),
    targetId: userRef('target_id').deleteRule('cascade'),
    fromRole: p.string().length(20),
    toRole: p.string().length(20),
    createdAt: timestamptz().index('role_changes_created_at_index'),
  },
});
export type RoleChangeRecord = InferEntity<typeof RoleChangeRecord>;

/**
 * Idempotency-Key records (docs/security.md, Migration20270127000002_idempotency_keys), written by
 * SqlIdempotencyStore.
 */
export const IdempotencyKeyRecord = defineEntity({
  name: 'IdempotencyKeyRecord',
  tableName: 'idempotency_keys',
  properties: {
    userId: userRef('user_id').primary().deleteRule('cascade'),
    key: p.string().length(100).primary(),
    fingerprint: p.string().length(64),
    status: p.string().length(10),
    responseStatus: p.integer().nullable(),
    responseBody: p.text().nullable(),
    createdAt: timestamptz().index('idempotency_keys_created_at_index'),
  },
});
export type IdempotencyKeyRecord = InferEntity<typeof IdempotencyKeyRecord>;

/**
 * The transactional outbox of domain events (decision 0142, Migration20270128000001_event_outbox), written and
 * read with SQL by adapters/persistence/sql-event-outbox.ts.
 */
export const EventOutboxRecord = defineEntity({
  name: 'EventOutboxRecord',
  tableName: 'event_outbox',
  properties: {
    id: p.uuid().primary(),
    type: p.string().length(40),
    payload: p.json<Record<string, unknown>>().columnType('jsonb'),
    createdAt: timestamptz().index('event_outbox_created_at_index'),
    claimedUntil: timestamptz().nullable(),
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
  },
});
export type EventOutboxRecord = InferEntity<typeof EventOutboxRecord>;

/**
 * Password reset links (decision 0160, Migration20270129000001_account_lifecycle): only the SHA-256 of the
 * link's secret is kept; a row is deleted when it is used, and expires after an hour.
 */
export const PasswordResetRecord = defineEntity({
  name: 'PasswordResetRecord',
  tableName: 'password_resets',
  properties: {
    tokenHash: p.string().length(64).primary(),
    userId: ownerUserId().index('password_resets_user_id_index'),
    createdAt: timestamptz(),
    expiresAt: timestamptz(),
  },
});
export type PasswordResetRecord = InferEntity<typeof PasswordResetRecord>;

/**
 * The words projects are written with, for "Did you mean" (decision 0214, Migration20270315000001_word_search):
 * PostgreSQL's triggers on projects add them; SqlSearchVocabulary reads them through the trigram index.
 */
export const SearchVocabularyRecord = defineEntity({
  name: 'SearchVocabularyRecord',
  tableName: 'search_vocabulary',
  properties: {
    word: p.text().primary(),
  },
  indexes: [
    {
      name: 'search_vocabulary_word_trgm_index',
      expression: `create index "search_vocabulary_word_trgm_index" on "search_vocabulary" using gin ("word" gin_trgm_ops)`,
    },
  ],
});
export type SearchVocabularyRecord = InferEntity<typeof SearchVocabularyRecord>;
