import { type Static, Type } from 'typebox';
import type { RoleChangeView } from '#application/admin/ports.ts';
import { notificationView } from '#application/notifications/index.ts';
import { MAX_MESSAGE_LENGTH, MESSAGE_TYPES, type MessageSnapshot } from '#domain/message/message.ts';
import { NOTIFICATION_TYPES, type NotificationSnapshot } from '#domain/notification/notification.ts';
import { ROLES } from '#domain/user/user.ts';
import { SuspensionRef } from './schemas/suspension.ts';
import { ref, UserSchema } from './schemas.ts';

/** Schemas of notifications, messages and the admin calls, registered with an $id (components/schemas). */
export const NotificationSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    userId: Type.String({ format: 'uuid' }),
    type: Type.Enum([...NOTIFICATION_TYPES]),
    title: Type.String({ maxLength: 255 }),
    message: Type.String(),
    relatedEntityId: Type.Union([Type.String(), Type.Null()], {
      description:
        'The project id for bid, review, completion and cancellation notifications; the sender’s user id for message_received; the badge id for a badge',
    }),
    isRead: Type.Boolean(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'Notification',
    additionalProperties: false,
    examples: [
      {
        id: '5b0f6a52-8d4c-4a53-9a0e-0e3c1f6a2b11',
        userId: '0d8e4c1a-3b7f-4e2a-9c55-7a1b2c3d4e5f',
        type: 'bid_received',
        title: 'New bid received',
        message: 'Marcus Rolle bid $18,500.00 on Kitchen remodel in Nassau.',
        relatedEntityId: 'c3a1f2e4-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
        isRead: false,
        createdAt: '2026-11-21T14:05:00.000Z',
      },
    ],
  },
);

export const MessageSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    senderId: Type.String({ format: 'uuid' }),
    receiverId: Type.String({ format: 'uuid' }),
    projectId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    type: Type.Enum([...MESSAGE_TYPES]),
    content: Type.String({ maxLength: MAX_MESSAGE_LENGTH }),
    attachment: Type.Union([Type.String(), Type.Null()]),
    isRead: Type.Boolean(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'Message',
    additionalProperties: false,
    examples: [
      {
        id: '9f1e2d3c-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
        senderId: '0d8e4c1a-3b7f-4e2a-9c55-7a1b2c3d4e5f',
        receiverId: '7e6d5c4b-3a29-4f18-9e07-d6c5b4a39281',
        projectId: 'c3a1f2e4-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
        type: 'text',
        content: 'Can you start the week of December 7th?',
        attachment: null,
        isRead: false,
        createdAt: '2026-11-21T14:07:00.000Z',
      },
    ],
  },
);

/** Whether a conversation takes new messages (decision 0193): closed once the other user deleted their account. */
const ConversationStatusSchema = Type.Object(
  {
    otherUserId: Type.String({ format: 'uuid' }),
    closed: Type.Boolean({
      description: 'True once the other user deleted their account, or while either of you blocked the other',
    }),
    closedReason: Type.Union([Type.String(), Type.Null()], {
      description: 'Why it is closed, for the message dialog; null while it is open',
    }),
    blockedByMe: Type.Boolean({ description: 'Whether you blocked the other user (decision 0220)' }),
  },
  {
    $id: 'ConversationStatus',
    additionalProperties: false,
    examples: [
      {
        otherUserId: '7e6d5c4b-3a29-4f18-9e07-d6c5b4a39281',
        closed: true,
        closedReason: 'This account has been deleted; the conversation is closed',
        blockedByMe: false,
      },
    ],
  },
);

const AdminUserSchema = Type.Object(
  {
    ...UserSchema.properties,
    suspension: Type.Optional(
      Type.Union([SuspensionRef, Type.Null()], {
        description:
          'In the users table: the suspension that keeps them out now (decision 0223), or null. Left out elsewhere.',
      }),
    ),
  },
  {
    $id: 'AdminUser',
    additionalProperties: false,
    description: 'A user as the admin table shows it (the fields of User, and their standing suspension).',
  },
);

const AdminStatsSchema = Type.Object(
  {
    activeProjects: Type.Integer({ description: 'Projects with status active' }),
    totalBids: Type.Integer({ description: 'Every bid ever submitted' }),
  },
  { $id: 'AdminStats', additionalProperties: false },
);

const AuditPersonSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String({ description: "'First Last', or the email without a name" }),
    email: Type.String(),
  },
  { additionalProperties: false },
);

export const RoleChangeSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    admin: Type.Union([AuditPersonSchema, Type.Null()], {
      description: 'Who changed it; null for the admin:promote command, or once their account is gone',
    }),
    user: AuditPersonSchema,
    fromRole: Type.Enum([...ROLES]),
    toRole: Type.Enum([...ROLES]),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'RoleChange', additionalProperties: false, description: 'One entry of the role-change audit log' },
);

export function toRoleChangeDto(change: RoleChangeView): Static<typeof RoleChangeSchema> {
  return {
    id: change.id,
    admin: change.actor,
    user: change.target,
    fromRole: change.fromRole,
    toRole: change.toRole,
    createdAt: change.createdAt.toISOString(),
  };
}

export const MESSAGING_SCHEMAS = [
  NotificationSchema,
  MessageSchema,
  ConversationStatusSchema,
  AdminUserSchema,
  AdminStatsSchema,
  RoleChangeSchema,
];

export const NotificationRef = ref(NotificationSchema);
export const MessageRef = ref(MessageSchema);
export const ConversationStatusRef = ref(ConversationStatusSchema);
export const AdminUserRef = ref(AdminUserSchema);
export const AdminStatsRef = ref(AdminStatsSchema);
export const RoleChangeRef = ref(RoleChangeSchema);

export function toNotificationDto(n: NotificationSnapshot): Static<typeof NotificationSchema> {
  return notificationView(n);
}

export function toMessageDto(m: MessageSnapshot): Static<typeof MessageSchema> {
  return {
    id: m.id,
    senderId: m.senderId,
    receiverId: m.receiverId,
    projectId: m.projectId,
    type: m.type,
    content: m.content,
    attachment: m.attachment,
    isRead: m.isRead,
    createdAt: m.createdAt.toISOString(),
  };
}
