import type { EntityManager } from '@mikro-orm/core';
import type { SavedSearchRepository, SearchMatch } from '../../application/saved-searches/ports.ts';
import {
  BUDGET_THRESHOLD_HIGH_CENTS,
  BUDGET_THRESHOLD_LOW_CENTS,
  isBudgetBand,
} from '../../domain/project/browse.ts';
import {
  isSearchAlerts,
  type SavedSearchFilters,
  type SavedSearchSnapshot,
  savedSearchNameTaken,
} from '../../domain/project/saved-search.ts';
import { centsToDecimalText, isUuid } from './marketplace-mappers.ts';
import { searchQuerySql } from './project-filter-sql.ts';
import { runSql } from './sql.ts';

interface SearchRow {
  id: string;
  user_id: string;
  name: string;
  q: string | null;
  country: string | null;
  category: string | null;
  budget: string | null;
  alerts: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, user_id, name, q, country, category, budget, alerts, created_at, updated_at';

function toSnapshot(row: SearchRow): SavedSearchSnapshot {
  const filters: SavedSearchFilters = {};
  if (row.q !== null) filters.q = row.q;
  if (row.country !== null) filters.country = row.country;
  if (row.category !== null) filters.category = row.category;
  if (row.budget !== null && isBudgetBand(row.budget)) filters.budget = row.budget;
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    filters,
    alerts: isSearchAlerts(row.alerts) ? row.alerts : 'off',
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

const low = centsToDecimalText(BUDGET_THRESHOLD_LOW_CENTS);
const high = centsToDecimalText(BUDGET_THRESHOLD_HIGH_CENTS);

/**
 * The browse list's rules (projectFilterSql) turned around: whether the saved search `s` (its filters) meets
 * the project `p`, instead of which projects meet one filter set. q is the list's word search
 * (searchQuerySql, decision 0214); country and category are exact; the budget bands are the list's. A
 * saved search's alerts and a webhook's project.posted events both select with it.
 */
export const SEARCH_MEETS_PROJECT = `(s.country is null or s.country = p.country)
    and (s.category is null or s.category = p.category)
    and (s.budget is null
      or (s.budget = '1k-5k' and p.budget_max <= ${low})
      or (s.budget = '5k-25k' and p.budget_min >= ${low} and p.budget_max <= ${high})
      or (s.budget = '25k+' and p.budget_min >= ${high}))
    and (coalesce(btrim(s.q), '') = '' or p.search_vector @@ ${searchQuerySql('s.q')})`;

/** The searches with alerts on that a project meets, never its owner's: one statement. */
const MATCHING = `
  select s.id, s.user_id, s.name, s.alerts
  from saved_searches s
  join projects p on p.id = ?
  where s.alerts <> 'off'
    and s.user_id <> p.client_id
    and ${SEARCH_MEETS_PROJECT}
  order by s.user_id, s.created_at`;

/** SavedSearchRepository in SQL. Give it the global `orm.em`: it forks for its transactions. */
export class SqlSavedSearches implements SavedSearchRepository {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async listByUser(userId: string): Promise<SavedSearchSnapshot[]> {
    if (!isUuid(userId)) return [];
    const rows = await runSql<SearchRow>(
      this.#em,
      `select ${COLUMNS} from saved_searches where user_id = ? order by created_at desc, id desc`,
      [userId],
    );
    return rows.map(toSnapshot);
  }

  async find(id: string): Promise<SavedSearchSnapshot | null> {
    if (!isUuid(id)) return null;
    const [row] = await runSql<SearchRow>(this.#em, `select ${COLUMNS} from saved_searches where id = ?`, [
      id,
    ]);
    return row ? toSnapshot(row) : null;
  }

  add(search: SavedSearchSnapshot, check: (kept: number) => void): Promise<void> {
    return this.#em.fork().transactional(async (em) => {
      // One writer per user at a time: the count and the name check hold until the insert commits.
      await runSql(em, 'select id from users where id = ? for update', [search.userId]);
      const [kept] = await runSql<{ n: string; taken: boolean }>(
        em,
        `select count(*) as n, coalesce(bool_or(lower(name) = lower(?)), false) as taken
          from saved_searches where user_id = ?`,
        [search.name, search.userId],
      );
      check(Number(kept?.n ?? 0));
      if (kept?.taken) throw savedSearchNameTaken(search.name);
      await runSql(
        em,
        `insert into saved_searches (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        values(search),
      );
    });
  }

  update(search: SavedSearchSnapshot): Promise<void> {
    return this.#em.fork().transactional(async (em) => {
      await runSql(em, 'select id from users where id = ? for update', [search.userId]);
      const [clash] = await runSql<{ id: string }>(
        em,
        'select id from saved_searches where user_id = ? and lower(name) = lower(?) and id <> ? limit 1',
        [search.userId, search.name, search.id],
      );
      if (clash) throw savedSearchNameTaken(search.name);
      await runSql(
        em,
        `update saved_searches set name = ?, q = ?, country = ?, category = ?, budget = ?, alerts = ?,
          updated_at = ? where id = ?`,
        [...values(search).slice(2, 8), search.updatedAt, search.id],
      );
    });
  }

  async remove(id: string): Promise<void> {
    if (!isUuid(id)) return;
    await runSql(this.#em, 'delete from saved_searches where id = ?', [id]);
  }

  async matching(projectId: string): Promise<{ projectTitle: string; matches: SearchMatch[] }> {
    if (!isUuid(projectId)) return { projectTitle: '', matches: [] };
    const [project] = await runSql<{ title: string }>(this.#em, 'select title from projects where id = ?', [
      projectId,
    ]);
    if (!project) return { projectTitle: '', matches: [] };
    const rows = await runSql<{ id: string; user_id: string; name: string; alerts: string }>(
      this.#em,
      MATCHING,
      [projectId],
    );
    return {
      projectTitle: project.title,
      matches: rows.map((r) => ({
        searchId: r.id,
        userId: r.user_id,
        name: r.name,
        alerts: r.alerts === 'daily' ? 'daily' : 'instant',
      })),
    };
  }

  async queueForDigest(
    projectId: string,
    users: { userId: string; searchName: string }[],
    at: Date,
  ): Promise<void> {
    if (users.length === 0) return;
    await runSql(
      this.#em,
      `insert into saved_search_digest_items (user_id, project_id, search_name, created_at)
        values ${users.map(() => '(?, ?, ?, ?)').join(', ')} on conflict do nothing`,
      users.flatMap((u) => [u.userId, projectId, u.searchName, at]),
    );
  }
}

function values(s: SavedSearchSnapshot): unknown[] {
  return [
    s.id,
    s.userId,
    s.name,
    s.filters.q ?? null,
    s.filters.country ?? null,
    s.filters.category ?? null,
    s.filters.budget ?? null,
    s.alerts,
    s.createdAt,
    s.updatedAt,
  ];
}
