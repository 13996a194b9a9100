import { UseCase } from '../shared/use-case.ts';
import type { MessageRepository } from './ports.ts';
import { MAX_CONVERSATION_LIMIT } from './shared.ts';

export class MarkConversationRead extends UseCase<{ messages: MessageRepository }> {
  /** Marks the caller's unread incoming messages of one conversation read; answers how many. */
  async execute(
    userId: string,
    query: { otherUserId: string; projectId?: string | null | undefined },
  ): Promise<number> {
    const messages = await this.deps.messages.conversation({
      ...query,
      userId,
      limit: MAX_CONVERSATION_LIMIT,
    });
    const unread = messages.filter((m) => m.receiverId === userId && !m.isRead).map((m) => m.id);
    return unread.length > 0 ? this.deps.messages.markRead(userId, unread) : 0;
  }
}
