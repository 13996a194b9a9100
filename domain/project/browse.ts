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
   * Words (split on white space), each a case-insensitive substring of the title or of the
   * description, in any order: 'itche' finds 'Kitchen', 'kitchen tile' finds 'Kitchen ... tile'.
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
 * The words of a search, lower-cased, each once, in the order first given. Every word must be found
 * (as a substring of the title or of the description) for a project to match.
 */
export function searchWords(q: string): string[] {
  return [
    ...new Set(
      q
        .toLowerCase()
        .split(/\s+/)
        .filter((word) => word !== ''),
    ),
  ];
}

/**
 * The filter rules as a predicate (paging aside): the reference the SQL adapter must agree with,
 * and what the in-memory fakes use.
 */
export function matchesProjectFilters(
  project: ProjectSnapshot,
  filters: Omit<ProjectFilters, 'limit'>,
): boolean {
  if (filters.q !== undefined) {
    const title = project.title.toLowerCase();
    const description = project.description.toLowerCase();
    for (const word of searchWords(filters.q)) {
      if (!title.includes(word) && !description.includes(word)) return false;
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
