import type { EntityManager } from '@mikro-orm/core';
import type { BidQuery, MyBidStatus, MyBidView, ProjectBidView } from '../../application/bids/ports.ts';
import type {
  ProjectDetailView,
  ProjectPage,
  ProjectQuery,
  ProjectView,
} from '../../application/projects/ports.ts';
import type { StatsQuery } from '../../application/stats/ports.ts';
import { MAX_PAGE_SIZE, type ProjectFilters } from '../../domain/project/browse.ts';
import {
  COUNT_CAP,
  decodeCursor,
  ESTIMATE_CACHE_SIZE,
  ESTIMATE_TTL_MS,
  encodeCursor,
  SAMPLE_PERCENT,
  SEARCH_PROBE,
  type SearchProbeSizes,
  searchWalk,
} from './browse-plan.ts';
import type { BidRecord, ProjectRecord } from './entities.ts';
import {
  bidRowToSnapshot,
  decimalToCents,
  isUuid,
  type ProjectRow,
  projectRowToSnapshot,
} from './marketplace-mappers.ts';
import { projectFilterSql } from './project-filter-sql.ts';
import { runPrepared, runSql, toCount } from './sql.ts';
import { ratingToHundredths } from './user-mapper.ts';

export { projectFilterSql } from './project-filter-sql.ts';

/** The columns of a project under the entity's property names, so projectRowToSnapshot reads them. */
const PROJECT_COLUMNS = `p.id, p.title, p.description, p.project_type as "projectType", p.category, p.location,
  p.country, p.island, p.city, p.budget_min as "budgetMin", p.budget_max as "budgetMax", p.status,
  p.client_id as "clientId", p.attachments, p.tags, p.services, p.service_phases as "servicePhases",
  p.project_stage as "projectStage", p.contractor_needs as "contractorNeeds", p.phases,
  p.general_contractor as "generalContractor", p.deadline, p.bid_deadline as "bidDeadline",
  p.current_phase as "currentPhase", p.phase_start_date as "phaseStartDate",
  p.accepted_bid_id as "acceptedBidId", p.awarded_contractor_id as "awardedContractorId",
  p.created_at as "createdAt", p.updated_at as "updatedAt", p.created_at::text as "cursorAt",
  p.view_count as "viewCount", p.save_count as "saveCount"`;

/**
 * What a view adds to the project columns of `pg` (a page or one project): the owner's names, read by
 * primary key per row (a lateral lookup, never a hash of the whole users table), and the bid count and
 * average amount aggregated over the bids' (project_id, contractor_id) index for this row only, leaving out
 * withdrawn bids (decision 0193: a deleted bidder's bid no longer counts).
 */
const VIEW_COLUMNS = `u.first_name as "ownerFirstName", u.last_name as "ownerLastName",
  u.rating as "ownerRating", u.review_count as "ownerReviewCount",
  coalesce(b.bid_count, 0) as "bidCount", b.average_bid_cents as "averageBidCents"`;
const VIEW_JOINS = `left join lateral (
      select first_name, last_name, rating, review_count from users where users.id = pg."clientId"
    ) u on true
    left join lateral (
      select count(*) as bid_count, round(avg(amount) * 100) as average_bid_cents
      from bids where bids.project_id = pg.id and bids.status <> 'withdrawn'
    ) b on true`;

type ViewRow = ProjectRow & {
  cursorAt: string;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  ownerRating: string | null;
  ownerReviewCount: number | null;
  viewCount: number | null;
  saveCount: number | null;
  bidCount: string | number;
  averageBidCents: string | number | null;
};

function toView(row: ViewRow): ProjectView {
  const project = projectRowToSnapshot(row);
  return {
    project,
    bidCount: toCount(row.bidCount),
    averageBidCents: row.averageBidCents === null ? null : Number(row.averageBidCents),
    createdBy: {
      id: project.clientId,
      firstName: row.ownerFirstName,
      lastName: row.ownerLastName,
      ratingHundredths: row.ownerRating === null ? 0 : ratingToHundredths(row.ownerRating),
      reviewCount: row.ownerReviewCount ?? 0,
    },
    viewCount: row.viewCount ?? 0,
    saveCount: row.saveCount ?? 0,
  };
}

