import { canonicalCategory } from '../catalog/projects.ts';
import { PROJECT_ERRORS } from './errors.ts';
import { isProjectStatus, type ProjectStatus } from './phase.ts';
import type { ProjectSnapshot } from './project.ts';

/** Budget filter bands (projects-and-bids section 5). Thresholds in cents: 5000 and 25000 dollars. */
export const BUDGET_BANDS = [
  { value: '1k-5k', label: '$1K-$5K' },
  { value: '5k-25k', label: '$5K-$25K' },
  { value: '25k+', label: '$25K+' },
] as const;
export type BudgetBand = (typeof BUDGET_BANDS)[number]['value'];

export const BUDGET_THRESHOLD_LOW_CENTS = 5_000_00;
export const BUDGET_THRESHOLD_HIGH_CENTS = 25_000_00;

const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export function isBudgetBand(value: string): value is BudgetBand {
  return BUDGET_BANDS.some((b) => b.value === value);
}

/**
 * Whether a budget range falls in a band. A missing minimum counts as 0 and a missing maximum as
 * unlimited; '1k-5k' needs max ≤ 5000, '5k-25k' needs min ≥ 5000 and max ≤ 25000, '25k+' needs min ≥ 25000.
 */
export function matchesBudgetBand(
  minCents: number | null,
  maxCents: number | null,
  band: BudgetBand,
): boolean {
  const min = minCents ?? 0;
  const max = maxCents ?? Number.POSITIVE_INFINITY;
  switch (band) {
    case '1k-5k':
      return max <= BUDGET_THRESHOLD_LOW_CENTS;
    case '5k-25k':
      return min >= BUDGET_THRESHOLD_LOW_CENTS && max <= BUDGET_THRESHOLD_HIGH_CENTS;
    case '25k+':
      return min >= BUDGET_THRESHOLD_HIGH_CENTS;
  }
}

/** The browse filters, checked and normalised. Absent means "no filter". */
export interface ProjectFilters {
  /**
   * A search as people type one into a search engine (decision 0214): words in any order that must all be
   * found ('tile kitchen'), each also as the start of a word ('kitch' finds Kitchen) and by its English
   * stem ('roofing' finds 'Roof repair'), "a phrase" in quotes, `or` between alternatives and `-word` to
   * leave one out. Letters inside a word are not searched ('itche' finds nothing).
   */
  q?: string;
  /** Exact country code; an empty value means all countries. */
  country?: string;
  /** The category, written as the catalogue writes it ('residential' finds 'Residential'). */
  category?: string;
  budget?: BudgetBand;
  status?: ProjectStatus;
  /** Only this owner's projects (the clients' 'My Projects'). */
  clientId?: string;
  limit: number;
  /** Opaque, from the previous page's nextCursor. */
  cursor?: string;
}

export interface RawProjectFilters {
  q?: string | null;
  country?: string | null;
  category?: string | null;
  budget?: string | null;
  status?: string | null;
  clientId?: string | null;
  limit?: number | string | null;
  cursor?: string | null;
}

function present(value: string | null | undefined): string | undefined {
  const text = (value ?? '').trim();
  return text === '' || text.toLowerCase() === 'all' ? undefined : text;
}

/** Normalises the query string of GET /api/projects. Empty values and 'all' mean no filter. */
export function parseProjectFilters(raw: RawProjectFilters): ProjectFilters {
  const filters: ProjectFilters = { limit: DEFAULT_PAGE_SIZE };
  const q = present(raw.q);
  if (q !== undefined) filters.q = q.slice(0, 200);
  const country = present(raw.country);
  if (country !== undefined) filters.country = country.toUpperCase();
  const category = present(raw.category);
  if (category !== undefined) filters.category = canonicalCategory(category);
  const budget = present(raw.budget);
  if (budget !== undefined) {
    if (!isBudgetBand(budget)) {
      throw PROJECT_ERRORS.UNKNOWN_BUDGET_BAND(`Unknown budget filter '${budget}'`, 'budget');
    }
    filters.budget = budget;
  }
  const status = present(raw.status);
  if (status !== undefined) {
    if (!isProjectStatus(status)) {
      throw PROJECT_ERRORS.UNKNOWN_STATUS(`Unknown project status '${status}'`, 'status');
    }
    filters.status = status;
  }
  const clientId = present(raw.clientId);
  if (clientId !== undefined) filters.clientId = clientId;
  if (raw.limit !== null && raw.limit !== undefined && raw.limit !== '') {
    const limit = Number(raw.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
      throw PROJECT_ERRORS.INVALID_LIMIT(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`, 'limit');
    }
    filters.limit = limit;
  }
  const cursor = present(raw.cursor);
  if (cursor !== undefined) filters.cursor = cursor;
  return filters;
}

/**
 * The words of a search (runs of letters and digits), lower-cased, each once, in the order first given; none
 * means no search. Every word must be found for a project to match (decision 0214).
 */
export function searchWords(q: string): string[] {
  return [...new Set(textWords(q).filter((word) => word !== ''))];
}

/** The words a text is written with, lower-cased: runs of letters and digits. */
function textWords(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
}

/**
 * The filter rules as a predicate (paging aside): the reference the SQL adapter agrees with, and what the
 * in-memory fakes use. The search here is the plain case, each word of the search the start of a word of the
 * title or description; stems, phrases, `or` and `-word` are PostgreSQL's (project-filter-sql.ts).
 */
export function matchesProjectFilters(
  project: ProjectSnapshot,
  filters: Omit<ProjectFilters, 'limit'>,
): boolean {
  if (filters.q !== undefined) {
    const written = textWords(`${project.title} ${project.description}`);
    for (const word of searchWords(filters.q)) {
      if (!written.some((w) => w.startsWith(word))) return false;
    }
  }
  if (filters.country !== undefined && project.country !== filters.country) return false;
  if (filters.category !== undefined && project.category !== filters.category) return false;
  if (filters.status !== undefined && project.status !== filters.status) return false;
  if (filters.clientId !== undefined && project.clientId !== filters.clientId) return false;
  if (
    filters.budget !== undefined &&
    !matchesBudgetBand(project.budgetMinCents, project.budgetMaxCents, filters.budget)
  ) {
    return false;
  }
  return true;
}

/** The words of a search that "Did you mean" may correct (decision 0214): runs of 3 to 40 letters, lower-cased. */
export function correctableWords(q: string): string[] {
  const runs = q.toLowerCase().match(/\p{L}+/gu) ?? [];
  return [...new Set(runs.filter((w) => w.length >= 3 && w.length <= 40))];
}

/**
 * "Did you mean": the search with each correctable word replaced by the nearest word projects are written
 * with (`nearest`, a word mapped to itself when it is written so), lower-cased, its quotes and other words
 * kept. Null when no word changes.
 */
export function correctedSearch(q: string, nearest: ReadonlyMap<string, string>): string | null {
  let changed = false;
  const corrected = q
    .trim()
    .toLowerCase()
    .replace(/\p{L}+/gu, (word) => {
      const better = nearest.get(word);
      if (better === undefined || better === word) return word;
      changed = true;
      return better;
    });
  return changed ? corrected : null;
}
