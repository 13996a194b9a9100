import { type Static, Type } from 'typebox';
import { notificationView } from '../../../../application/notifications/use-cases.ts';
import {
  MAX_MESSAGE_LENGTH,
  MESSAGE_TYPES,
  type MessageSnapshot,
} from '../../../../domain/message/message.ts';
import {
  NOTIFICATION_TYPES,
  type NotificationSnapshot,
} from '../../../../domain/notification/notification.ts';
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
  { $id: 'Notification', additionalProperties: false },
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
  { $id: 'Message', additionalProperties: false },
);

export const AdminUserSchema = Type.Object(UserSchema.properties, {
  $id: 'AdminUser',
  additionalProperties: false,
  description: 'A user as the admin table shows it (the same fields as User).',
});

export const AdminStatsSchema = Type.Object(
  {
    activeProjects: Type.Integer({ description: 'Projects with status active' }),
    totalBids: Type.Integer({ description: 'Every bid ever submitted' }),
  },
  { $id: 'AdminStats', additionalProperties: false },
);

export const MESSAGING_SCHEMAS = [NotificationSchema, MessageSchema, AdminUserSchema, AdminStatsSchema];

export const NotificationRef = ref(NotificationSchema);
export const MessageRef = ref(MessageSchema);
export const AdminUserRef = ref(AdminUserSchema);
export const AdminStatsRef = ref(AdminStatsSchema);

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