type ListRow = Partial<ViewRow> & { countedTotal: number | string; estimatedTotal: number | string | null };

type DetailRow = ViewRow & {
  viewerBidId: string | null;
  viewerBidContractorId: string | null;
  viewerBidAmount: string | null;
  viewerBidTimeline: number | null;
  viewerBidProposal: string | null;
  viewerBidStatus: string | null;
  viewerBidCreatedAt: Date | null;
  viewerBidUpdatedAt: Date | null;
  reviewRating: number | null;
  reviewComment: string | null;
  reviewCreatedAt: Date | null;
};

/**
 * ProjectQuery in SQL (docs/decisions/0110-one-statement-browse.md). Give it the global `orm.em`: it
 * only runs SQL on pooled connections (no identity map, no hydration, no transaction). A list page is
 * one statement, a project with the caller's own bid is one statement.
 */
export class SqlProjectQuery implements ProjectQuery {
  readonly #em: EntityManager;
  /**
   * Sampled totals per filter set, kept ESTIMATE_TTL_MS: passed back into the statement, which then skips
   * its sample (still one statement). Exact totals (≤ COUNT_CAP) are never kept.
   */
  readonly #estimates = new Map<string, { total: number; at: number }>();
  readonly #now: () => number;
  readonly #probe: SearchProbeSizes;

  constructor(em: EntityManager, options: { now?: () => number; probe?: SearchProbeSizes } = {}) {
    this.#em = em;
    this.#now = options.now ?? Date.now;
    this.#probe = options.probe ?? SEARCH_PROBE;
  }

  #knownEstimate(key: string): number | null {
    const kept = this.#estimates.get(key);
    if (!kept) return null;
    if (this.#now() - kept.at < ESTIMATE_TTL_MS) return kept.total;
    this.#estimates.delete(key);
    return null;
  }

