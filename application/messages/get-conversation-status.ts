import { RECIPIENT_DELETED_MESSAGE } from '../../domain/message/message.ts';
import { messagingBlock } from '../../domain/safety/block.ts';
import { USER_ERRORS } from '../../domain/user/errors.ts';

import type { UserRepository } from '../accounts/ports.ts';
import type { BlockQuery } from '../safety/ports.ts';
import { UseCase } from '../shared/use-case.ts';

/**
 * Whether a conversation takes new messages: `closed` once the other party deleted their account (decision
 * 0193), or while a block stands between the two (decision 0220).
 */
export interface ConversationStatus {
  otherUserId: string;
  closed: boolean;
  /** Why it is closed, for the dialog's line; null while open. */
  closedReason: string | null;
  /** Whether the caller blocked the other person (the dialog then offers no 'Block'). */
  blockedByMe: boolean;
}

export class GetConversationStatus extends UseCase<{ users: UserRepository; blocks: BlockQuery }> {
  /**
   * The message dialog asks when it opens, to show a closed conversation without its composer. A blocked
   * caller reads 'You cannot message this person' and nothing more; the blocker is reminded of their block.
   */
  async execute(callerId: string, otherUserId: string): Promise<ConversationStatus> {
    const other = await this.deps.users.findById(otherUserId);
    if (!other) throw USER_ERRORS.USER_NOT_FOUND({ field: 'otherUserId' });
    if (other.isDeleted) {
      return { otherUserId, closed: true, closedReason: RECIPIENT_DELETED_MESSAGE, blockedByMe: false };
    }
    const block = messagingBlock(
      callerId,
      otherUserId,
      await this.deps.blocks.between(callerId, otherUserId),
    );
    return block
      ? { otherUserId, closed: true, closedReason: block.reason, blockedByMe: block.blockedByMe }
      : { otherUserId, closed: false, closedReason: null, blockedByMe: false };
  }
}
