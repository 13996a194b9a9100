import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { jsonList, timestamptz, userRef } from './entities.ts';

/**
 * One user's block of another (decision 0220, Migration20270320000001_blocks), written by SqlBlocks. Either
 * user's row going removes it.
 */
export const UserBlockRecord = defineEntity({
  name: 'UserBlockRecord',
  tableName: 'user_blocks',
  properties: {
    blockerId: userRef('blocker_id').primary().deleteRule('cascade'),
    blockedId: userRef('blocked_id').primary().deleteRule('cascade').index('user_blocks_blocked_id_index'),
    createdAt: timestamptz(),
  },
});
export type UserBlockRecord = InferEntity<typeof UserBlockRecord>;

/**
 * A suspension (decision 0223, Migration20270325000002_suspensions), written by SqlSuspensions. The partial
 * index holds the rows not lifted: the standing ones, and those that ran out unlifted.
 */
export const SuspensionRecord = defineEntity({
  name: 'SuspensionRecord',
  tableName: 'suspensions',
  properties: {
    id: p.uuid().primary(),
    userId: userRef('user_id').deleteRule('cascade'),
    suspendedBy: userRef('suspended_by').nullable().deleteRule('set null'),
    reason: p.text(),
    startsAt: timestamptz(),
    endsAt: timestamptz().nullable(),
    liftedAt: timestamptz().nullable(),
    liftedBy: userRef('lifted_by').nullable().deleteRule('set null'),
    reportId: p.uuid().nullable(),
  },
  indexes: [
    {
      name: 'suspensions_standing_user_id_index',
      expression:
        'create index "suspensions_standing_user_id_index" on "suspensions" ("user_id") where "lifted_at" is null',
    },
  ],
});
export type SuspensionRecord = InferEntity<typeof SuspensionRecord>;

/**
 * The admin actions log (decision 0224, Migration20270325000002_suspensions): suspensions and lifts, with the
 * report each closed; written by SqlAdminActionLog, read by SqlAdminQuery.
 */
export const AdminActionRecord = defineEntity({
  name: 'AdminActionRecord',
  tableName: 'admin_actions',
  properties: {
    id: p.uuid().primary(),
    actorId: userRef('actor_id').nullable().deleteRule('set null'),
    targetId: userRef('target_id').deleteRule('cascade'),
    action: p.string().length(40),
    reason: p.text().nullable(),
    reportId: p.uuid().nullable(),
    endsAt: timestamptz().nullable(),
    createdAt: timestamptz().index('admin_actions_created_at_index'),
  },
});
export type AdminActionRecord = InferEntity<typeof AdminActionRecord>;
const TARGET_TYPE = () => p.string().length(20);
const REASON = () => p.string().length(30);

/**
 * Reports (decision 0221, Migration20270325000001_reports), written by SqlModeration. `reporterId` is null for
 * BuildBid's own reports; one open report per reporter per item (a partial unique index).
 */
export const ReportRecord = defineEntity({
  name: 'ReportRecord',
  tableName: 'reports',
  properties: {
    id: p.uuid().primary(),
    reporterId: userRef('reporter_id').nullable().deleteRule('cascade'),
    targetType: TARGET_TYPE(),
    targetId: p.uuid(),
    authorId: userRef('author_id').nullable().deleteRule('set null').index('reports_author_id_index'),
    reason: REASON(),
    details: p.text().nullable(),
    status: p.string().length(10),
    outcome: p.string().length(20).nullable(),
    decidedBy: userRef('decided_by').nullable().deleteRule('set null').index('reports_decided_by_index'),
    decidedAt: timestamptz().nullable(),
    createdAt: timestamptz(),
  },
  indexes: [
    {
      name: 'reports_one_open_per_reporter',
      expression: `create unique index "reports_one_open_per_reporter" on "reports" ("reporter_id", "target_type", "target_id") where "status" = 'open' and "reporter_id" is not null`,
    },
    {
      name: 'reports_open_by_target_index',
      expression: `create index "reports_open_by_target_index" on "reports" ("target_type", "target_id", "created_at") where "status" = 'open'`,
    },
  ],
});
export type ReportRecord = InferEntity<typeof ReportRecord>;

/** An admin's claim on an item of the moderation queue (decision 0221): one per item. */
export const ModerationClaimRecord = defineEntity({
  name: 'ModerationClaimRecord',
  tableName: 'moderation_claims',
  properties: {
    targetType: TARGET_TYPE().primary(),
    targetId: p.uuid().primary(),
    adminId: userRef('admin_id').deleteRule('cascade').index('moderation_claims_admin_id_index'),
    claimedAt: timestamptz(),
  },
});
export type ModerationClaimRecord = InferEntity<typeof ModerationClaimRecord>;

/** Content a moderation decision hid (decision 0221): one row per item, read by every read path of it. */
export const HiddenContentRecord = defineEntity({
  name: 'HiddenContentRecord',
  tableName: 'hidden_content',
  properties: {
    targetType: TARGET_TYPE().primary(),
    targetId: p.uuid().primary(),
    authorId: userRef('author_id').nullable().deleteRule('set null').index('hidden_content_author_id_index'),
    reason: REASON(),
    note: p.text().nullable(),
    hiddenBy: userRef('hidden_by').nullable().deleteRule('set null').index('hidden_content_hidden_by_index'),
    hiddenAt: timestamptz(),
  },
});
export type HiddenContentRecord = InferEntity<typeof HiddenContentRecord>;

/** The moderation log (decision 0221): each decision, with the reports it closed. */
export const ModerationActionRecord = defineEntity({
  name: 'ModerationActionRecord',
  tableName: 'moderation_actions',
  properties: {
    id: p.uuid().primary(),
    adminId: userRef('admin_id').nullable().deleteRule('set null').index('moderation_actions_admin_id_index'),
    action: p.string().length(20),
    targetType: TARGET_TYPE(),
    targetId: p.uuid(),
    subjectId: userRef('subject_id')
      .nullable()
      .deleteRule('set null')
      .index('moderation_actions_subject_id_index'),
    reason: REASON().nullable(),
    note: p.text().nullable(),
    reportIds: jsonList(),
    createdAt: timestamptz().index('moderation_actions_created_at_index'),
  },
});
export type ModerationActionRecord = InferEntity<typeof ModerationActionRecord>;
