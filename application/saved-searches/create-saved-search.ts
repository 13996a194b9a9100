import {
  checkCanAddSavedSearch,
  type RawSavedSearchFilters,
  type SavedSearchSnapshot,
  savedSearchFilters,
  savedSearchName,
} from '../../domain/project/saved-search.ts';
import type { User } from '../../domain/user/user.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { SavedSearchRepository } from './ports.ts';
import { alertsOf } from './shared.ts';

export interface SavedSearchInput {
  name: string;
  filters: RawSavedSearchFilters;
  alerts?: string | undefined;
}

/** 'Save this search': the browse filters under a name, alerts instant unless chosen; at most 10. */
export class CreateSavedSearch extends UseCase<{
  searches: SavedSearchRepository;
  ids: IdGenerator;
  clock: Clock;
}> {
  async execute(user: User, input: SavedSearchInput): Promise<SavedSearchSnapshot> {
    const now = this.deps.clock.now();
    const search: SavedSearchSnapshot = {
      id: this.deps.ids.next(),
      userId: user.id,
      name: savedSearchName(input.name),
      filters: savedSearchFilters(input.filters),
      alerts: alertsOf(input.alerts ?? 'instant'),
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.searches.add(search, checkCanAddSavedSearch);
    return search;
  }
}
