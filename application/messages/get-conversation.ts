import type { MessageSnapshot } from '../../domain/message/message.ts';
import type { HiddenContent } from '../safety/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { MessageRepository } from './ports.ts';
import { MAX_CONVERSATION_LIMIT } from './shared.ts';

export const DEFAULT_CONVERSATION_LIMIT = 200;

export class GetConversation extends UseCase<{ messages: MessageRepository; hidden: HiddenContent }> {
  /**
   * The conversation between the caller and one other user (optionally about one project), oldest
   * first. Reading changes nothing: marking read is MarkConversationRead (a POST), so a prefetch, a
   * crawler or a cross-site GET cannot mark anything read. A message the moderators hid shows only to its
   * sender (decision 0221; admins read it in the moderation queue, never here).
   */
  async execute(
    userId: string,
    query: { otherUserId: string; projectId?: string | null | undefined; limit?: number | undefined },
  ): Promise<MessageSnapshot[]> {
    const limit = Math.min(
      Math.max(1, Math.trunc(query.limit ?? DEFAULT_CONVERSATION_LIMIT)),
      MAX_CONVERSATION_LIMIT,
    );
    const messages = await this.deps.messages.conversation({ ...query, userId, limit });
    const hidden = await this.deps.hidden.hiddenAmong(
      'message',
      messages.filter((m) => m.senderId !== userId).map((m) => m.id),
    );
    return hidden.size === 0 ? messages : messages.filter((m) => !hidden.has(m.id));
  }
}
