import { PROJECT_ERRORS } from '../../domain/project/errors.ts';
import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { SavedSearchRepository } from './ports.ts';

/** Deletes one of the caller's searches (another user's answers 404, as if it did not exist). */
export class DeleteSavedSearch extends UseCase<{ searches: SavedSearchRepository }> {
  async execute(user: User, id: string): Promise<void> {
    const found = await this.deps.searches.find(id);
    if (!found || found.userId !== user.id) throw PROJECT_ERRORS.SAVED_SEARCH_NOT_FOUND();
    await this.deps.searches.remove(id);
  }
}
