import {
  BUDGET_THRESHOLD_HIGH_CENTS,
  BUDGET_THRESHOLD_LOW_CENTS,
  type ProjectFilters,
  searchWords,
} from '../../domain/project/browse.ts';
import { centsToDecimalText, isUuid } from './marketplace-mappers.ts';

/**
 * The browse filters as one SQL predicate: matchesProjectFilters (domain/project/browse.ts) in SQL, with
 * the database's English stems for the words (decision 0214). The list query (SqlProjectQuery) uses it, and
 * so may anything else that must select exactly the projects a browse would show. Placeholders are `?`
 * (MikroORM's execute); `params` are in placeholder order. Paging (`limit`, `cursor`) is not part of it.
 */
export interface SqlPredicate {
  sql: string;
  params: unknown[];
}

/**
 * A search's text as a tsquery (decision 0214): websearch_to_tsquery's reading of it with English stems
 * (words in any order must all match, "a phrase" in quotes, `or`, `-word` to leave out), then every word
 * outside a phrase made a prefix as well (`'kitch':*`), so a word still being typed already finds; the words
 * of a phrase (joined by `<->` or `<N>`) stay whole, as a phrase matches as written. `param` is SQL text: a
 * `?` placeholder or a column. The lexemes in the query's text form are quoted (a quote inside doubled),
 * which is what the patterns rewrite (with no question mark in them: MikroORM would read one as a
 * placeholder); the search itself reaches SQL only as a value.
 */
export function searchQuerySql(param: string): string {
  const lexeme = `''(([^'']|'''')+)''`;
  const everyPrefix = `regexp_replace(websearch_to_tsquery('english', ${param})::text, '${lexeme}', '''\\1'':*', 'g')`;
  const beforePhraseOperator = `regexp_replace(${everyPrefix}, ':\\*( <)', '\\1', 'g')`;
  const afterPhraseOperator = `regexp_replace(${beforePhraseOperator}, '(> ${lexeme}):\\*', '\\1', 'g')`;
  return `${afterPhraseOperator}::tsquery`;
}

const dollars = (cents: number) => centsToDecimalText(cents);

/**
 * `filters` as a predicate on the projects table under `alias` (default `p`). `q` is matched by the stored
 * `search_vector` under its GIN index (searchQuerySql).
 */
export function projectFilterSql(
  filters: Omit<ProjectFilters, 'limit' | 'cursor'>,
  alias = 'p',
): SqlPredicate {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filters.q !== undefined && searchWords(filters.q).length > 0) {
    clauses.push(`${alias}.search_vector @@ ${searchQuerySql('?')}`);
    params.push(filters.q);
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
  // Suspensions (decision 0223, issue 27 item 3): the projects of an owner whom a suspension keeps out now are
  // left out of every browse; they come back when it is lifted or runs out (`now()`: no job). The ids of those
  // projects are one hashed subplan per statement (the standing suspensions from their partial index, a handful
  // of rows, then their owners' projects by client_id): no read per project and no change to the index the
  // browse walks. By `id`, the one column every caller's row has (a search's probe reads only id, created_at and
  // search_vector). The one place browse knows of suspensions.
  clauses.push(
    `${alias}.id not in (select sp.id from projects sp where sp.client_id in (select ss.user_id from suspensions ss where ss.lifted_at is null and (ss.ends_at is null or ss.ends_at > now())))`,
  );
  return { sql: clauses.join(' and '), params };
}
