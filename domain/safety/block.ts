/**
 * Blocking a person (issue 27 item 4, decision 0220): the first rule of the trust and safety context, which
 * reports, suspensions and verification will join. A block is one user's choice about another; it is silent:
 * the blocked person is told only 'You cannot message this person', and a project of the blocker's behaves
 * to them as if it were not taking bids.
 */
import { MESSAGE_ERRORS } from '../message/errors.ts';
import { PROJECT_ERRORS } from '../project/errors.ts';
import type { Role } from '../user/user.ts';
import { SAFETY_ERRORS } from './errors.ts';

/** How many people one user may have blocked at once (decision 0220). */
export const MAX_BLOCKS = 1000;

/** Blocks one user may make in a minute, and as many unblocks (decision 0220), answered 429 past it. */
export const BLOCK_CHANGES_PER_MINUTE = 30;

/** What the blocked person (and only ever this) is told: the message dialog's line and the send's refusal. */
export const CANNOT_MESSAGE_THIS_PERSON = 'You cannot message this person';

/** What the blocker is told in the conversation with someone they blocked: their own act, nothing to hide. */
export const YOU_BLOCKED_THIS_PERSON =
  'You blocked this person. Unblock them in your profile to message them.';

/** What a blocked contractor is told when bidding on the blocker's project: bids are closed to them, no more. */
export const NOT_TAKING_BIDS = 'This project is not accepting bids';

/** What a contractor who blocked the project's owner is told when bidding on it. */
export const YOU_BLOCKED_THE_OWNER = "You blocked this project's owner. Unblock them in your profile to bid.";

export interface BlockSnapshot {
  blockerId: string;
  blockedId: string;
  createdAt: Date;
}

/** Who blocks or is blocked: a User satisfies it. */
export interface BlockParty {
  readonly id: string;
  readonly role: Role;
  readonly isDeleted: boolean;
}

/** One user's block of another. Made by `Block.create`; undone by deleting it. */
export class Block {
  readonly #props: BlockSnapshot;

  private constructor(props: BlockSnapshot) {
    this.#props = props;
  }

  /**
   * The rules of blocking: nobody blocks themselves (400 CANNOT_BLOCK_SELF); admins neither block (403
   * ADMIN_CANNOT_BLOCK: moderation is their tool) nor are blocked (403 CANNOT_BLOCK_ADMIN: the people who run
   * BuildBid can always reach a user); a deleted account cannot be blocked (it is not there: 404, the
   * caller's lookup). `blockedCount` is how many people the blocker has blocked already (MAX_BLOCKS).
   */
  static create(input: { blocker: BlockParty; blocked: BlockParty; blockedCount: number; now: Date }): Block {
    const { blocker, blocked } = input;
    if (blocker.id === blocked.id) throw SAFETY_ERRORS.CANNOT_BLOCK_SELF({ field: 'userId' });
    if (blocker.role === 'admin') throw SAFETY_ERRORS.ADMIN_CANNOT_BLOCK();
    if (blocked.role === 'admin') throw SAFETY_ERRORS.CANNOT_BLOCK_ADMIN({ field: 'userId' });
    if (input.blockedCount >= MAX_BLOCKS) {
      throw SAFETY_ERRORS.BLOCK_LIMIT_REACHED(
        `You can block at most ${MAX_BLOCKS} people. Unblock someone in your profile first.`,
      );
    }
    return new Block({ blockerId: blocker.id, blockedId: blocked.id, createdAt: input.now });
  }

  static restore(snapshot: BlockSnapshot): Block {
    return new Block({ ...snapshot });
  }

  get blockerId(): string {
    return this.#props.blockerId;
  }
  get blockedId(): string {
    return this.#props.blockedId;
  }

  toSnapshot(): BlockSnapshot {
    return { ...this.#props };
  }
}

/** The blocks between `a` and `b`, in either direction. */
function between(a: string, b: string, blocks: readonly BlockSnapshot[]): BlockSnapshot[] {
  return blocks.filter(
    (x) => (x.blockerId === a && x.blockedId === b) || (x.blockerId === b && x.blockedId === a),
  );
}

/**
 * Whether `viewerId` and `otherId` may message each other, and if not, what the viewer is told: a block in
 * either direction closes the conversation both ways. The viewer who blocked is reminded of it (whatever the
 * other did); the viewer who is only blocked is told CANNOT_MESSAGE_THIS_PERSON and nothing more.
 */
export function messagingBlock(
  viewerId: string,
  otherId: string,
  blocks: readonly BlockSnapshot[],
): { reason: string; blockedByMe: boolean } | null {
  const found = between(viewerId, otherId, blocks);
  if (found.length === 0) return null;
  const blockedByMe = found.some((x) => x.blockerId === viewerId);
  return { reason: blockedByMe ? YOU_BLOCKED_THIS_PERSON : CANNOT_MESSAGE_THIS_PERSON, blockedByMe };
}

/** A message between two people with a block between them is refused: 403 CANNOT_MESSAGE_USER. */
export function assertNoBlockBetween(
  senderId: string,
  receiverId: string,
  blocks: readonly BlockSnapshot[],
): void {
  const block = messagingBlock(senderId, receiverId, blocks);
  if (block) throw MESSAGE_ERRORS.CANNOT_MESSAGE_USER(block.reason, 'receiverId');
}

/**
 * A bid between two people with a block between them is refused. The contractor the owner blocked is answered
 * as a project closed to bids (409 PROJECT_NOT_BIDDING 'This project is not accepting bids'), so the block stays
 * silent; a contractor who blocked the owner is reminded of their own block (same code).
 */
export function assertMayBidDespiteBlocks(
  bidderId: string,
  ownerId: string,
  blocks: readonly BlockSnapshot[],
): void {
  const found = between(bidderId, ownerId, blocks);
  if (found.length === 0) return;
  const blockedByBidder = found.some((x) => x.blockerId === bidderId);
  throw PROJECT_ERRORS.PROJECT_NOT_BIDDING(blockedByBidder ? YOU_BLOCKED_THE_OWNER : NOT_TAKING_BIDS);
}
