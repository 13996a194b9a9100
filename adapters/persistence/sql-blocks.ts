import type { EntityManager } from '@mikro-orm/core';
import type { BlockedUserView, BlockQuery, BlockRepository } from '../../application/safety/ports.ts';
import type { BlockSnapshot } from '../../domain/safety/block.ts';
import { isUuid } from './marketplace-mappers.ts';
import { runSql, toCount } from './sql.ts';

interface BlockRow {
  blocker_id: string;
  blocked_id: string;
  created_at: Date | string;
}

interface BlockedUserRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  deleted: boolean;
  created_at: Date | string;
}

/**
 * The `user_blocks` table (decision 0220, Migration20270320000001_blocks): BlockQuery on the global `orm.em`,
 * and BlockRepository inside a unit of work (bound to its transaction's em).
 */
export class SqlBlocks implements BlockQuery, BlockRepository {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async between(a: string, b: string): Promise<BlockSnapshot[]> {
    if (!isUuid(a) || !isUuid(b)) return [];
    const rows = await runSql<BlockRow>(
      this.#em,
      `select blocker_id, blocked_id, created_at from user_blocks
        where (blocker_id = ? and blocked_id = ?) or (blocker_id = ? and blocked_id = ?)`,
      [a, b, b, a],
    );
    return rows.map((r) => ({
      blockerId: r.blocker_id,
      blockedId: r.blocked_id,
      createdAt: new Date(r.created_at),
    }));
  }

  async listBlockedBy(blockerId: string): Promise<BlockedUserView[]> {
    if (!isUuid(blockerId)) return [];
    const rows = await runSql<BlockedUserRow>(
      this.#em,
      `select u.id, u.first_name, u.last_name, u.profile_image_url, u.deleted_at is not null as deleted,
              b.created_at
         from user_blocks b join users u on u.id = b.blocked_id
        where b.blocker_id = ?
        order by b.created_at desc, u.id`,
      [blockerId],
    );
    return rows.map((r) => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      profileImageUrl: r.profile_image_url,
      deleted: r.deleted,
      blockedAt: new Date(r.created_at),
    }));
  }

  async countByBlocker(blockerId: string): Promise<number> {
    const [row] = await runSql<{ n: unknown }>(
      this.#em,
      'select count(*) as n from user_blocks where blocker_id = ?',
      [blockerId],
    );
    return toCount(row?.n);
  }

  async add(block: BlockSnapshot): Promise<void> {
    await runSql(
      this.#em,
      `insert into user_blocks (blocker_id, blocked_id, created_at) values (?, ?, ?)
       on conflict (blocker_id, blocked_id) do nothing`,
      [block.blockerId, block.blockedId, block.createdAt],
    );
  }

  async remove(blockerId: string, blockedId: string): Promise<boolean> {
    if (!isUuid(blockerId) || !isUuid(blockedId)) return false;
    const rows = await runSql<{ blocked_id: string }>(
      this.#em,
      'delete from user_blocks where blocker_id = ? and blocked_id = ? returning blocked_id',
      [blockerId, blockedId],
    );
    return rows.length > 0;
  }

  pendingBidsOn(ownerId: string, contractorId: string): Promise<Array<{ bidId: string; projectId: string }>> {
    return runSql<{ bidId: string; projectId: string }>(
      this.#em,
      `select b.id as "bidId", b.project_id as "projectId"
         from bids b join projects p on p.id = b.project_id
        where p.client_id = ? and b.contractor_id = ? and b.status = 'pending'
        order by b.project_id`,
      [ownerId, contractorId],
    );
  }
}
