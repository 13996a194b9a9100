import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type {
  ClaimedMail,
  EmailAudience,
  MailOutbox,
  QueuedMail,
  Recipient,
  SavedSearchDigest,
  UnreadDigest,
} from '../../application/email/ports.ts';
import { isUuid } from './marketplace-mappers.ts';
import { runSql } from './sql.ts';

interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string> | string;
  attempts: number;
  created_at: Date | string;
}

/** How many sent mails one purge statement removes (decision 0194). */
const PURGE_BATCH = 1_000;

/** How many waiting digest items one round takes. */
const DIGEST_BATCH = 1_000;

interface UserRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  email_notifications: boolean;
}

function recipientOf(row: UserRow): Recipient {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return {
    id: row.id,
    email: row.email,
    name: name || row.email,
    emailNotifications: row.email_notifications,
  };
}

/**
 * The users of these ids as mail recipients (malformed ids left out). Mail goes only to a verified email
 * whose owner wants it: `emailNotifications` says both.
 */
async function recipientsOn(em: EntityManager, userIds: readonly string[]): Promise<Recipient[]> {
  const ids = userIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await runSql<UserRow>(
    em,
    `select id, email, first_name, last_name,
        (email_notifications and email_verified_at is not null) as email_notifications from users
      where id in (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return rows.map(recipientOf);
}

async function insertMails(em: EntityManager, mails: readonly QueuedMail[], now: Date): Promise<number> {
  if (mails.length === 0) return 0;
  const values = mails
    .map(() => '(?::uuid, ?::uuid, ?, ?, ?, ?, ?::jsonb, ?, ?::timestamptz, ?::boolean)')
    .join(', ');
  const params = mails.flatMap((m) => [
    randomUUID(),
    m.userId,
    m.to,
    m.subject,
    m.text,
    m.html,
    JSON.stringify(m.headers),
    m.dedupeKey,
    now,
    (m.purpose ?? 'other') === 'suspension_notice',
  ]);
  // Decision 0223: mailGoesTo (domain/safety/suspension.ts) in SQL: no mail but a suspension notice is queued
  // to a user whom a suspension keeps out now (the partial index of standing suspensions answers).
  const rows = await runSql<{ id: string }>(
    em,
    `insert into email_outbox
       (id, user_id, recipient, subject, text_body, html_body, headers, dedupe_key, attempts, next_attempt_at, created_at)
     select v.id, v.user_id, v.recipient, v.subject, v.text_body, v.html_body, v.headers, v.dedupe_key, 0, v.at, v.at
       from (values ${values})
         as v(id, user_id, recipient, subject, text_body, html_body, headers, dedupe_key, at, notice)
      where v.user_id is null or v.notice or not exists (
        select 1 from suspensions s
         where s.user_id = v.user_id and s.lifted_at is null and (s.ends_at is null or s.ends_at > v.at))
     on conflict (dedupe_key) do nothing
     returning id`,
    params,
  );
  return rows.length;
}

/**
 * The outbox in SQL. Claiming is one UPDATE over a `FOR UPDATE SKIP LOCKED` subselect that pushes
 * next_attempt_at forward by the lease and counts the attempt, so concurrent workers (several API
 * processes) never take the same mail, and no transaction stays open while the mail server talks.
 */
export class SqlMailOutbox implements MailOutbox {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  enqueue(mails: readonly QueuedMail[], now: Date): Promise<number> {
    return insertMails(this.#em, mails, now);
  }

  async claimDue(now: Date, limit: number, leaseMs: number): Promise<ClaimedMail[]> {
    const rows = await runSql<OutboxRow>(
      this.#em,
      `update email_outbox o
          set attempts = o.attempts + 1, next_attempt_at = ?
        where o.id in (
          select id from email_outbox
           where sent_at is null and next_attempt_at <= ?
           order by next_attempt_at, created_at
           limit ?
           for update skip locked)
        returning o.id, o.recipient, o.subject, o.text_body, o.html_body, o.headers, o.attempts, o.created_at`,
      [new Date(now.getTime() + leaseMs), now, limit],
    );
    return rows
      .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
      .map((row) => ({
        id: row.id,
        to: row.recipient,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        headers: typeof row.headers === 'string' ? JSON.parse(row.headers) : row.headers,
        attempts: row.attempts,
      }));
  }

  async markSent(id: string, now: Date): Promise<void> {
    await runSql(this.#em, 'update email_outbox set sent_at = ?, last_error = null where id = ?', [now, id]);
  }

  async markFailed(id: string, error: string, retryAt: Date): Promise<void> {
    await runSql(this.#em, 'update email_outbox set last_error = ?, next_attempt_at = ? where id = ?', [
      error,
      retryAt,
      id,
    ]);
  }

  async purgeSentBefore(sentBefore: Date): Promise<number> {
    // In batches (email_outbox_sent_at_next_attempt_at_index finds them), so no statement holds many locks.
    let purged = 0;
    for (;;) {
      const rows = await runSql<{ id: string }>(
        this.#em,
        `delete from email_outbox where id in (
            select id from email_outbox where sent_at is not null and sent_at < ? limit ${PURGE_BATCH})
          returning id`,
        [sentBefore],
      );
      purged += rows.length;
      if (rows.length < PURGE_BATCH) return purged;
    }
  }
}

/** Batch size of one unread-reminder round (the rest waits for the next round). */
const UNREAD_BATCH = 1000;

/** The read side of the mail rules, in SQL. */
export class SqlEmailAudience implements EmailAudience {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async specialistsMatching(services: readonly string[], excludeUserId: string): Promise<Recipient[]> {
    if (services.length === 0) return [];
    const rows = await runSql<UserRow>(
      this.#em,
      `select id, email, first_name, last_name,
          (email_notifications and email_verified_at is not null) as email_notifications from users u
        where u.role in ('contractor', 'vendor')
          and u.email_notifications = true
          and u.email_verified_at is not null
          and u.id <> ?
          and exists (
            select 1 from jsonb_array_elements_text(u.services) as s(service)
             where s.service in (select jsonb_array_elements_text(?::jsonb)))
        order by u.created_at, u.id`,
      [
        isUuid(excludeUserId) ? excludeUserId : '00000000-0000-0000-0000-000000000000',
        JSON.stringify(services),
      ],
    );
    return rows.map(recipientOf);
  }

  async projectTitle(projectId: string): Promise<string | null> {
    if (!isUuid(projectId)) return null;
    const rows = await runSql<{ title: string }>(this.#em, 'select title from projects where id = ?', [
      projectId,
    ]);
    return rows[0]?.title ?? null;
  }

  recipients(userIds: readonly string[]): Promise<Recipient[]> {
    return recipientsOn(this.#em, userIds);
  }

  takeUnreadMessageDigests(
    olderThan: Date,
    now: Date,
    compose: (digest: UnreadDigest) => QueuedMail | null,
  ): Promise<number> {
    return this.#em.fork().transactional(async (em) => {
      const messages = await runSql<{ id: string; receiver_id: string; sender_id: string }>(
        em,
        `select id, receiver_id, sender_id from messages
          where is_read = false and email_notified_at is null and created_at <= ?
          order by created_at
          limit ?
          for update skip locked`,
        [olderThan, UNREAD_BATCH],
      );
      if (messages.length === 0) return 0;
      await runSql(
        em,
        `update messages set email_notified_at = ? where id in (${messages.map(() => '?').join(', ')})`,
        [now, ...messages.map((m) => m.id)],
      );
      const userIds = [...new Set(messages.flatMap((m) => [m.receiver_id, m.sender_id]))];
      const byId = new Map((await recipientsOn(em, userIds)).map((r) => [r.id, r]));
      const digests = new Map<string, UnreadDigest>();
      for (const m of messages) {
        const recipient = byId.get(m.receiver_id);
        if (!recipient) continue;
        const digest = digests.get(m.receiver_id) ?? { recipient, count: 0, senders: [] };
        digest.count += 1;
        const sender = byId.get(m.sender_id)?.name ?? 'another user';
        if (!digest.senders.includes(sender)) digest.senders.push(sender);
        digests.set(m.receiver_id, digest);
      }
      const mails = [...digests.values()].map(compose).filter((m): m is QueuedMail => m !== null);
      return insertMails(em, mails, now);
    });
  }

  takeSavedSearchDigests(
    sentBefore: Date,
    now: Date,
    compose: (digest: SavedSearchDigest) => QueuedMail | null,
  ): Promise<number> {
    return this.#em.fork().transactional(async (em) => {
      const items = await runSql<{ user_id: string; project_id: string; search_name: string; title: string }>(
        em,
        `select i.user_id, i.project_id, i.search_name, p.title
          from saved_search_digest_items i
          join projects p on p.id = i.project_id
          left join saved_search_digests d on d.user_id = i.user_id
          where d.last_sent_at is null or d.last_sent_at <= ?
          order by i.user_id, i.created_at
          limit ?
          for update of i skip locked`,
        [sentBefore, DIGEST_BATCH],
      );
      if (items.length === 0) return 0;
      await runSql(
        em,
        `delete from saved_search_digest_items
          where (user_id, project_id) in (${items.map(() => '(?::uuid, ?::uuid)').join(', ')})`,
        items.flatMap((i) => [i.user_id, i.project_id]),
      );
      const userIds = [...new Set(items.map((i) => i.user_id))];
      await runSql(
        em,
        `insert into saved_search_digests (user_id, last_sent_at)
          values ${userIds.map(() => '(?, ?)').join(', ')}
          on conflict (user_id) do update set last_sent_at = excluded.last_sent_at`,
        userIds.flatMap((id) => [id, now]),
      );
      const mails: QueuedMail[] = [];
      for (const recipient of await recipientsOn(em, userIds)) {
        const mail = compose({
          recipient,
          items: items
            .filter((i) => i.user_id === recipient.id)
            .map((i) => ({ projectId: i.project_id, projectTitle: i.title, searchName: i.search_name })),
        });
        if (mail) mails.push(mail);
      }
      return insertMails(em, mails, now);
    });
  }
}
