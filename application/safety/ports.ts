import type { BlockSnapshot } from '../../domain/safety/block.ts';

/** Someone the user blocked, as the profile's 'Blocked people' list shows them. */
export interface BlockedUserView {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  /** True when the blocked account was deleted since (it shows as 'Deleted user'). */
  deleted: boolean;
  blockedAt: Date;
}

/** The blocks two users' messages and bids consult (decision 0220), outside a transaction. */
export interface BlockQuery {
  /** The blocks between `a` and `b`, in either direction (zero, one or two). */
  between(a: string, b: string): Promise<BlockSnapshot[]>;
  /** The people `blockerId` blocked, newest block first. */
  listBlockedBy(blockerId: string): Promise<BlockedUserView[]>;
}

/** The `user_blocks` table inside a unit of work (Transaction.blocks). */
export interface BlockRepository {
  between(a: string, b: string): Promise<BlockSnapshot[]>;
  /** How many people `blockerId` has blocked (MAX_BLOCKS). */
  countByBlocker(blockerId: string): Promise<number>;
  /** Inserts the block; one already there (a concurrent block of the same person) is left as it is. */
  add(block: BlockSnapshot): Promise<void>;
  /** Removes `blockerId`'s block of `blockedId`; answers whether there was one. */
  remove(blockerId: string, blockedId: string): Promise<boolean>;
  /** The pending bids `contractorId` has on projects `ownerId` owns, by project id (the lock order). */
  pendingBidsOn(ownerId: string, contractorId: string): Promise<Array<{ bidId: string; projectId: string }>>;
}
