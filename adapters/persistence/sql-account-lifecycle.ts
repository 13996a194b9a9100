import type { EntityManager } from '@mikro-orm/core';
import type { AccountExport, PasswordResets, PersonalData } from '../../application/accounts/ports.ts';
import { isUuid } from './marketplace-mappers.ts';
import { runSql, toCount } from './sql.ts';

/**
 * The account lifecycle's tables and reads (docs/decisions/0160-account-lifecycle.md).
 */

/** Password reset links on `password_resets` (the SHA-256 of each secret). Give it the global `orm.em`. */
export class SqlPasswordResets implements PasswordResets {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async create(entry: {
    tokenHash: string;
    userId: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void> {
    await runSql(
      this.#em,
      'insert into password_resets (token_hash, user_id, created_at, expires_at) values (?, ?, ?, ?)',
      [entry.tokenHash, entry.userId, entry.createdAt, entry.expiresAt],
    );
  }

  async consume(tokenHash: string, now: Date): Promise<string | null> {
    // One statement: two requests with the same link cannot both use it.
    const rows = await runSql<{ user_id: string; expires_at: Date }>(
      this.#em,
      'delete from password_resets where token_hash = ? returning user_id, expires_at',
      [tokenHash],
    );
    const row = rows[0];
    return row && new Date(row.expires_at).getTime() > now.getTime() ? row.user_id : null;
  }

  async countSince(userId: string, since: Date): Promise<number> {
    const [row] = await runSql<{ n: unknown }>(
      this.#em,
      'select count(*) as n from password_resets where user_id = ? and created_at >= ?',
      [userId, since],
    );
    return toCount(row?.n);
  }

  async removeForUser(userId: string): Promise<void> {
    await runSql(this.#em, 'delete from password_resets where user_id = ?', [userId]);
  }
}

/** The deletion's part of a transaction: give it the transaction's EntityManager. */
export class SqlPersonalData implements PersonalData {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async projectsToDelete(ownerId: string): Promise<string[]> {
    const rows = await runSql<{ id: string }>(
      this.#em,
      'select id from projects where client_id = ? and accepted_bid_id is null order by created_at',
      [ownerId],
    );
    return rows.map((r) => r.id);
  }

  async pendingBidsOf(contractorId: string): Promise<{ bidId: string; projectId: string }[]> {
    return runSql<{ bidId: string; projectId: string }>(
      this.#em,
      `select id as "bidId", project_id as "projectId" from bids
        where contractor_id = ? and status = 'pending' order by project_id`,
      [contractorId],
    );
  }

  async erase(userId: string, email: string): Promise<void> {
    // Every mail to the person goes, sent or not (decision 0194): a sent mail keeps their
    // address and name. Also those queued for the address without a user id.
    await runSql(this.#em, 'delete from email_outbox where user_id = ? or recipient = ?', [userId, email]);
    for (const sql of [
      'delete from saved_search_digest_items where user_id = ?',
      'delete from saved_search_digests where user_id = ?',
      'delete from saved_searches where user_id = ?',
      'delete from saved_projects where user_id = ?',
      'delete from notifications where user_id = ?',
      'delete from user_badges where user_id = ?',
      'delete from user_achievements where user_id = ?',
      'delete from password_resets where user_id = ?',
      'delete from idempotency_keys where user_id = ?',
    ]) {
      await runSql(this.#em, sql, [userId]);
    }
  }
}

/** 'Download my data': the person's rows as JSON-ready objects. Give it the global `orm.em`. */
export class SqlAccountExport implements AccountExport {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async collect(userId: string) {
    if (!isUuid(userId)) {
      return {
        projects: [],
        bids: [],
        messages: [],
        reviews: [],
        savedSearches: [],
        savedProjects: [],
        notifications: [],
      };
    }
    const [projects, bids, messages, reviews, savedSearches, savedProjects, notifications] =
      await Promise.all([
        runSql(
          this.#em,
          `select id, title, description, category, country, island, city, budget_min as "budgetMin",
              budget_max as "budgetMax", status, current_phase as "currentPhase", bid_deadline as "bidDeadline",
              deadline, tags, services, attachments, created_at as "createdAt", updated_at as "updatedAt"
            from projects where client_id = ? order by created_at`,
          [userId],
        ),
        runSql(
          this.#em,
          `select b.id, b.project_id as "projectId", p.title as "projectTitle", b.amount, b.timeline,
              b.proposal, b.status, b.created_at as "createdAt", b.updated_at as "updatedAt"
            from bids b join projects p on p.id = b.project_id
            where b.contractor_id = ? order by b.created_at`,
          [userId],
        ),
        runSql(
          this.#em,
          `select id, sender_id as "senderId", receiver_id as "receiverId", project_id as "projectId", type,
              content, attachment, is_read as "isRead", created_at as "createdAt"
            from messages where sender_id = ? or receiver_id = ? order by created_at`,
          [userId, userId],
        ),
        runSql(
          this.#em,
          `select id, project_id as "projectId", reviewer_id as "reviewerId", reviewee_id as "revieweeId",
              rating, comment, created_at as "createdAt"
            from reviews where reviewer_id = ? or reviewee_id = ? order by created_at`,
          [userId, userId],
        ),
        // Decision 0194: saved searches, saved projects and notifications are the person's data too.
        runSql(
          this.#em,
          `select id, name, q, country, category, budget, alerts, created_at as "createdAt",
              updated_at as "updatedAt"
            from saved_searches where user_id = ? order by created_at, id`,
          [userId],
        ),
        runSql(
          this.#em,
          `select s.project_id as "projectId", p.title as "projectTitle", s.created_at as "savedAt"
            from saved_projects s join projects p on p.id = s.project_id
            where s.user_id = ? order by s.created_at, s.project_id`,
          [userId],
        ),
        runSql(
          this.#em,
          `select id, type, title, message, related_entity_id as "relatedEntityId", is_read as "isRead",
              created_at as "createdAt"
            from notifications where user_id = ? order by created_at, id`,
          [userId],
        ),
      ]);
    return { projects, bids, messages, reviews, savedSearches, savedProjects, notifications };
  }
}
