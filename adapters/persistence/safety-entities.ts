import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { timestamptz, userRef } from './entities.ts';

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
