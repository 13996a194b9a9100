import { defineEntity, type InferEntity } from '@mikro-orm/core';
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
