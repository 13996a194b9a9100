import { type ProjectFilters, searchWords } from '../../domain/project/browse.ts';
import { ValidationError } from '../../domain/shared/errors.ts';
import { BAND_INDEX_LEADS } from './entities.ts';
import { isUuid } from './marketplace-mappers.ts';
import { projectFilterSql, type SqlPredicate } from './project-filter-sql.ts';

// How the browse reads a page (SqlProjectQuery in ./marketplace-queries.ts): the exact count's cap and the
// sampled estimate above it (decision 0110), the search's walk over its newest candidates (decision 0113),
// and the page cursor.

/** Matches counted exactly; beyond this the total is estimated from a sample (see SqlProjectQuery.list). */
export const COUNT_CAP = 200;

/**
 * A search first reads the newest projects that pass its other filters, in browse order (decision 0113).
 * When more than COUNT_CAP of them hold every word, they are the page and the capped count, exactly, and
 * the text index is never read: it would visit every match to sort them, and words that go together
 * ('storm roof') are planned as if independent, so PostgreSQL expects hundreds of matches and meets
 * thousands. The walk is taken only when the newest `headRows` show at least `headHits` matches
 * (3 %: enough to meet the cap within the walk), so a rare word goes straight to the text index. (A longer
 * walk from 1 % was measured at 1,000,000 projects: it read more pages than the bitmap; decision 0214.)
 */
export const SEARCH_PROBE: SearchProbeSizes = {
  minTableRows: 200_000,
  headRows: 300,
  headHits: 9,
  walkRows: 10_000,
};

/** The probe's sizes (decision 0113): tests shrink them to reach each branch with a few hundred rows. */
export interface SearchProbeSizes {
  /**
   * The walk is taken from this many projects (PostgreSQL's estimate, pg_class.reltuples). Below, the text
   * index's bitmaps are small and cheaper than the walk: at 10,000 projects the walk cost ~1 ms more a search.
   */
  minTableRows: number;
  /** How many of the newest candidates show whether the words are common among them. */
  headRows: number;
  /** How many of those must match for the walk: headHits / headRows of walkRows is 1.5 × COUNT_CAP. */
  headHits: number;
  /** The most candidates the walk reads. */
  walkRows: number;
}

/** About how many rows the estimate above COUNT_CAP reads (a page-level sample of the table). */
const ESTIMATE_SAMPLE_ROWS = 500;

/** How long a sampled total (above COUNT_CAP) is reused for the same filters, in this process. */
export const ESTIMATE_TTL_MS = 30_000;
export const ESTIMATE_CACHE_SIZE = 1_000;

/** The sample's share of the table in percent (100 while the table is small or never analysed). */
export const SAMPLE_PERCENT = `least(100, ${ESTIMATE_SAMPLE_ROWS} * 100.0 / greatest(1,
  (select reltuples from pg_class where oid = 'projects'::regclass)))`;

/**
 * A search's walk, as CTEs (decision 0113): `head`, the newest `headRows` projects that pass the filters
 * other than `q`, each marked by whether it holds every word; `probe`, when the head is full and dense
 * enough, the newest COUNT_CAP + 1 matches among the newest `walkRows` of those projects; and
 * `walked.source`, which of them holds every match the page and the count need:
 * - 'index' when the table is small (`minTableRows`): the text (GIN) index answers;
 * - 'head' when the head read every project that passes the other filters;
 * - 'rare' when the head holds few matches (below `headHits`): the words are rare among the newest, so the
 *   text (GIN) index finds every match and they are sorted (decision 0214); the planner is not asked, as its
 *   estimate for a word it has no statistics for (an absent or misspelt word, a prefix) is a fixed 0.5 %,
 *   which makes walking the newest-first index look cheap and then read the whole table;
 * - 'probe' when the probe found more than COUNT_CAP matches, or read every such project;
 * - 'index' otherwise.
 * Each step runs only when the one before leaves the answer open. Null without search words, or when no one
 * index serves the other filters.
 */
export function searchWalk(filters: ProjectFilters, sizes: SearchProbeSizes): SqlPredicate | null {
  if (filters.q === undefined || searchWords(filters.q).length === 0) return null;
  const { q, ...rest } = filters;
  if (!walksOneIndex(rest)) return null;
  const others = projectFilterSql(rest);
  const text = projectFilterSql({ q });
  const large = `(select greatest(reltuples, 0) from pg_class where oid = 'projects'::regclass) >= ${sizes.minTableRows}`;
  const headFull = `(select count(*) from head) >= ${sizes.headRows}`;
  const headDense = `(select count(*) from head where hit) >= ${sizes.headHits}`;
  return {
    sql: `head as materialized (
          select p.id, p.created_at, (${text.sql}) as hit from projects p where ${others.sql} and ${large}
          order by p.created_at desc, p.id desc limit ${sizes.headRows}
        ), probe as materialized (
          select p.id, p.created_at from (
            select p.id, p.created_at, p.search_vector from projects p where ${others.sql}
            order by p.created_at desc, p.id desc limit ${sizes.walkRows}
          ) p where ${text.sql} and ${headFull} and ${headDense}
          order by p.created_at desc, p.id desc limit ${COUNT_CAP + 1}
        ), walked as materialized (
          select case
            when not ${large} then 'index'
            when not ${headFull} then 'head'
            when not ${headDense} then 'rare'
            when (select count(*) from probe) > ${COUNT_CAP} then 'probe'
            when (select count(*) from (
              select 1 from projects p where ${others.sql} limit ${sizes.walkRows}
            ) x) < ${sizes.walkRows} then 'probe'
            else 'index'
          end as source
        ), `,
    params: [...text.params, ...others.params, ...others.params, ...text.params, ...others.params],
  };
}

/**
 * The filter sets (besides `q`, keys in FILTER_KEYS order) that one newest-first index of the projects table
 * holds exactly (entities.ts): none or one filter, a country with a category or a status, and a budget band
 * with the filters its own indexes lead with (BAND_INDEX_LEADS).
 */
const FILTER_KEYS = ['country', 'category', 'status', 'clientId', 'budget'] as const;
const WALKABLE = new Set<string>([
  '',
  ...FILTER_KEYS,
  'country,category',
  'country,status',
  ...BAND_INDEX_LEADS.filter((lead) => lead !== '').map((lead) => `${lead},budget`),
]);

/** Whether one newest-first index holds exactly the projects that pass these filters: a walk drops none. */
function walksOneIndex(filters: Omit<ProjectFilters, 'q'>): boolean {
  return WALKABLE.has(FILTER_KEYS.filter((key) => filters[key] !== undefined).join(','));
}

interface Cursor {
  /** created_at as PostgreSQL printed it (microseconds and offset kept). */
  at: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
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

export function decodeCursor(text: string): Cursor {
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
