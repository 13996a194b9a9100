import type { NotificationSnapshot } from '../../domain/notification/notification.ts';
import { UseCase } from '../shared/use-case.ts';
import type { Notify } from './notify.ts';

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
