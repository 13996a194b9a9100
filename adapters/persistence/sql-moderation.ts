import type { EntityManager } from '@mikro-orm/core';
import type {
  ContextMessage,
  HiddenContent,
  HiddenEntry,
  ModerationItemView,
  ModerationLogEntry,
  ModerationLogView,
  ModerationPerson,
  ModerationQuery,
  ModerationRepository,
  MyReportView,
  QueueItemView,
  ReportView,
} from '../../application/safety/ports.ts';
import type { ProjectFilters } from '../../domain/project/browse.ts';
import { SAFETY_ERRORS } from '../../domain/safety/errors.ts';
import {
  isReportTargetType,
  type ModerationAction,
  type ModerationClaim,
  type ReportOutcome,
  type ReportReason,
  type ReportSnapshot,
  type ReportTarget,
  type ReportTargetType,
} from '../../domain/safety/report.ts';
import { isUuid } from './marketplace-mappers.ts';
import { projectFilterSql } from './project-filter-sql.ts';
import { runSql, toCount } from './sql.ts';

/** How many messages before and after a reported one the queue shows. */
const CONTEXT_MESSAGES = 3;

/** The longest summary line of a queue item. */
const SUMMARY_LENGTH = 140;

type Row = Record<string, unknown>;

function clip(text: string | null | undefined, max = SUMMARY_LENGTH): string {
  const oneLine = (text ?? '').replace(/\s+/g, ' ').trim();
  const chars = [...oneLine];
  return chars.length <= max ? oneLine : `${chars.slice(0, max - 1).join('')}…`;
}

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function date(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

/** A person from `<prefix>_id`, `<prefix>_first`, `<prefix>_last`, `<prefix>_email` columns. */
function personOf(row: Row, prefix: string): ModerationPerson | null {
  const id = str(row[`${prefix}_id`]);
  const email = str(row[`${prefix}_email`]);
  if (!id || !email) return null;
  const name = [str(row[`${prefix}_first`]), str(row[`${prefix}_last`])].filter((n) => n?.trim()).join(' ');
  return { id, name: name || email, email };
}

const personColumns = (alias: string, prefix: string) =>
  `${alias}.id as ${prefix}_id, ${alias}.first_name as ${prefix}_first, ${alias}.last_name as ${prefix}_last, ` +
  `${alias}.email as ${prefix}_email`;

/** What the queue and a report know of an item, read from its own table. */
interface ItemFacts extends ReportTarget {
  summary: string;
  content: string | null;
}

function reportFrom(row: Row): ReportSnapshot {
  return {
    id: String(row.id),
    reporterId: str(row.reporter_id),
    targetType: row.target_type as ReportTargetType,
    targetId: String(row.target_id),
    authorId: str(row.author_id),
    reason: row.reason as ReportReason,
    details: str(row.details),
    status: row.status === 'closed' ? 'closed' : 'open',
    outcome: (str(row.outcome) as ReportOutcome | null) ?? null,
    decidedBy: str(row.decided_by),
    decidedAt: row.decided_at ? date(row.decided_at) : null,
    createdAt: date(row.created_at),
  };
}

/**
 * The item a report names, from its own table (decision 0221): whose it is, who may see it, its project, and
 * whether it is hidden; null when it is not there (a deleted project, an erased account).
 */
async function itemFacts(em: EntityManager, type: ReportTargetType, id: string): Promise<ItemFacts | null> {
  if (!isUuid(id)) return null;
  const [hiddenRow] = await runSql<{ found: number }>(
    em,
    'select 1 as found from hidden_content where target_type = ? and target_id = ?',
    [type, id],
  );
  const hidden = hiddenRow !== undefined;
  const base = { type, id, hidden };
  switch (type) {
    case 'project': {
      const [r] = await runSql<Row>(em, 'select client_id, title, description from projects where id = ?', [
        id,
      ]);
      if (!r) return null;
      const title = String(r.title);
      return {
        ...base,
        authorId: str(r.client_id),
        viewerIds: null,
        projectId: id,
        projectTitle: title,
        summary: clip(title),
        content: str(r.description),
      };
    }
    case 'bid': {
      const [r] = await runSql<Row>(
        em,
        `select b.contractor_id, b.proposal, b.amount, p.id as project_id, p.client_id, p.title
           from bids b join projects p on p.id = b.project_id where b.id = ?`,
        [id],
      );
      if (!r) return null;
      const authorId = str(r.contractor_id);
      return {
        ...base,
        authorId,
        viewerIds: [authorId, str(r.client_id)].filter((x): x is string => x !== null),
        projectId: str(r.project_id),
        projectTitle: str(r.title),
        summary: clip(`$${String(r.amount)}: ${String(r.proposal)}`),
        content: str(r.proposal),
      };
    }
    case 'message': {
      const [r] = await runSql<Row>(
        em,
        `select m.sender_id, m.receiver_id, m.content, m.project_id, p.title
           from messages m left join projects p on p.id = m.project_id where m.id = ?`,
        [id],
      );
      if (!r) return null;
      return {
        ...base,
        authorId: str(r.sender_id),
        viewerIds: [str(r.sender_id), str(r.receiver_id)].filter((x): x is string => x !== null),
        projectId: str(r.project_id),
        projectTitle: str(r.title),
        summary: clip(str(r.content)),
        content: str(r.content),
      };
    }
    case 'review': {
      const [r] = await runSql<Row>(
        em,
        `select r.reviewer_id, r.rating, r.comment, r.project_id, p.title
           from reviews r left join projects p on p.id = r.project_id where r.id = ?`,
        [id],
      );
      if (!r) return null;
      return {
        ...base,
        authorId: str(r.reviewer_id),
        viewerIds: null,
        projectId: str(r.project_id),
        projectTitle: str(r.title),
        summary: clip(`${String(r.rating)} stars${r.comment ? `: ${String(r.comment)}` : ''}`),
        content: str(r.comment),
      };
    }
    case 'question':
    case 'answer': {
      const [r] = await runSql<Row>(
        em,
        `select q.asker_id, q.question, q.answer, q.hidden, p.id as project_id, p.client_id, p.title
           from project_questions q join projects p on p.id = q.project_id where q.id = ?`,
        [id],
      );
      if (!r || (type === 'answer' && r.answer === null)) return null;
      const owner = str(r.client_id);
      const authorId = type === 'answer' ? owner : (str(r.asker_id) ?? owner);
      const text = type === 'answer' ? str(r.answer) : (str(r.question) ?? str(r.answer));
      // An unanswered question shows only to its asker and the owner (decision 0131).
      const viewerIds =
        r.answer === null ? [str(r.asker_id), owner].filter((x): x is string => x !== null) : null;
      return {
        ...base,
        hidden: hidden || r.hidden === true,
        authorId,
        viewerIds,
        projectId: str(r.project_id),
        projectTitle: str(r.title),
        summary: clip(text),
        content: text,
      };
    }
    case 'user': {
      const [r] = await runSql<Row>(
        em,
        'select first_name, last_name, email, role from users where id = ? and deleted_at is null',
        [id],
      );
      if (!r) return null;
      const name = [str(r.first_name), str(r.last_name)].filter((n) => n?.trim()).join(' ');
      return {
        ...base,
        hidden: false,
        authorId: id,
        viewerIds: null,
        projectId: null,
        projectTitle: null,
        summary: clip(`${name || String(r.email)} (${String(r.role)})`),
        content: null,
      };
    }
  }
}

function targetOf(facts: ItemFacts): ReportTarget {
  const { summary: _summary, content: _content, ...target } = facts;
  return target;
}

/**
 * Reports, claims, hidden content and the moderation log (decision 0221, Migration20270325000001_reports):
 * ModerationRepository inside a unit of work (bound to its transaction's em).
 */
export class SqlModeration implements ModerationRepository {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async target(type: ReportTargetType, id: string): Promise<ReportTarget | null> {
    const facts = await itemFacts(this.#em, type, id);
    return facts && targetOf(facts);
  }

  async hasOpenReport(reporterId: string, type: ReportTargetType, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const rows = await runSql(
      this.#em,
      `select 1 as found from reports
        where reporter_id = ? and target_type = ? and target_id = ? and status = 'open'`,
      [reporterId, type, id],
    );
    return rows.length > 0;
  }

  async addReport(r: ReportSnapshot): Promise<void> {
    // A second open report of the same reporter racing this one meets the partial unique index.
    const rows = await runSql<{ id: string }>(
      this.#em,
      `insert into reports (id, reporter_id, target_type, target_id, author_id, reason, details, status, outcome,
          decided_by, decided_at, created_at)
        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        on conflict do nothing returning id`,
      [
        r.id,
        r.reporterId,
        r.targetType,
        r.targetId,
        r.authorId,
        r.reason,
        r.details,
        r.status,
        r.outcome,
        r.decidedBy,
        r.decidedAt,
        r.createdAt,
      ],
    );
    if (rows.length === 0) throw SAFETY_ERRORS.ALREADY_REPORTED();
  }

  async countOpen(type: ReportTargetType, id: string): Promise<number> {
    if (!isUuid(id)) return 0;
    const [row] = await runSql<{ n: unknown }>(
      this.#em,
      `select count(*) as n from reports where target_type = ? and target_id = ? and status = 'open'`,
      [type, id],
    );
    return toCount(row?.n);
  }

  async lockOpenReports(type: ReportTargetType, id: string): Promise<ReportSnapshot[]> {
    if (!isUuid(id)) return [];
    const rows = await runSql<Row>(
      this.#em,
      `select * from reports where target_type = ? and target_id = ? and status = 'open'
        order by created_at, id for update`,
      [type, id],
    );
    return rows.map(reportFrom);
  }

  async closeReports(
    ids: readonly string[],
    outcome: ReportOutcome,
    adminId: string,
    at: Date,
  ): Promise<void> {
    if (ids.length === 0) return;
    await runSql(
      this.#em,
      `update reports set status = 'closed', outcome = ?, decided_by = ?, decided_at = ?
        where id in (${ids.map(() => '?').join(', ')})`,
      [outcome, adminId, at, ...ids],
    );
  }

  async claimOf(type: ReportTargetType, id: string): Promise<ModerationClaim | null> {
    if (!isUuid(id)) return null;
    const [row] = await runSql<Row>(
      this.#em,
      `select c.admin_id, c.claimed_at, u.first_name, u.last_name, u.email
         from moderation_claims c join users u on u.id = c.admin_id
        where c.target_type = ? and c.target_id = ?`,
      [type, id],
    );
    if (!row) return null;
    const name = [str(row.first_name), str(row.last_name)].filter((n) => n?.trim()).join(' ');
    return {
      adminId: String(row.admin_id),
      adminName: name || String(row.email),
      claimedAt: date(row.claimed_at),
    };
  }

  async claim(type: ReportTargetType, id: string, adminId: string, at: Date): Promise<void> {
    await runSql(
      this.#em,
      `insert into moderation_claims (target_type, target_id, admin_id, claimed_at) values (?, ?, ?, ?)
       on conflict (target_type, target_id) do nothing`,
      [type, id, adminId, at],
    );
  }

  async release(type: ReportTargetType, id: string): Promise<void> {
    if (!isUuid(id)) return;
    await runSql(this.#em, 'delete from moderation_claims where target_type = ? and target_id = ?', [
      type,
      id,
    ]);
  }

  async hide(e: HiddenEntry): Promise<void> {
    await runSql(
      this.#em,
      `insert into hidden_content (target_type, target_id, author_id, reason, note, hidden_by, hidden_at)
        values (?, ?, ?, ?, ?, ?, ?) on conflict (target_type, target_id) do nothing`,
      [e.targetType, e.targetId, e.authorId, e.reason, e.note, e.hiddenBy, e.hiddenAt],
    );
  }

  async record(e: ModerationLogEntry): Promise<void> {
    await runSql(
      this.#em,
      `insert into moderation_actions (id, admin_id, action, target_type, target_id, subject_id, reason, note,
          report_ids, created_at)
        values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)`,
      [
        e.id,
        e.adminId,
        e.action,
        e.targetType,
        e.targetId,
        e.subjectId,
        e.reason,
        e.note,
        JSON.stringify(e.reportIds),
        e.createdAt,
      ],
    );
  }
}

/** The queue's read side and the hidden-content lookups (decision 0221). Give it the global `orm.em`. */
export class SqlModerationQuery implements ModerationQuery, HiddenContent {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async queue(page: { limit: number; offset: number }): Promise<{ items: QueueItemView[]; total: number }> {
    const rows = await runSql<Row>(
      this.#em,
      `select target_type, target_id, count(*) as open_reports,
              count(distinct coalesce(reporter_id::text, 'buildbid')) as reporters,
              min(created_at) as first_at, max(created_at) as last_at, count(*) over () as total
         from reports where status = 'open'
        group by target_type, target_id
        order by min(created_at), target_id
        limit ? offset ?`,
      [page.limit, page.offset],
    );
    const items = await Promise.all(rows.map((row) => this.#queueItem(row)));
    let total = toCount(rows[0]?.total);
    if (rows.length === 0 && page.offset > 0) {
      const [counted] = await runSql<{ n: unknown }>(
        this.#em,
        `select count(*) as n from (select 1 from reports where status = 'open' group by target_type, target_id) x`,
      );
      total = toCount(counted?.n);
    }
    return { items, total };
  }

  async #queueItem(row: Row): Promise<QueueItemView> {
    const type = row.target_type as ReportTargetType;
    const id = String(row.target_id);
    const [facts, reasons, claim, author] = await Promise.all([
      itemFacts(this.#em, type, id),
      runSql<Row>(
        this.#em,
        `select reason, count(*) as n from reports where target_type = ? and target_id = ? and status = 'open'
          group by reason order by count(*) desc, reason`,
        [type, id],
      ),
      runSql<Row>(
        this.#em,
        `select c.claimed_at, ${personColumns('u', 'admin')}
           from moderation_claims c left join users u on u.id = c.admin_id
          where c.target_type = ? and c.target_id = ?`,
        [type, id],
      ),
      runSql<Row>(
        this.#em,
        `select ${personColumns('u', 'author')} from reports r join users u on u.id = r.author_id
          where r.target_type = ? and r.target_id = ? and r.status = 'open' limit 1`,
        [type, id],
      ),
    ]);
    return {
      targetType: type,
      targetId: id,
      openReports: toCount(row.open_reports),
      reporters: toCount(row.reporters),
      reasons: reasons.map((r) => ({ reason: r.reason as ReportReason, count: toCount(r.n) })),
      firstReportedAt: date(row.first_at),
      lastReportedAt: date(row.last_at),
      claim: claim[0] ? { admin: personOf(claim[0], 'admin'), claimedAt: date(claim[0].claimed_at) } : null,
      summary: facts?.summary ?? 'This item no longer exists',
      author: author[0] ? personOf(author[0], 'author') : null,
      projectId: facts?.projectId ?? null,
      projectTitle: facts?.projectTitle ?? null,
      hidden: facts?.hidden ?? false,
    };
  }

  async item(type: ReportTargetType, id: string): Promise<ModerationItemView | null> {
    if (!isUuid(id)) return null;
    const [head] = await runSql<Row>(
      this.#em,
      `select target_type, target_id, count(*) as open_reports,
              count(distinct coalesce(reporter_id::text, 'buildbid')) as reporters,
              min(created_at) as first_at, max(created_at) as last_at
         from reports where status = 'open' and target_type = ? and target_id = ?
        group by target_type, target_id`,
      [type, id],
    );
    if (!head) return null;
    const [queued, facts, reports] = await Promise.all([
      this.#queueItem(head),
      itemFacts(this.#em, type, id),
      runSql<Row>(
        this.#em,
        `select r.id, r.reason, r.details, r.created_at, ${personColumns('u', 'reporter')}
           from reports r left join users u on u.id = r.reporter_id
          where r.target_type = ? and r.target_id = ? and r.status = 'open'
          order by r.created_at, r.id`,
        [type, id],
      ),
    ]);
    return {
      ...queued,
      reports: reports.map(
        (r): ReportView => ({
          id: String(r.id),
          reporter: personOf(r, 'reporter'),
          reason: r.reason as ReportReason,
          details: str(r.details),
          createdAt: date(r.created_at),
        }),
      ),
      content: facts?.content ?? null,
      conversation: type === 'message' && facts ? await this.#conversationAround(id) : null,
    };
  }

  /** The reported message with the CONTEXT_MESSAGES before and after it between the same two people. */
  async #conversationAround(messageId: string): Promise<ContextMessage[]> {
    const pair = `((m.sender_id = x.sender_id and m.receiver_id = x.receiver_id)
                or (m.sender_id = x.receiver_id and m.receiver_id = x.sender_id))`;
    const columns = `m.id, m.sender_id, m.content, m.created_at, u.first_name, u.last_name, u.email,
      exists (select 1 from hidden_content h where h.target_type = 'message' and h.target_id = m.id) as hidden`;
    const rows = await runSql<Row>(
      this.#em,
      `with x as (select id, sender_id, receiver_id, created_at from messages where id = ?)
       (select ${columns} from messages m cross join x join users u on u.id = m.sender_id
         where ${pair} and (m.created_at, m.id) < (x.created_at, x.id)
         order by m.created_at desc, m.id desc limit ${CONTEXT_MESSAGES})
       union all
       (select ${columns} from messages m cross join x join users u on u.id = m.sender_id where m.id = x.id)
       union all
       (select ${columns} from messages m cross join x join users u on u.id = m.sender_id
         where ${pair} and (m.created_at, m.id) > (x.created_at, x.id)
         order by m.created_at, m.id limit ${CONTEXT_MESSAGES})`,
      [messageId],
    );
    return rows
      .map((r) => {
        const name = [str(r.first_name), str(r.last_name)].filter((n) => n?.trim()).join(' ');
        return {
          id: String(r.id),
          senderId: String(r.sender_id),
          senderName: name || String(r.email),
          content: String(r.content),
          createdAt: date(r.created_at),
          reported: r.id === messageId,
          hidden: r.hidden === true,
        };
      })
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  }

  async log(page: { limit: number; offset: number }): Promise<{ items: ModerationLogView[]; total: number }> {
    const [rows, counted] = await Promise.all([
      runSql<Row>(
        this.#em,
        `select a.id, a.action, a.target_type, a.target_id, a.reason, a.note, a.report_ids, a.created_at,
                ${personColumns('ad', 'admin')}, ${personColumns('s', 'subject')}
           from moderation_actions a
           left join users ad on ad.id = a.admin_id
           left join users s on s.id = a.subject_id
          order by a.created_at desc, a.id desc limit ? offset ?`,
        [page.limit, page.offset],
      ),
      runSql<{ n: unknown }>(this.#em, 'select count(*) as n from moderation_actions'),
    ]);
    return {
      items: rows.map((r) => ({
        id: String(r.id),
        admin: personOf(r, 'admin'),
        action: r.action as ModerationAction,
        targetType: r.target_type as ReportTargetType,
        targetId: String(r.target_id),
        subject: personOf(r, 'subject'),
        reason: (str(r.reason) as ReportReason | null) ?? null,
        note: str(r.note),
        reportIds: Array.isArray(r.report_ids)
          ? (r.report_ids as string[])
          : (JSON.parse(String(r.report_ids ?? '[]')) as string[]),
        createdAt: date(r.created_at),
      })),
      total: toCount(counted[0]?.n),
    };
  }

  async openReportsBy(reporterId: string, type: ReportTargetType | null): Promise<MyReportView[]> {
    if (!isUuid(reporterId)) return [];
    const rows = await runSql<Row>(
      this.#em,
      `select id, target_type, target_id, reason, created_at from reports
        where reporter_id = ? and status = 'open'${type ? ' and target_type = ?' : ''}
        order by created_at desc, id desc limit 500`,
      type ? [reporterId, type] : [reporterId],
    );
    return rows
      .filter((r) => isReportTargetType(String(r.target_type)))
      .map((r) => ({
        id: String(r.id),
        targetType: r.target_type as ReportTargetType,
        targetId: String(r.target_id),
        reason: r.reason as ReportReason,
        createdAt: date(r.created_at),
      }));
  }

  async hiddenAmong(type: ReportTargetType, ids: readonly string[]): Promise<Set<string>> {
    const valid = [...new Set(ids.filter(isUuid))];
    if (valid.length === 0) return new Set();
    const rows = await runSql<{ target_id: string }>(
      this.#em,
      `select target_id from hidden_content where target_type = ?
        and target_id in (${valid.map(() => '?').join(', ')})`,
      [type, ...valid],
    );
    return new Set(rows.map((r) => r.target_id));
  }

  async projectsWithHiddenReview(projectIds: readonly string[]): Promise<Set<string>> {
    const valid = [...new Set(projectIds.filter(isUuid))];
    if (valid.length === 0) return new Set();
    const rows = await runSql<{ project_id: string }>(
      this.#em,
      `select r.project_id from reviews r
         join hidden_content h on h.target_type = 'review' and h.target_id = r.id
        where r.project_id in (${valid.map(() => '?').join(', ')})`,
      valid,
    );
    return new Set(rows.map((r) => r.project_id));
  }

  async countHiddenProjects(filters: ProjectFilters, viewerId: string | null): Promise<number> {
    const { limit: _limit, cursor: _cursor, ...rest } = filters;
    const where = projectFilterSql(rest);
    const [row] = await runSql<{ n: unknown }>(
      this.#em,
      `select count(*) as n from hidden_content h join projects p on p.id = h.target_id
        where h.target_type = 'project' and ${where.sql}${viewerId && isUuid(viewerId) ? ' and p.client_id <> ?' : ''}`,
      viewerId && isUuid(viewerId) ? [...where.params, viewerId] : where.params,
    );
    return toCount(row?.n);
  }
}
