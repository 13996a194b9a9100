import type { NotificationSnapshot } from '../../domain/notification/notification.ts';

/** The socket message that carries a new notification. */
export const NOTIFICATION_PUSH = 'notification';

/** What the API and the socket show of a notification. */
export function notificationView(n: NotificationSnapshot) {
  return {
    id: n.id,
    userId: n.userId,
    type: n.type,
    title: n.title,
    message: n.message,
    relatedEntityId: n.relatedEntityId,
    isRead: n.isRead,
    createdAt: n.createdAt.toISOString(),
  };
}
