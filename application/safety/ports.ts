import type { BlockSnapshot } from '../../domain/safety/block.ts';
import type { SuspensionSnapshot } from '../../domain/safety/suspension.ts';

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

/** The suspensions the rest of BuildBid consults (decision 0223), outside a transaction. */
export interface SuspensionQuery {
  /** The suspension that keeps `userId` out at `now`, if any (by `isActiveAt`). */
  activeFor(userId: string, now: Date): Promise<SuspensionSnapshot | null>;
  /** The suspensions that keep these users out at `now`, by user id (the admin's users table). */
  activeAmong(userIds: readonly string[], now: Date): Promise<Map<string, SuspensionSnapshot>>;
}

/** The `suspensions` table inside a unit of work (Transaction.suspensions). */
export interface SuspensionRepository {
  /** The suspension that keeps `userId` out at `now`, if any; read under the user's row lock. */
  activeFor(userId: string, now: Date): Promise<SuspensionSnapshot | null>;
  add(suspension: SuspensionSnapshot): Promise<void>;
  /** Writes a lifted suspension's `liftedAt` and `liftedBy`. */
  save(suspension: SuspensionSnapshot): Promise<void>;
  /** Drops the mails queued to the user and not sent yet (a suspension stops their mail); answers how many. */
  discardUnsentMail(userId: string): Promise<number>;
}
