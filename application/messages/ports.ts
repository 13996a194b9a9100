import type { MessageSnapshot } from '../../domain/message/message.ts';
import type { DomainEvent } from '../../domain/shared/events.ts';

export interface ConversationQuery {
  /** The caller: one of the two parties of every message returned. */
  userId: string;
  otherUserId: string;
  /** Only the messages about this project; undefined or null: all messages between the two. */
  projectId?: string | null | undefined;
  /** The newest `limit` messages are returned, oldest first. */
  limit: number;
}

/** The `messages` table. Reads are always between two named parties. */
export interface MessageRepository {
  /** Stores the message and, in the same transaction, its events in the outbox (decision 0142). */
  add(message: MessageSnapshot, events?: readonly DomainEvent[]): Promise<void>;
  /** Messages between the two users (either direction), oldest first. */
  conversation(query: ConversationQuery): Promise<MessageSnapshot[]>;
  /** Marks these messages read, but only those addressed to `receiverId`; returns how many changed. */
  markRead(receiverId: string, ids: readonly string[]): Promise<number>;
  projectExists(projectId: string): Promise<boolean>;
}
