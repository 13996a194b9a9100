import type { EntityManager } from '@mikro-orm/core';
import type { BidQuery, MyBidView, ProjectBidView } from '../../application/bids/ports.ts';
import type { ProjectPage, ProjectQuery, ProjectView } from '../../application/projects/ports.ts';
import type { StatsQuery } from '../../application/stats/ports.ts';
import {
  BUDGET_THRESHOLD_HIGH_CENTS,
  BUDGET_THRESHOLD_LOW_CENTS,
  MAX_PAGE_SIZE,
  type ProjectFilters,
} from '../../domain/project/browse.ts';
import { ValidationError } from '../../domain/shared/errors.ts';
import type { BidRecord, ProjectRecord } from './entities.ts';
import {
  bidRowToSnapshot,
  centsToDecimalText,
  isUuid,
  type ProjectRow,
  projectRowToSnapshot,
} from './marketplace-mappers.ts';
import { runSql, toCount } from './sql.ts';
import { ratingToHundredths } from './user-mapper.ts';

/** The columns of a project under the entity's property names, so projectRowToSnapshot reads them. */
const PROJECT_COLUMNS = `p.id, p.title, p.description, p.project_type as "projectType", p.category, p.location,
  p.country, p.island, p.city, p.budget_min as "budgetMin", p.budget_max as "budgetMax", p.status,
  p.client_id as "clientId", p.attachments, p.tags, p.services, p.service_phases as "servicePhases",
  p.project_stage as "projectStage", p.contractor_needs as "contractorNeeds", p.phases,
  p.general_contractor as "generalContractor", p.deadline, p.bid_deadline as "bidDeadline",
  p.current_phase as "currentPhase", p.phase_start_date as "phaseStartDate",
  p.accepted_bid_id as "acceptedBidId", p.awarded_contractor_id as "awardedContractorId",
  p.created_at as "createdAt", p.updated_at as "updatedAt"`;

/**
 * A page of projects (already limited) -> views: the owner's names, and the bid count and average
 * amount aggregated per project over the bids' (project_id, contractor_id) index, only for these rows.
 */
function viewSql(pageSql: string): string {
  return `with page as (${pageSql})
    select ${PROJECT_COLUMNS}, p.created_at::text as "cursorAt",
      u.first_name as "ownerFirstName", u.last_name as "ownerLastName",
      coalesce(b.bid_count, 0) as "bidCount", b.average_bid_cents as "averageBidCents"
    from page p
    left join users u on u.id = p.client_id
    left join lateral (
      select count(*) as bid_count, round(avg(amount) * 100) as average_bid_cents
      from bids where bids.project_id = p.id
    ) b on true
    order by p.created_at desc, p.id desc`;
}

type ViewRow = ProjectRow & {
  cursorAt: string;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  bidCount: string | number;
  averageBidCents: string | number | null;
};

function toView(row: ViewRow): ProjectView {
  const project = projectRowToSnapshot(row);
  return {
    project,
    bidCount: toCount(row.bidCount),
    averageBidCents: row.averageBidCents === null ? null : Number(row.averageBidCents),
    createdBy: { id: project.clientId, firstName: row.ownerFirstName, lastName: row.ownerLastName },
  };
}

/** Matches counted exactly; beyond this the total is PostgreSQL's estimate (see #count). */
export const COUNT_CAP = 200;

/** How long an estimated total (above COUNT_CAP) is reused for the same filters. */
export const ESTIMATE_TTL_MS = 30_000;
const ESTIMATE_CACHE_SIZE = 1_000;
const TSQUERY_CACHE_SIZE = 1_000;

/** A Map that forgets its oldest entry beyond `size` entries (insertion order). */
class BoundedCache<K, V> {
  readonly #map = new Map<K, V>();
  readonly #size: number;

  constructor(size: number) {
    this.#size = size;
  }

  get(key: K): V | undefined {
    return this.#map.get(key);
  }

  set(key: K, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.#size) this.#map.delete(this.#map.keys().next().value as K);
  }
}

interface Cursor {
  /** created_at as PostgreSQL printed it (microseconds and offset kept). */
  at: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

function invalidCursor(): ValidationError {
  return new ValidationError(
    'INVALID_CURSOR',
    'The cursor is not valid; start again from the first page',
    'cursor',
  );
}

/** timestamptz as PostgreSQL prints it (ISO DateStyle), e.g. 2026-05-12 10:11:12.123456+00. */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)?$/;