  #keepEstimate(key: string, total: number): void {
    this.#estimates.delete(key);
    this.#estimates.set(key, { total, at: this.#now() });
    if (this.#estimates.size > ESTIMATE_CACHE_SIZE) {
      this.#estimates.delete(this.#estimates.keys().next().value as string);
    }
  }

  async findView(id: string): Promise<ProjectView | null> {
    if (!isUuid(id)) return null;
    const [row] = await runPrepared<ViewRow>(
      this.#em,
      `select pg.*, ${VIEW_COLUMNS}
        from (select ${PROJECT_COLUMNS} from projects p where p.id = ?) pg
        ${VIEW_JOINS}`,
      [id],
    );
    return row ? toView(row) : null;
  }

  async findDetail(id: string, viewerId: string): Promise<ProjectDetailView | null> {
    if (!isUuid(id)) return null;
    const [row] = await runPrepared<DetailRow>(
      this.#em,
      `select pg.*, ${VIEW_COLUMNS},
          vb.id as "viewerBidId", vb.contractor_id as "viewerBidContractorId", vb.amount as "viewerBidAmount",
          vb.timeline as "viewerBidTimeline", vb.proposal as "viewerBidProposal", vb.status as "viewerBidStatus",
          vb.created_at as "viewerBidCreatedAt", vb.updated_at as "viewerBidUpdatedAt",
          rv.rating as "reviewRating", rv.comment as "reviewComment", rv.created_at as "reviewCreatedAt"
        from (select ${PROJECT_COLUMNS} from projects p where p.id = ?) pg
        ${VIEW_JOINS}
        left join bids vb on vb.project_id = pg.id and vb.contractor_id = ?::uuid
        left join lateral (
          select r.rating, r.comment, r.created_at from reviews r where r.project_id = pg.id
          order by r.created_at limit 1
        ) rv on true`,
      [id, isUuid(viewerId) ? viewerId : null],
    );
    if (!row) return null;
    const viewerBid =
      row.viewerBidId === null
        ? null
        : bidRowToSnapshot({
            id: row.viewerBidId,
            projectId: row.id,
            contractorId: row.viewerBidContractorId as string,
            amount: row.viewerBidAmount as string,
            timeline: row.viewerBidTimeline as number,
            proposal: row.viewerBidProposal as string,
            status: row.viewerBidStatus as string,
            createdAt: row.viewerBidCreatedAt as Date,
            updatedAt: row.viewerBidUpdatedAt as Date,
          } as BidRecord);
    const review =
      row.reviewRating === null || row.reviewRating === undefined
        ? null
        : {
            rating: Number(row.reviewRating),
            comment: row.reviewComment ?? null,
            createdAt: new Date(row.reviewCreatedAt as Date),
          };
    return { ...toView(row), viewerBid, review };
  }

  /**
   * One statement: the page (newest first, keyset after the cursor), each row's owner and bid figures,
   * and the total. The total is exact up to COUNT_CAP (the count stops there). Beyond it, it is
   * estimated from a repeatable page-level sample of about ESTIMATE_SAMPLE_ROWS rows (the same filters
   * on the sample, scaled up), never below COUNT_CAP + 1: counting every match of a very common word
   * would read most of the table on each page. A sampled total is kept ESTIMATE_TTL_MS per filter set
   * and passed back as a parameter, so the next pages and repeats skip the sample.
   */
  async list(filters: ProjectFilters): Promise<ProjectPage> {
    const limit = Math.min(Math.max(Math.trunc(filters.limit) || 1, 1), MAX_PAGE_SIZE);
    const cursor = filters.cursor === undefined ? null : decodeCursor(filters.cursor);
    const where = projectFilterSql(filters);
    const pageWhere = cursor
      ? `${where.sql} and (p.created_at, p.id) < (?::timestamptz, ?::uuid)`
      : where.sql;
    const pageParams = cursor ? [...where.params, cursor.at, cursor.id] : where.params;
    const estimateKey = JSON.stringify([where.sql, where.params]);
    const known = this.#knownEstimate(estimateKey);
    // The newest COUNT_CAP + 1 matches, in browse order, found once: their number is the exact total (up
    // to the cap) and, on the first page, their head is the page. Ordering this scan lets PostgreSQL pick
    // per filter set between walking the newest-first index (common words: it stops after the cap) and
    // a bitmap of the text index plus a sort (rare words), instead of walking the index for a rare
    // word whose matches are far apart. Later pages read their own keyset slice.
    // With a cursor: while every match is among them (at most COUNT_CAP), the slice comes from them too;
    // otherwise matches are dense enough to walk the newest-first index from the cursor. The gate is a
    // one-time filter: the branch not taken is never executed.
    const pageSql = cursor
      ? `(select id, created_at from matches
            where (select count(*) from matches) <= ${COUNT_CAP}
              and (created_at, id) < (?::timestamptz, ?::uuid)
            order by created_at desc, id desc limit ?)
          union all
          (select p.id, p.created_at from projects p
            where (select count(*) from matches) > ${COUNT_CAP} and ${pageWhere}
            order by p.created_at desc, p.id desc limit ?)
          order by created_at desc, id desc limit ?`
      : `select id from matches order by created_at desc, id desc limit ?`;
    const probe = searchWalk(filters, this.#probe);
    const rows = await runPrepared<ListRow>(
      this.#em,
      `with ${probe?.sql ?? ''}matches as materialized (
          ${
            probe === null
              ? `select p.id, p.created_at from projects p where ${where.sql}
          order by p.created_at desc, p.id desc limit ${COUNT_CAP + 1}`
              : // The branch that holds every match the page and the count need; the others never run.
                `(select id, created_at from head where hit and (select source from walked) = 'head'
            order by created_at desc, id desc limit ${COUNT_CAP + 1})
          union all
          select id, created_at from probe where (select source from walked) = 'probe'
          union all
          (select p.id, p.created_at from projects p
            where (select source from walked) = 'index' and ${where.sql}
            order by p.created_at desc, p.id desc limit ${COUNT_CAP + 1})
          union all
          (select id, created_at from (
              select p.id, p.created_at from projects p
              where (select source from walked) = 'rare' and ${where.sql}
              offset 0
            ) rare
            order by created_at desc, id desc limit ${COUNT_CAP + 1})`
          }
        ), total as (
          select c.n as "countedTotal",
            case when c.n > ${COUNT_CAP} then ${
              // A kept estimate leaves the sample out of the text: less for PostgreSQL to plan.
              known === null
                ? `(
              select round(count(*) * 100.0 / ${SAMPLE_PERCENT})
              from projects p tablesample system (${SAMPLE_PERCENT}) repeatable (0)
              where ${where.sql}
            )`
                : '?::bigint'
            } end as "estimatedTotal"
          from (select count(*) as n from matches) c
        ), page as (${pageSql}),
        pg as (
          select ${PROJECT_COLUMNS} from page join projects p on p.id = page.id
        )
        select t.*, pg.*, ${VIEW_COLUMNS}
        from total t
        left join pg on true
        ${VIEW_JOINS}
        order by pg."createdAt" desc, pg.id desc`,
      [
        ...(probe?.params ?? []),
        ...where.params,
        // The 'rare' branch's (decision 0214): `offset 0` keeps its order and limit out of its scan's plan.
        ...(probe === null ? [] : where.params),
        ...(known === null ? where.params : [known]),
        ...(cursor ? [cursor.at, cursor.id, limit + 1, ...pageParams, limit + 1] : []),
        limit + 1,
      ],
    );
    const first = rows[0];
    const counted = toCount(first?.countedTotal);
    let total = counted;
    if (counted > COUNT_CAP) {
      total = Math.max(COUNT_CAP + 1, toCount(first?.estimatedTotal));
      if (known === null) this.#keepEstimate(estimateKey, total);
    }
    const found = rows.filter((row): row is ListRow & ViewRow => row.id !== null && row.id !== undefined);
    const items = found.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map(toView),
      total,
      nextCursor: found.length > limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
    };
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

  async statusesOn(contractorId: string, projectIds: readonly string[]): Promise<MyBidStatus[]> {
    const ids = projectIds.filter(isUuid);
    if (!isUuid(contractorId) || ids.length === 0) return [];
    // One index probe per id on bids (project_id, contractor_id).
    return runSql<MyBidStatus>(
      this.#em,
      `select b.project_id as "projectId", b.id as "bidId", b.status from bids b
        where b.contractor_id = ? and b.project_id in (${ids.map(() => '?').join(', ')})`,
      [contractorId, ...ids],
    );
  }

  async listForContractor(contractorId: string): Promise<MyBidView[]> {
    if (!isUuid(contractorId)) return [];
    const rows = await runPrepared<
      BidRow &
        Pick<ProjectRecord, 'clientId' | 'title' | 'location' | 'category' | 'tags'> & {
          budgetMin: string | null;
          budgetMax: string | null;
          currentPhase: string;
          ownerFirstName: string | null;
          ownerLastName: string | null;
          ownerRating: string | null;
          ownerReviewCount: number | null;
        }
    >(
      this.#em,
      `select ${BID_COLUMNS}, p.client_id as "clientId", p.title, p.location, p.category, p.tags,
          p.budget_min as "budgetMin", p.budget_max as "budgetMax", p.current_phase as "currentPhase",
          u.first_name as "ownerFirstName", u.last_name as "ownerLastName",
          u.rating as "ownerRating", u.review_count as "ownerReviewCount"
        from bids b join projects p on p.id = b.project_id
        left join users u on u.id = p.client_id
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
        budgetMinCents: row.budgetMin === null ? null : decimalToCents(row.budgetMin),
        budgetMaxCents: row.budgetMax === null ? null : decimalToCents(row.budgetMax),
        currentPhase: row.currentPhase,
        owner: {
          id: row.clientId,
          firstName: row.ownerFirstName ?? null,
          lastName: row.ownerLastName ?? null,
          ratingHundredths: row.ownerRating === null ? 0 : ratingToHundredths(row.ownerRating),
          reviewCount: row.ownerReviewCount ?? 0,
        },
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
