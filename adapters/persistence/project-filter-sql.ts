import {
  BUDGET_THRESHOLD_HIGH_CENTS,
  BUDGET_THRESHOLD_LOW_CENTS,
  type ProjectFilters,
  searchWords,
} from '../../domain/project/browse.ts';
import { centsToDecimalText, isUuid } from './marketplace-mappers.ts';

/**
 * The browse filters as one SQL predicate: matchesProjectFilters (domain/project/browse.ts) in SQL.
 * The list query (SqlProjectQuery) uses it, and so may anything else that must select exactly the
 * projects a browse would show (a saved search's matches, say). Placeholders are `?` (MikroORM's
 * execute); `params` are in placeholder order. Paging (`limit`, `cursor`) is not part of it.
 */
export interface SqlPredicate {
  sql: string;
  params: unknown[];
}

/**
 * The text a search reads: `search_text`, which PostgreSQL keeps as lower(title || ' ' || description)
 * (Migration20270130000001_search_text, decision 0112), under the GIN trigram index. A search word holds
 * no white space, so it can never match across the joining space.
 */
function searchTextSql(alias: string): string {
  return `${alias}.search_text`;
}

/** `%text%` for LIKE, with the pattern characters escaped (the default escape is the backslash). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const dollars = (cents: number) => centsToDecimalText(cents);

/**
 * `filters` as a predicate on the projects table under `alias` (default `p`). Every word of `q` must be
 * a case-insensitive substring of the title or description: LIKE of the lower-cased word on the stored
 * lower-cased text (what ILIKE does, without lower-casing every row again). The GIN trigram index finds
 * a word inside words, and a condition per word lets the index intersect them.
 */
export function projectFilterSql(
  filters: Omit<ProjectFilters, 'limit' | 'cursor'>,
  alias = 'p',
): SqlPredicate {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filters.q !== undefined) {
    const text = searchTextSql(alias);
    for (const word of searchWords(filters.q)) {
      clauses.push(`${text} like lower(?)`);
      params.push(containsPattern(word));
    }
  }
  if (filters.country !== undefined) {
    clauses.push(`${alias}.country = ?`);
    params.push(filters.country);
  }
  if (filters.category !== undefined) {
    clauses.push(`${alias}.category = ?`);
    params.push(filters.category);
  }
  if (filters.status !== undefined) {
    clauses.push(`${alias}.status = ?`);
    params.push(filters.status);
  }
  if (filters.clientId !== undefined) {
    if (isUuid(filters.clientId)) {
      clauses.push(`${alias}.client_id = ?`);
      params.push(filters.clientId);
    } else {
      clauses.push('false');
    }
  }
  // The bands' thresholds are the domain's constants, written into the SQL as literals (never a value from
  // the request): a statement prepared once per connection can then use the bands' partial indexes in a
  // plan made without its values (decision 0113).
  const low = dollars(BUDGET_THRESHOLD_LOW_CENTS);
  const high = dollars(BUDGET_THRESHOLD_HIGH_CENTS);
  switch (filters.budget) {
    case '1k-5k':
      clauses.push(`${alias}.budget_max <= ${low}`);
      break;
    case '5k-25k':
      clauses.push(`${alias}.budget_min >= ${low} and ${alias}.budget_max <= ${high}`);
      break;
    case '25k+':
      clauses.push(`${alias}.budget_min >= ${high}`);
      break;
    case undefined:
      break;
  }
  return { sql: clauses.length === 0 ? 'true' : clauses.join(' and '), params };
}