function decodeCursor(text: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'string' ||
    !isUuid(parsed[1]) ||
    !TIMESTAMP_TEXT.test(parsed[0])
  ) {
    throw invalidCursor();
  }
  return { at: parsed[0], id: parsed[1] };
}

/** `%text%` for ILIKE, with the pattern characters escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** plainto_tsquery's output ('kitchen' & 'remodel') with every lexeme made a prefix ('kitchen':* & 'remodel':*). */
export function prefixQuery(tsquery: string): string {
  return tsquery.replace(/'((?:[^']|'')*)'/g, "'$1':*");
}

interface Where {
  clauses: string[];
  params: unknown[];
}

function sqlAnd(clauses: readonly string[]): string {
  return clauses.length === 0 ? 'true' : clauses.join(' and ');
}

const dollars = (cents: number) => centsToDecimalText(cents);

/**
 * The filters of matchesProjectFilters (domain/project/browse.ts) as SQL, except `q` (see textClauses).
 */
function structuredWhere(filters: Omit<ProjectFilters, 'limit'>): Where {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filters.country !== undefined) {
    clauses.push('p.country = ?');
    params.push(filters.country);
  }
  if (filters.category !== undefined) {
    clauses.push('p.category = ?');
    params.push(filters.category);
  }
  if (filters.status !== undefined) {
    clauses.push('p.status = ?');
    params.push(filters.status);
  }
  if (filters.clientId !== undefined) {
    if (isUuid(filters.clientId)) {
      clauses.push('p.client_id = ?');
      params.push(filters.clientId);
    } else {
      clauses.push('false');
    }
  }
  switch (filters.budget) {
    case '1k-5k':
      clauses.push('p.budget_max <= ?');
      params.push(dollars(BUDGET_THRESHOLD_LOW_CENTS));
      break;
    case '5k-25k':
      clauses.push('p.budget_min >= ? and p.budget_max <= ?');
      params.push(dollars(BUDGET_THRESHOLD_LOW_CENTS), dollars(BUDGET_THRESHOLD_HIGH_CENTS));
      break;
    case '25k+':
      clauses.push('p.budget_min >= ?');
      params.push(dollars(BUDGET_THRESHOLD_HIGH_CENTS));
      break;
    case undefined:
      break;
  }
  return { clauses, params };
}

/**
 * The text filter. The rule is a case-insensitive substring of title or description: the ILIKE below
 * decides. The tsvector condition in front of it (GIN-indexed, 'simple' configuration, every lexeme of
 * q as a prefix) lets PostgreSQL find rare words through the index; it holds whenever each word of q
 * begins a word of the text.
 */
function textWhere(q: string, tsquery: string | null, options: { indexOnly?: boolean } = {}): Where {
  const pattern = containsPattern(q);
  const ilike = '(p.title ilike ? or p.description ilike ?)';
  if (tsquery === null) return { clauses: [ilike], params: [pattern, pattern] };
  if (options.indexOnly)
    return { clauses: [`p.search_vector @@ to_tsquery('simple', ?)`], params: [tsquery] };
  return {
    clauses: [`p.search_vector @@ to_tsquery('simple', ?)`, ilike],
    params: [tsquery, pattern, pattern],
  };
}

/**
 * ProjectQuery in SQL (see docs/decisions/0005-project-list-query.md). Give it the global `orm.em`;
 * it only runs SQL on pooled connections (no identity map).
 */
