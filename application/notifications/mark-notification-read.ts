import { NOTIFICATION_ERRORS } from '../../domain/notification/errors.ts';
import type { NotificationSnapshot } from '../../domain/notification/notification.ts';

import { UseCase } from '../shared/use-case.ts';
import type { NotificationRepository } from './ports.ts';

export class MarkNotificationRead extends UseCase<{ notifications: NotificationRepository }> {
  /** Someone else's notification answers exactly like a missing one (404), so ids cannot be probed. */
  async execute(userId: string, id: string): Promise<NotificationSnapshot> {
    const marked = await this.deps.notifications.markRead(userId, id);
    if (!marked) throw NOTIFICATION_ERRORS.NOTIFICATION_NOT_FOUND();
    return marked;
  }
}
