import type { EntityManager } from '@mikro-orm/core';
import type { NotificationRepository } from '../../application/notifications/ports.ts';
import {
  NOTIFICATION_TYPES,
  type NotificationSnapshot,
  type NotificationType,
} from '../../domain/notification/notification.ts';
import { isUuid } from './marketplace-mappers.ts';
import { runPrepared, runSql, toCount } from './sql.ts';

interface NotificationRow {
  id: string;
  user_id: string;
  type: string;
  title: string;
  message: string;
  related_entity_id: string | null;
  is_read: boolean;
  created_at: Date | string;
}

const COLUMNS = 'id, user_id, type, title, message, related_entity_id, is_read, created_at';

function toSnapshot(row: NotificationRow): NotificationSnapshot {
  const type = (NOTIFICATION_TYPES as readonly string[]).includes(row.type)
    ? (row.type as NotificationType)
    : 'system';
  return {
    id: row.id,
    userId: row.user_id,
    type,
    title: row.title,
    message: row.message,
    relatedEntityId: row.related_entity_id,
    isRead: row.is_read,
    createdAt: new Date(row.created_at),
  };
}

/**
 * NotificationRepository in SQL on the ORM's connection (no identity map: it also serves event
 * subscribers outside a request). Every statement filters by user_id.
 */
export class SqlNotificationRepository implements NotificationRepository {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async add(notifications: readonly NotificationSnapshot[]): Promise<void> {
    if (notifications.length === 0) return;
    const values = notifications.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
    const params = notifications.flatMap((n) => [
      n.id,
      n.userId,
      n.type,
      n.title,
      n.message,
      n.relatedEntityId,
      n.isRead,
      n.createdAt,
    ]);
    await runSql(this.#em, `insert into notifications (${COLUMNS}) values ${values}`, params);
  }

  async listForUser(userId: string, limit: number): Promise<NotificationSnapshot[]> {
    if (!isUuid(userId)) return [];
    const rows = await runPrepared<NotificationRow>(
      this.#em,
      `select ${COLUMNS} from notifications where user_id = ? order by created_at desc, id desc limit ?`,
      [userId, limit],
    );
    return rows.map(toSnapshot);
  }

  async countUnread(userId: string): Promise<number> {
    if (!isUuid(userId)) return 0;
    const rows = await runPrepared<{ count: unknown }>(
      this.#em,
      'select count(*) as count from notifications where user_id = ? and is_read = false',
      [userId],
    );
    return toCount(rows[0]?.count);
  }

  async markRead(userId: string, id: string): Promise<NotificationSnapshot | null> {
    if (!isUuid(userId) || !isUuid(id)) return null;
    const rows = await runSql<NotificationRow>(
      this.#em,
      `update notifications set is_read = true where id = ? and user_id = ? returning ${COLUMNS}`,
      [id, userId],
    );
    return rows[0] ? toSnapshot(rows[0]) : null;
  }

  async markAllRead(userId: string): Promise<number> {
    if (!isUuid(userId)) return 0;
    const rows = await runSql<{ id: string }>(
      this.#em,
      'update notifications set is_read = true where user_id = ? and is_read = false returning id',
      [userId],
    );
    return rows.length;
  }
}
