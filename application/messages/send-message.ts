import {
  assertMayReceiveMessages,
  Message,
  type MessageSnapshot,
  messagePreview,
} from '../../domain/message/message.ts';
import { PROJECT_ERRORS } from '../../domain/project/errors.ts';
import { assertNoBlockBetween } from '../../domain/safety/block.ts';
import type { MessageSent } from '../../domain/shared/events.ts';
import { USER_ERRORS } from '../../domain/user/errors.ts';
import type { User } from '../../domain/user/user.ts';
import type { UserRepository } from '../accounts/ports.ts';
import type { RealtimePort } from '../realtime/ports.ts';
import type { BlockQuery } from '../safety/ports.ts';
import type { EventPublisher } from '../shared/marketplace-ports.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { MessageRepository } from './ports.ts';

/** The socket message that tells a receiver about a new message (the spec's client reads data.senderId). */
const NEW_MESSAGE_PUSH = 'new_message';

export interface SendMessageInput {
  receiverId: string;
  projectId?: string | null | undefined;
  content: string;
  type?: string | undefined;
}

export class SendMessage extends UseCase<{
  users: UserRepository;
  messages: MessageRepository;
  blocks: BlockQuery;
  events: EventPublisher;
  realtime: RealtimePort;
  ids: IdGenerator;
  clock: Clock;
}> {
  /**
   * Stores the message (the rules are the domain's: trimmed, not empty, not too long, not to yourself),
   * then pushes `new_message` to the receiver's sockets and publishes `message_sent` (the receiver's
   * message_received notification). An unknown receiver or project answers 404; a deleted receiver 409
   * RECIPIENT_DELETED (decision 0193: the conversation is closed, nothing is stored); a block between the two,
   * either way, 403 CANNOT_MESSAGE_USER (decision 0220: the blocked sender reads only 'You cannot message this
   * person').
   */
  async execute(sender: User, input: SendMessageInput): Promise<MessageSnapshot> {
    const now = this.deps.clock.now();
    const message = Message.send({ ...input, id: this.deps.ids.next(), senderId: sender.id, now });
    const receiver = await this.deps.users.findById(input.receiverId);
    if (!receiver) throw USER_ERRORS.USER_NOT_FOUND({ field: 'receiverId' });
    assertMayReceiveMessages(receiver);
    assertNoBlockBetween(sender.id, receiver.id, await this.deps.blocks.between(sender.id, receiver.id));
    if (message.projectId && !(await this.deps.messages.projectExists(message.projectId))) {
      throw PROJECT_ERRORS.PROJECT_NOT_FOUND({ field: 'projectId' });
    }
    const snapshot = message.toSnapshot();
    const preview = messagePreview(snapshot.content);
    const event: MessageSent = {
      type: 'message_sent',
      occurredAt: now,
      messageId: snapshot.id,
      senderId: sender.id,
      senderName: sender.name,
      recipientId: receiver.id,
      projectId: snapshot.projectId,
      preview,
    };
    // The message and its event commit together (the transactional outbox, decision 0142).
    await this.deps.messages.add(snapshot, [event]);

    await this.deps.realtime
      .sendToUser(receiver.id, { type: NEW_MESSAGE_PUSH, data: newMessagePush(snapshot, preview) })
      .catch(() => undefined);
    await this.deps.events.publish([event]);
    return snapshot;
  }
}

/**
 * The socket payload of a new message: ids and a preview only, so it stays far below PostgreSQL's
 * 8000-byte NOTIFY limit whatever the message's length. The client refetches the conversation.
 */
function newMessagePush(m: MessageSnapshot, preview = messagePreview(m.content)) {
  return {
    id: m.id,
    senderId: m.senderId,
    receiverId: m.receiverId,
    projectId: m.projectId,
    type: m.type,
    preview,
    createdAt: m.createdAt.toISOString(),
  };
}
