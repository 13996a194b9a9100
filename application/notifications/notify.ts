import type { NotificationDraft, NotificationSnapshot } from '../../domain/notification/notification.ts';
import type { RealtimePort } from '../realtime/ports.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { NotificationRepository } from './ports.ts';
import { NOTIFICATION_PUSH, notificationView } from './shared.ts';

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
