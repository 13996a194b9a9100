import type { MessageSnapshot } from '../../domain/message/message.ts';
import { UseCase } from '../shared/use-case.ts';
import type { MessageRepository } from './ports.ts';
import { MAX_CONVERSATION_LIMIT } from './shared.ts';

export const DEFAULT_CONVERSATION_LIMIT = 200;

export class GetConversation extends UseCase<{ messages: MessageRepository }> {
  /**
   * The conversation between the caller and one other user (optionally about one project), oldest
   * first. Reading changes nothing: marking read is MarkConversationRead (a POST), so a prefetch, a
   * crawler or a cross-site GET cannot mark anything read.
   */
  async execute(
    userId: string,
    query: { otherUserId: string; projectId?: string | null | undefined; limit?: number | undefined },
  ): Promise<MessageSnapshot[]> {
    const limit = Math.min(
      Math.max(1, Math.trunc(query.limit ?? DEFAULT_CONVERSATION_LIMIT)),
      MAX_CONVERSATION_LIMIT,
    );
    return this.deps.messages.conversation({ ...query, userId, limit });
  }
}
