import { withFields } from '../shared/entity.ts';
import { ValidationError } from '../shared/errors.ts';
import { MESSAGE_ERRORS } from './errors.ts';

/** accounts-and-shell section 3: a message is text, a file or a system note; users send text. */
export const MESSAGE_TYPES = ['text', 'file', 'system'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Decision: a chat message holds at most 5,000 characters (after trimming). */
export const MAX_MESSAGE_LENGTH = 5000;

export interface MessageSnapshot {
  id: string;
  senderId: string;
  receiverId: string;
  projectId: string | null;
  type: MessageType;
  content: string;
  attachment: string | null;
  isRead: boolean;
  createdAt: Date;
}

export interface SendMessageProps {
  id: string;
  senderId: string;
  receiverId: string;
  projectId?: string | null | undefined;
  content: string;
  type?: string | undefined;
  now: Date;
}

/** A chat message between two users, optionally about a project. Only its two parties ever see it. */
export class Message extends withFields<MessageSnapshot>()(
  'senderId',
  'receiverId',
  'projectId',
  'content',
  'createdAt',
) {
  private constructor(props: MessageSnapshot) {
    super(props);
  }

  /**
   * The chat rules (accounts-and-shell section 5): the content is trimmed and must not be empty,
   * at most MAX_MESSAGE_LENGTH characters; nobody messages themselves; users send text only.
   */
  static send(input: SendMessageProps): Message {
    const type = input.type ?? 'text';
    if (type !== 'text') {
      throw new ValidationError('UNSUPPORTED_MESSAGE_TYPE', "Only 'text' messages can be sent", 'type');
    }
    if (input.senderId === input.receiverId) {
      throw MESSAGE_ERRORS.CANNOT_MESSAGE_SELF({ field: 'receiverId' });
    }
    const content = input.content.trim();
    if (content === '') {
      throw MESSAGE_ERRORS.MESSAGE_EMPTY({ field: 'content' });
    }
    if ([...content].length > MAX_MESSAGE_LENGTH) {
      throw MESSAGE_ERRORS.MESSAGE_TOO_LONG(
        `Message must be at most ${MAX_MESSAGE_LENGTH} characters`,
        'content',
      );
    }
    return new Message({
      id: input.id,
      senderId: input.senderId,
      receiverId: input.receiverId,
      projectId: input.projectId ?? null,
      type,
      content,
      attachment: null,
      isRead: false,
      createdAt: input.now,
    });
  }

  static restore(snapshot: MessageSnapshot): Message {
    return new Message({ ...snapshot });
  }

  /** Whether `userId` is one of the two parties (the only people who may see it). */
  involves(userId: string): boolean {
    return this.props.senderId === userId || this.props.receiverId === userId;
  }
}

export const RECIPIENT_DELETED_MESSAGE = 'This account has been deleted; the conversation is closed';

/**
 * Nobody messages a deleted account (decision 0193): its conversations are closed, and a message
 * to it is refused with 409 RECIPIENT_DELETED instead of being stored for nobody to read.
 */
export function assertMayReceiveMessages(receiver: { readonly isDeleted: boolean }): void {
  if (receiver.isDeleted) {
    throw MESSAGE_ERRORS.RECIPIENT_DELETED(RECIPIENT_DELETED_MESSAGE, 'receiverId');
  }
}

/** A short single-line preview of a message's content, for notifications and socket pushes. */
export function messagePreview(content: string, max = 120): string {
  const line = content.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('')}…`;
}
