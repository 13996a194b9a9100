import {
  type NotificationDraft,
  type NotificationSnapshot,
  notificationsForEvent,
} from '../../domain/notification/notification.ts';
import { NotFoundError } from '../../domain/shared/errors.ts';
import type { DomainEvent } from '../../domain/shared/events.ts';
import type { RealtimePort } from '../realtime/ports.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { NotificationRepository } from './ports.ts';

/** Default and largest page of GET /api/notifications. */
export const DEFAULT_NOTIFICATION_LIMIT = 50;
export const MAX_NOTIFICATION_LIMIT = 100;

/** The socket message that carries a new notification. */
export const NOTIFICATION_PUSH = 'notification';

/**
 * Stores notifications and pushes each to its user's open sockets. A failed push never undoes the
 * stored notification (the bell's polling finds it).
 */
export class Notify extends UseCase<{
  notifications: NotificationRepository;
  realtime: RealtimePort;
  ids: IdGenerator;
  clock: Clock;
}> {
  async execute(drafts: readonly NotificationDraft[]): Promise<NotificationSnapshot[]> {
    if (drafts.length === 0) return [];
    const now = this.deps.clock.now();
    const stored = drafts.map((d) => ({ ...d, id: this.deps.ids.next(), isRead: false, createdAt: now }));
    await this.deps.notifications.add(stored);
    await Promise.allSettled(
      stored.map((n) =>
        this.deps.realtime.sendToUser(n.userId, { type: NOTIFICATION_PUSH, data: notificationView(n) }),
      ),
    );
    return stored;
  }
}

/** The event subscriber: a published (committed) domain event becomes its notifications. */
export class NotifyOnEvent extends UseCase<{ notify: Notify }> {
  execute(event: DomainEvent): Promise<NotificationSnapshot[]> {
    return this.deps.notify.execute(notificationsForEvent(event));
  }
}

/** A `system` notification to one user (operators, announcements). */
export class SendSystemNotification extends UseCase<{ notify: Notify }> {
  async execute(input: { userId: string; title: string; message: string; relatedEntityId?: string | null }) {
    const [stored] = await this.deps.notify.execute([
      {
        userId: input.userId,
        type: 'system',
        title: input.title,
        message: input.message,
        relatedEntityId: input.relatedEntityId ?? null,
      },
    ]);
    return stored as NotificationSnapshot;
  }
}

export class ListNotifications extends UseCase<{ notifications: NotificationRepository }> {
  execute(userId: string, limit = DEFAULT_NOTIFICATION_LIMIT): Promise<NotificationSnapshot[]> {
    const bounded = Math.min(Math.max(1, Math.trunc(limit)), MAX_NOTIFICATION_LIMIT);
    return this.deps.notifications.listForUser(userId, bounded);
  }
}

export class CountUnreadNotifications extends UseCase<{ notifications: NotificationRepository }> {
  execute(userId: string): Promise<number> {
    return this.deps.notifications.countUnread(userId);
  }
}

export class MarkNotificationRead extends UseCase<{ notifications: NotificationRepository }> {
  /** Someone else's notification answers exactly like a missing one (404), so ids cannot be probed. */
  async execute(userId: string, id: string): Promise<NotificationSnapshot> {
    const marked = await this.deps.notifications.markRead(userId, id);
    if (!marked) throw new NotFoundError('NOTIFICATION_NOT_FOUND', 'Notification not found');
    return marked;
  }
}

export class MarkAllNotificationsRead extends UseCase<{ notifications: NotificationRepository }> {
  execute(userId: string): Promise<number> {
    return this.deps.notifications.markAllRead(userId);
  }
}

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