export class SqlProjectQuery implements ProjectQuery {
  readonly #em: EntityManager;
  /** q -> its prefix tsquery: the 'simple' configuration never changes, so this is a pure function of q. */
  readonly #tsqueries = new BoundedCache<string, string | null>(TSQUERY_CACHE_SIZE);
  /** Row estimates above COUNT_CAP per filter set, kept ESTIMATE_TTL_MS (they are approximate anyway). */
  readonly #estimates = new BoundedCache<string, { rows: number; at: number }>(ESTIMATE_CACHE_SIZE);

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async findView(id: string): Promise<ProjectView | null> {
    if (!isUuid(id)) return null;
    const [row] = await runSql<ViewRow>(this.#em, viewSql('select * from projects where id = ?'), [id]);
    return row ? toView(row) : null;
  }

  async list(filters: ProjectFilters): Promise<ProjectPage> {
    const limit = Math.min(Math.max(Math.trunc(filters.limit) || 1, 1), MAX_PAGE_SIZE);
    const cursor = filters.cursor === undefined ? null : decodeCursor(filters.cursor);
    const where = structuredWhere(filters);
    // The planner estimates the ILIKE poorly: the count's estimate leaves it out when a tsquery stands for it.
    const estimate = structuredWhere(filters);
    if (filters.q !== undefined) {
      const tsquery = await this.#tsquery(filters.q);
      const text = textWhere(filters.q, tsquery);
      where.clauses.push(...text.clauses);
      where.params.push(...text.params);
      const estimated = tsquery === null ? text : textWhere(filters.q, tsquery, { indexOnly: true });
      estimate.clauses.push(...estimated.clauses);
      estimate.params.push(...estimated.params);
    }
    const filterSql = sqlAnd(where.clauses);

    const pageClauses = [filterSql];
    const pageParams = [...where.params];
    if (cursor) {
      pageClauses.push('(p.created_at, p.id) < (?::timestamptz, ?::uuid)');
      pageParams.push(cursor.at, cursor.id);
    }
    const pageSql = `select p.* from projects p where ${pageClauses.join(' and ')}
      order by p.created_at desc, p.id desc limit ?`;

    const [rows, total] = await Promise.all([
      runSql<ViewRow>(this.#em, viewSql(pageSql), [...pageParams, limit + 1]),
      this.#count(filterSql, where.params, { sql: sqlAnd(estimate.clauses), params: estimate.params }),
    ]);
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map(toView),
      total,
      nextCursor: rows.length > limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
    };
  }

  /**
   * Exact up to COUNT_CAP matches (the count stops there); beyond it PostgreSQL's estimate of the row
   * count (planner statistics), never below COUNT_CAP + 1. Counting every match of a very common word
   * would read most of the table on each page.
   */
  async #count(
    filterSql: string,
    params: unknown[],
    estimate: { sql: string; params: unknown[] },
  ): Promise<number> {
    const [row] = await runSql<{ total: string }>(
      this.#em,
      `select count(*) as total from (select 1 from projects p where ${filterSql} limit ${COUNT_CAP + 1}) matching`,
      params,
    );
    const counted = toCount(row?.total);
    if (counted <= COUNT_CAP) return counted;
    const key = JSON.stringify([estimate.sql, estimate.params]);
    const now = Date.now();
    const cached = this.#estimates.get(key);
    if (cached && now - cached.at < ESTIMATE_TTL_MS) return Math.max(COUNT_CAP + 1, cached.rows);
    const [plan] = await runSql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      this.#em,
      `explain (format json) select 1 from projects p where ${estimate.sql}`,
      estimate.params,
    );
    const estimated = Math.round(plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
    this.#estimates.set(key, { rows: estimated, at: now });
    return Math.max(COUNT_CAP + 1, estimated);
  }

  /** q as a prefix tsquery, or null when it has no words (only punctuation, say). */
  async #tsquery(q: string): Promise<string | null> {
    const cached = this.#tsqueries.get(q);
    if (cached !== undefined) return cached;
    const [row] = await runSql<{ query: string }>(
      this.#em,
      `select plainto_tsquery('simple', ?)::text as query`,
      [q],
    );
    const query = row?.query ?? '';
    const result = query.trim() === '' ? null : prefixQuery(query);
    this.#tsqueries.set(q, result);
    return result;
  }
}

type BidRow = BidRecord;

const BID_COLUMNS = `b.id, b.project_id as "projectId", b.contractor_id as "contractorId", b.amount,
  b.timeline, b.proposal, b.status, b.created_at as "createdAt", b.updated_at as "updatedAt"`;

