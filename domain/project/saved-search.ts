/**
 * Saved searches with alerts (decision 0133): a user keeps the browse page's filters and text under a name,
 * and hears of new projects that match them, by the same rules as the browse list
 * (`matchesProjectFilters`).
 */

import type { ConflictError } from '../shared/errors.ts';
import { type BudgetBand, isBudgetBand, type ProjectFilters, parseProjectFilters } from './browse.ts';
import { PROJECT_ERRORS } from './errors.ts';

/** How many searches one user may keep. */
export const MAX_SAVED_SEARCHES = 10;
const MAX_SAVED_SEARCH_NAME_LENGTH = 80;

/** Whether and how the owner hears of new matches: never, a mail per match, or one mail a day. */
const SEARCH_ALERTS = ['off', 'instant', 'daily'] as const;
export type SearchAlerts = (typeof SEARCH_ALERTS)[number];

/** A daily digest goes out at most once in this long per user. */
export const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** What a saved search keeps of the browse filters: the text and the three filters, not paging. */
export interface SavedSearchFilters {
  q?: string;
  country?: string;
  category?: string;
  budget?: BudgetBand;
}

export interface SavedSearchSnapshot {
  id: string;
  userId: string;
  name: string;
  filters: SavedSearchFilters;
  alerts: SearchAlerts;
  createdAt: Date;
  updatedAt: Date;
}

export interface RawSavedSearchFilters {
  q?: string | null | undefined;
  country?: string | null | undefined;
  category?: string | null | undefined;
  budget?: string | null | undefined;
}

/** The name as stored: trimmed, 1 to 80 characters. */
export function savedSearchName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name === '') {
    throw PROJECT_ERRORS.SAVED_SEARCH_NAME_REQUIRED({ field: 'name' });
  }
  if ([...name].length > MAX_SAVED_SEARCH_NAME_LENGTH) {
    throw PROJECT_ERRORS.SAVED_SEARCH_NAME_TOO_LONG(
      `The name must be at most ${MAX_SAVED_SEARCH_NAME_LENGTH} characters`,
      'name',
    );
  }
  return name;
}

/** The filters normalised exactly as the browse page's query string is (empty and 'all' mean none). */
export function savedSearchFilters(raw: RawSavedSearchFilters): SavedSearchFilters {
  if (raw.budget && raw.budget.trim() !== '' && raw.budget.trim().toLowerCase() !== 'all') {
    if (!isBudgetBand(raw.budget.trim())) {
      throw PROJECT_ERRORS.UNKNOWN_BUDGET_BAND(`Unknown budget filter '${raw.budget}'`, 'filters.budget');
    }
  }
  const parsed: ProjectFilters = parseProjectFilters({
    q: raw.q ?? null,
    country: raw.country ?? null,
    category: raw.category ?? null,
    budget: raw.budget ?? null,
  });
  const filters: SavedSearchFilters = {};
  if (parsed.q !== undefined) filters.q = parsed.q;
  if (parsed.country !== undefined) filters.country = parsed.country;
  if (parsed.category !== undefined) filters.category = parsed.category;
  if (parsed.budget !== undefined) filters.budget = parsed.budget;
  return filters;
}

export function isSearchAlerts(value: string): value is SearchAlerts {
  return (SEARCH_ALERTS as readonly string[]).includes(value);
}

/** One more search is allowed while the user keeps fewer than MAX_SAVED_SEARCHES. */
export function checkCanAddSavedSearch(kept: number): void {
  if (kept >= MAX_SAVED_SEARCHES) {
    throw PROJECT_ERRORS.SAVED_SEARCH_LIMIT(
      `You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`,
    );
  }
}

export function savedSearchNameTaken(name: string): ConflictError {
  return PROJECT_ERRORS.SAVED_SEARCH_NAME_TAKEN(`You already have a saved search named '${name}'`, 'name');
}

/** Whether a digest may go out now, given when the last one did. */
export function digestDue(lastSentAt: Date | null, now: Date): boolean {
  return lastSentAt === null || now.getTime() - lastSentAt.getTime() >= DIGEST_INTERVAL_MS;
}
