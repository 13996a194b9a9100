import type { NotificationSnapshot } from '../../domain/notification/notification.ts';

/** The `notifications` table. Every read and write is scoped to one user: nobody reaches another's. */
export interface NotificationRepository {
  add(notifications: readonly NotificationSnapshot[]): Promise<void>;
  /** The user's notifications, newest first, at most `limit`. */
  listForUser(userId: string, limit: number): Promise<NotificationSnapshot[]>;
  countUnread(userId: string): Promise<number>;
  /** Marks the user's notification read and returns it; null when it is not theirs (or does not exist). */
  markRead(userId: string, id: string): Promise<NotificationSnapshot | null>;
  /** Marks all the user's unread notifications read; returns how many changed. */
  markAllRead(userId: string): Promise<number>;
}
