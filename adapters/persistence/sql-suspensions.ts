import type { EntityManager } from '@mikro-orm/core';
import type { AdminActionEntry, AdminActionLog } from '../../application/admin/ports.ts';
import type { SuspensionQuery, SuspensionRepository } from '../../application/safety/ports.ts';
import type { SuspensionSnapshot } from '../../domain/safety/suspension.ts';
import { isUuid } from './marketplace-mappers.ts';
import { runSql } from './sql.ts';

interface SuspensionRow {
  id: string;
  user_id: string;
  suspended_by: string | null;
  reason: string;
  starts_at: Date | string;
  ends_at: Date | string | null;
  lifted_at: Date | string | null;
  lifted_by: string | null;
  report_id: string | null;
}

const COLUMNS = 'id, user_id, suspended_by, reason, starts_at, ends_at, lifted_at, lifted_by, report_id';

/**
 * The suspension that keeps a user out at `?` (the clock's now): isActiveAt (domain/safety/suspension.ts) in
 * SQL, on the partial index of rows not lifted.
 */
const STANDING = 'lifted_at is null and (ends_at is null or ends_at > ?)';

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

function toSnapshot(row: SuspensionRow): SuspensionSnapshot {
  return {
    id: row.id,
    userId: row.user_id,
    suspendedBy: row.suspended_by,
    reason: row.reason,
    startsAt: new Date(row.starts_at),
    endsAt: date(row.ends_at),
    liftedAt: date(row.lifted_at),
    liftedBy: row.lifted_by,
    reportId: row.report_id,
  };
}

/**
 * The `suspensions` table (decision 0223, Migration20270325000002_suspensions): SuspensionQuery on the global
 * `orm.em`, and SuspensionRepository inside a unit of work (bound to its transaction's em).
 */
export class SqlSuspensions implements SuspensionQuery, SuspensionRepository {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async activeFor(userId: string, now: Date): Promise<SuspensionSnapshot | null> {
    if (!isUuid(userId)) return null;
    const [row] = await runSql<SuspensionRow>(
      this.#em,
      `select ${COLUMNS} from suspensions where user_id = ? and ${STANDING} order by starts_at desc limit 1`,
      [userId, now],
    );
    return row ? toSnapshot(row) : null;
  }

  async activeAmong(userIds: readonly string[], now: Date): Promise<Map<string, SuspensionSnapshot>> {
    const ids = userIds.filter(isUuid);
    if (ids.length === 0) return new Map();
    const rows = await runSql<SuspensionRow>(
      this.#em,
      `select ${COLUMNS} from suspensions
        where user_id in (${ids.map(() => '?').join(', ')}) and ${STANDING}`,
      [...ids, now],
    );
    return new Map(rows.map((row) => [row.user_id, toSnapshot(row)]));
  }

  async add(s: SuspensionSnapshot): Promise<void> {
    await runSql(this.#em, `insert into suspensions (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      s.id,
      s.userId,
      s.suspendedBy,
      s.reason,
      s.startsAt,
      s.endsAt,
      s.liftedAt,
      s.liftedBy,
      s.reportId,
    ]);
  }

  async save(s: SuspensionSnapshot): Promise<void> {
    await runSql(this.#em, 'update suspensions set lifted_at = ?, lifted_by = ? where id = ?', [
      s.liftedAt,
      s.liftedBy,
      s.id,
    ]);
  }

  async discardUnsentMail(userId: string): Promise<number> {
    const rows = await runSql(
      this.#em,
      'delete from email_outbox where user_id = ? and sent_at is null returning 1',
      [userId],
    );
    return rows.length;
  }
}

/** The admin_actions table (decision 0224), inside the transaction of the em it is given. */
export class SqlAdminActionLog implements AdminActionLog {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async record(e: AdminActionEntry): Promise<void> {
    await runSql(
      this.#em,
      `insert into admin_actions (id, actor_id, target_id, action, reason, report_id, ends_at, created_at)
        values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [e.id, e.actorId, e.targetId, e.action, e.reason, e.reportId, e.endsAt, e.createdAt],
    );
  }
}
