import type { SavedSearchSnapshot } from '../../domain/project/saved-search.ts';
import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { SavedSearchRepository } from './ports.ts';

/** The caller's saved searches, newest first. */
export class ListSavedSearches extends UseCase<{ searches: SavedSearchRepository }> {
  execute(user: User): Promise<SavedSearchSnapshot[]> {
    return this.deps.searches.listByUser(user.id);
  }
}
