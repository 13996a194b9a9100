import { RECIPIENT_DELETED_MESSAGE } from '../../domain/message/message.ts';
import { USER_ERRORS } from '../../domain/user/errors.ts';

import type { UserRepository } from '../accounts/ports.ts';
import { UseCase } from '../shared/use-case.ts';

/** Whether a conversation takes new messages (decision 0193): `closed` once the other party deleted their account. */
export interface ConversationStatus {
  otherUserId: string;
  closed: boolean;
  /** Why it is closed, for the dialog's line; null while open. */
  closedReason: string | null;
}

export class GetConversationStatus extends UseCase<{ users: UserRepository }> {
  /** The message dialog asks when it opens, to show a closed conversation without its composer. */
  async execute(otherUserId: string): Promise<ConversationStatus> {
    const other = await this.deps.users.findById(otherUserId);
    if (!other) throw USER_ERRORS.USER_NOT_FOUND({ field: 'otherUserId' });
    return other.isDeleted
      ? { otherUserId, closed: true, closedReason: RECIPIENT_DELETED_MESSAGE }
      : { otherUserId, closed: false, closedReason: null };
  }
}
