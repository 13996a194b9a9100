import { PROJECT_ERRORS } from '../../domain/project/errors.ts';
import {
  type RawSavedSearchFilters,
  type SavedSearchSnapshot,
  savedSearchFilters,
  savedSearchName,
} from '../../domain/project/saved-search.ts';
import type { User } from '../../domain/user/user.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { SavedSearchRepository } from './ports.ts';
import { alertsOf } from './shared.ts';

export interface SavedSearchChanges {
  name?: string | undefined;
  filters?: RawSavedSearchFilters | undefined;
  alerts?: string | undefined;
}

/** Renames a search, changes its filters or its alerts. Only its owner may (others get 404). */
export class UpdateSavedSearch extends UseCase<{ searches: SavedSearchRepository; clock: Clock }> {
  async execute(user: User, id: string, changes: SavedSearchChanges): Promise<SavedSearchSnapshot> {
    const found = await this.deps.searches.find(id);
    if (!found || found.userId !== user.id) throw PROJECT_ERRORS.SAVED_SEARCH_NOT_FOUND();
    const updated: SavedSearchSnapshot = {
      ...found,
      ...(changes.name !== undefined ? { name: savedSearchName(changes.name) } : {}),
      ...(changes.filters !== undefined ? { filters: savedSearchFilters(changes.filters) } : {}),
      ...(changes.alerts !== undefined ? { alerts: alertsOf(changes.alerts) } : {}),
      updatedAt: this.deps.clock.now(),
    };
    await this.deps.searches.update(updated);
    return updated;
  }
}
