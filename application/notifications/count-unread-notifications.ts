import { UseCase } from '../shared/use-case.ts';
import type { NotificationRepository } from './ports.ts';

export class CountUnreadNotifications extends UseCase<{ notifications: NotificationRepository }> {
  execute(userId: string): Promise<number> {
    return this.deps.notifications.countUnread(userId);
  }
}
