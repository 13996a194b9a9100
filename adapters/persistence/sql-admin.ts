import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import type { RoleChangeEntry, RoleChangeLog } from '../../application/accounts/ports.ts';
import type {
  AdminActionKind,
  AdminActionView,
  AdminQuery,
  AuditPerson,
  RoleChangeView,
  UserPageFilter,
} from '../../application/admin/ports.ts';
import { isRole, type Role, type User } from '../../domain/user/user.ts';
import { UserRecord } from './entities.ts';
import { runSql, toCount } from './sql.ts';
import { userRowToDomain } from './user-mapper.ts';

/** The role_changes table, inside the transaction of the em it is given. */
export class SqlRoleChangeLog implements RoleChangeLog {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async record(entry: RoleChangeEntry): Promise<void> {
    await runSql(
      this.#em,
      `insert into role_changes (id, actor_id, target_id, from_role, to_role, created_at)
        values (?, ?, ?, ?, ?, ?)`,
      [entry.id, entry.actorId, entry.targetId, entry.fromRole, entry.toRole, entry.createdAt],
    );
  }
}

/** `%` and `_` typed by the admin match themselves. */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function person(id: string | null, first: string | null, last: string | null, email: string | null) {
  if (!id || !email) return null;
  const name = [first, last].filter((n) => n?.trim()).join(' ') || email;
  return { id, name, email } satisfies AuditPerson;
}

/** AdminQuery in SQL. Give it the global `orm.em`. */
export class SqlAdminQuery implements AdminQuery {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async users(filter: UserPageFilter): Promise<{ items: User[]; total: number }> {
    // Every word typed must appear in the email, the first or the last name (any case, any order).
    const words = (filter.q ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
    // Deleted accounts (tombstones, decision 0160) are nobody's users any more: neither listed nor counted
    // (decision 0194).
    const where: FilterQuery<UserRecord> = {
      deletedAt: null,
      ...(filter.role ? { role: filter.role } : {}),
      ...(words.length
        ? {
            $and: words.map((word) => ({
              $or: [
                { email: { $ilike: likePattern(word) } },
                { firstName: { $ilike: likePattern(word) } },
                { lastName: { $ilike: likePattern(word) } },
              ],
            })),
          }
        : {}),
    };
    const [records, total] = await this.#em.fork().findAndCount(UserRecord, where, {
      orderBy: { createdAt: 'asc', id: 'asc' },
      limit: filter.limit,
      offset: filter.offset,
    });
    return { items: records.map((record) => userRowToDomain(record)), total };
  }

  async roleChanges(page: {
    limit: number;
    offset: number;
  }): Promise<{ items: RoleChangeView[]; total: number }> {
    const [rows, counted] = await Promise.all([
      runSql<{
        id: string;
        fromRole: string;
        toRole: string;
        createdAt: Date | string;
        actorId: string | null;
        actorFirst: string | null;
        actorLast: string | null;
        actorEmail: string | null;
        targetId: string;
        targetFirst: string | null;
        targetLast: string | null;
        targetEmail: string;
      }>(
        this.#em,
        `select c.id, c.from_role as "fromRole", c.to_role as "toRole", c.created_at as "createdAt",
            a.id as "actorId", a.first_name as "actorFirst", a.last_name as "actorLast", a.email as "actorEmail",
            t.id as "targetId", t.first_name as "targetFirst", t.last_name as "targetLast", t.email as "targetEmail"
          from role_changes c
          join users t on t.id = c.target_id
          left join users a on a.id = c.actor_id
          order by c.created_at desc, c.id desc limit ? offset ?`,
        [page.limit, page.offset],
      ),
      runSql<{ total: string }>(this.#em, 'select count(*) as total from role_changes'),
    ]);
    const role = (value: string): Role => (isRole(value) ? value : 'client');
    return {
      items: rows.map((r) => ({
        id: r.id,
        actor: person(r.actorId, r.actorFirst, r.actorLast, r.actorEmail),
        target: person(r.targetId, r.targetFirst, r.targetLast, r.targetEmail) as AuditPerson,
        fromRole: role(r.fromRole),
        toRole: role(r.toRole),
        createdAt: new Date(r.createdAt),
      })),
      total: toCount(counted[0]?.total),
    };
  }

  async adminActions(page: {
    limit: number;
    offset: number;
  }): Promise<{ items: AdminActionView[]; total: number }> {
    const [rows, counted] = await Promise.all([
      runSql<{
        id: string;
        action: string;
        reason: string | null;
        reportId: string | null;
        endsAt: Date | string | null;
        createdAt: Date | string;
        actorId: string | null;
        actorFirst: string | null;
        actorLast: string | null;
        actorEmail: string | null;
        targetId: string;
        targetFirst: string | null;
        targetLast: string | null;
        targetEmail: string;
      }>(
        this.#em,
        `select c.id, c.action, c.reason, c.report_id as "reportId", c.ends_at as "endsAt", c.created_at as "createdAt",
            a.id as "actorId", a.first_name as "actorFirst", a.last_name as "actorLast", a.email as "actorEmail",
            t.id as "targetId", t.first_name as "targetFirst", t.last_name as "targetLast", t.email as "targetEmail"
          from admin_actions c
          join users t on t.id = c.target_id
          left join users a on a.id = c.actor_id
          order by c.created_at desc, c.id desc limit ? offset ?`,
        [page.limit, page.offset],
      ),
      runSql<{ total: string }>(this.#em, 'select count(*) as total from admin_actions'),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        actor: person(r.actorId, r.actorFirst, r.actorLast, r.actorEmail),
        target: person(r.targetId, r.targetFirst, r.targetLast, r.targetEmail) as AuditPerson,
        action: r.action as AdminActionKind,
        reason: r.reason,
        reportId: r.reportId,
        endsAt: r.endsAt === null ? null : new Date(r.endsAt),
        createdAt: new Date(r.createdAt),
      })),
      total: toCount(counted[0]?.total),
    };
  }
}
