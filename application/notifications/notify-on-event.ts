import { type NotificationSnapshot, notificationsForEvent } from '../../domain/notification/notification.ts';
import type { DomainEvent } from '../../domain/shared/events.ts';
import { UseCase } from '../shared/use-case.ts';
import type { Notify } from './notify.ts';

/** The event subscriber: a published (committed) domain event becomes its notifications. */
export class NotifyOnEvent extends UseCase<{ notify: Notify }> {
  execute(event: DomainEvent): Promise<NotificationSnapshot[]> {
    return this.deps.notify.execute(notificationsForEvent(event));
  }
}
