import type { NotificationSnapshot } from '../../domain/notification/notification.ts';
import { UseCase } from '../shared/use-case.ts';
import type { NotificationRepository } from './ports.ts';

/** Default and largest page of GET /api/notifications. */
export const DEFAULT_NOTIFICATION_LIMIT = 50;

export const MAX_NOTIFICATION_LIMIT = 100;

export class ListNotifications extends UseCase<{ notifications: NotificationRepository }> {
  execute(userId: string, limit = DEFAULT_NOTIFICATION_LIMIT): Promise<NotificationSnapshot[]> {
    const bounded = Math.min(Math.max(1, Math.trunc(limit)), MAX_NOTIFICATION_LIMIT);
    return this.deps.notifications.listForUser(userId, bounded);
  }
}