/** BidQuery in SQL. Give it the global `orm.em`. */
export class SqlBidQuery implements BidQuery {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async listForProject(
    projectId: string,
    options: { contractorId?: string } = {},
  ): Promise<ProjectBidView[]> {
    if (!isUuid(projectId)) return [];
    const params: unknown[] = [projectId];
    let only = '';
    if (options.contractorId !== undefined) {
      if (!isUuid(options.contractorId)) return [];
      only = 'and b.contractor_id = ?';
      params.push(options.contractorId);
    }
    const rows = await runSql<
      BidRow & {
        firstName: string | null;
        lastName: string | null;
        profileImageUrl: string | null;
        rating: string | null;
        reviewCount: number | null;
      }
    >(
      this.#em,
      `select ${BID_COLUMNS}, u.first_name as "firstName", u.last_name as "lastName",
          u.profile_image_url as "profileImageUrl", u.rating, u.review_count as "reviewCount"
        from bids b left join users u on u.id = b.contractor_id
        where b.project_id = ? ${only}
        order by b.created_at desc, b.id desc`,
      params,
    );
    return rows.map((row) => ({
      bid: bidRowToSnapshot(row),
      contractor: {
        id: row.contractorId,
        firstName: row.firstName ?? null,
        lastName: row.lastName ?? null,
        profileImageUrl: row.profileImageUrl ?? null,
        ratingHundredths: row.rating === null ? 0 : ratingToHundredths(row.rating),
        reviewCount: row.reviewCount ?? 0,
      },
    }));
  }

  async listForContractor(contractorId: string): Promise<MyBidView[]> {
    if (!isUuid(contractorId)) return [];
    const rows = await runSql<
      BidRow & Pick<ProjectRecord, 'clientId' | 'title' | 'location' | 'category' | 'tags'>
    >(
      this.#em,
      `select ${BID_COLUMNS}, p.client_id as "clientId", p.title, p.location, p.category, p.tags
        from bids b join projects p on p.id = b.project_id
        where b.contractor_id = ?
        order by b.created_at desc, b.id desc`,
      [contractorId],
    );
    return rows.map((row) => ({
      bid: bidRowToSnapshot(row),
      project: {
        id: row.projectId,
        clientId: row.clientId,
        title: row.title,
        location: row.location ?? null,
        category: row.category,
        tags: [...(row.tags ?? [])],
      },
    }));
  }
}

/** StatsQuery as SQL counts. Give it the global `orm.em`. */
export class SqlStatsQuery implements StatsQuery {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async projectCountsByOwner(
    clientId: string,
  ): Promise<{ posted: number; active: number; completed: number }> {
    if (!isUuid(clientId)) return { posted: 0, active: 0, completed: 0 };
    const [row] = await runSql<{ posted: string; active: string; completed: string }>(
      this.#em,
      `select count(*) as posted,
          count(*) filter (where status = 'active') as active,
          count(*) filter (where status = 'completed') as completed
        from projects where client_id = ?`,
      [clientId],
    );
    return { posted: toCount(row?.posted), active: toCount(row?.active), completed: toCount(row?.completed) };
  }

  async bidCountsByContractor(
    contractorId: string,
  ): Promise<{ total: number; pending: number; accepted: number }> {
    if (!isUuid(contractorId)) return { total: 0, pending: 0, accepted: 0 };
    const [row] = await runSql<{ total: string; pending: string; accepted: string }>(
      this.#em,
      `select count(*) as total,
          count(*) filter (where status = 'pending') as pending,
          count(*) filter (where status = 'accepted') as accepted
        from bids where contractor_id = ?`,
      [contractorId],
    );
    return { total: toCount(row?.total), pending: toCount(row?.pending), accepted: toCount(row?.accepted) };
  }

  async countBidsCreatedBetween(contractorId: string, from: Date, to: Date): Promise<number> {
    if (!isUuid(contractorId)) return 0;
    const [row] = await runSql<{ count: string }>(
      this.#em,
      'select count(*) as count from bids where contractor_id = ? and created_at >= ? and created_at < ?',
      [contractorId, from, to],
    );
    return toCount(row?.count);
  }

  async platformCounts(): Promise<{ activeProjects: number; totalBids: number }> {
    const [row] = await runSql<{ active_projects: string; total_bids: string }>(
      this.#em,
      `select (select count(*) from projects where status = 'active') as active_projects,
          (select count(*) from bids) as total_bids`,
    );
    return { activeProjects: toCount(row?.active_projects), totalBids: toCount(row?.total_bids) };
  }
}
