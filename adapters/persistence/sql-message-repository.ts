import type { EntityManager } from '@mikro-orm/core';
import type { ConversationQuery, MessageRepository } from '../../application/messages/ports.ts';
import { MESSAGE_TYPES, type MessageSnapshot, type MessageType } from '../../domain/message/message.ts';
import type { DomainEvent } from '../../domain/shared/events.ts';
import { isUuid } from './marketplace-mappers.ts';
import { runSql } from './sql.ts';
import { SqlEventOutbox } from './sql-event-outbox.ts';

interface MessageRow {
  id: string;
  sender_id: string;
  receiver_id: string;
  project_id: string | null;
  type: string;
  content: string;
  attachment: string | null;
  is_read: boolean;
  created_at: Date | string;
}

const COLUMNS = 'id, sender_id, receiver_id, project_id, type, content, attachment, is_read, created_at';

function toSnapshot(row: MessageRow): MessageSnapshot {
  return {
    id: row.id,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    projectId: row.project_id,
    type: (MESSAGE_TYPES as readonly string[]).includes(row.type) ? (row.type as MessageType) : 'text',
    content: row.content,
    attachment: row.attachment,
    isRead: row.is_read,
    createdAt: new Date(row.created_at),
  };
}

/** MessageRepository in SQL. Every read names both parties, so a message never reaches a third user. */
export class SqlMessageRepository implements MessageRepository {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async add(m: MessageSnapshot, events: readonly DomainEvent[] = []): Promise<void> {
    if (events.length === 0) return this.#insert(this.#em, m);
    await this.#em.fork({ clear: true }).transactional(async (em) => {
      await this.#insert(em, m);
      await new SqlEventOutbox(em).add(events);
    });
  }

  async #insert(em: EntityManager, m: MessageSnapshot): Promise<void> {
    await runSql(em, `insert into messages (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      m.id,
      m.senderId,
      m.receiverId,
      m.projectId,
      m.type,
      m.content,
      m.attachment,
      m.isRead,
      m.createdAt,
    ]);
  }

  async conversation(q: ConversationQuery): Promise<MessageSnapshot[]> {
    if (!isUuid(q.userId) || !isUuid(q.otherUserId)) return [];
    if (q.projectId && !isUuid(q.projectId)) return [];
    const params: unknown[] = [q.userId, q.otherUserId, q.otherUserId, q.userId];
    let projectFilter = '';
    if (q.projectId) {
      projectFilter = ' and project_id = ?';
      params.push(q.projectId);
    }
    params.push(q.limit);
    // The newest `limit`, then put back in order: oldest first.
    const rows = await runSql<MessageRow>(
      this.#em,
      `select * from (
         select ${COLUMNS} from messages
          where ((sender_id = ? and receiver_id = ?) or (sender_id = ? and receiver_id = ?))${projectFilter}
          order by created_at desc, id desc
          limit ?
       ) latest order by created_at asc, id asc`,
      params,
    );
    return rows.map(toSnapshot);
  }

  async markRead(receiverId: string, ids: readonly string[]): Promise<number> {
    const valid = ids.filter(isUuid);
    if (!isUuid(receiverId) || valid.length === 0) return 0;
    const rows = await runSql<{ id: string }>(
      this.#em,
      `update messages set is_read = true
        where receiver_id = ? and is_read = false and id in (${valid.map(() => '?').join(', ')})
        returning id`,
      [receiverId, ...valid],
    );
    return rows.length;
  }

  async projectExists(projectId: string): Promise<boolean> {
    if (!isUuid(projectId)) return false;
    const rows = await runSql(this.#em, 'select 1 as found from projects where id = ?', [projectId]);
    return rows.length > 0;
  }
}
