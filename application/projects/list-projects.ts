import {
  correctableWords,
  correctedSearch,
  type ProjectFilters,
  parseProjectFilters,
  type RawProjectFilters,
} from '../../domain/project/browse.ts';
import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { ProjectPage, ProjectQuery, SearchVocabulary } from './ports.ts';

/** A page of the browse, and what to search instead when a search finds nothing. */
export interface BrowseResult {
  page: ProjectPage;
  /**
   * "Did you mean": on the first page of a search that found nothing, the search with its words corrected
   * to words projects are written with, when that search finds projects with the same filters; else null.
   */
  suggestion: string | null;
}

export class ListProjects extends UseCase<{ projects: ProjectQuery; vocabulary: SearchVocabulary }> {
  /** Browse with filters (q, country, category, budget band, status, clientId, limit, cursor). */
  async execute(_actor: User, raw: RawProjectFilters): Promise<BrowseResult> {
    const filters: ProjectFilters = parseProjectFilters(raw);
    const page = await this.deps.projects.list(filters);
    return { page, suggestion: await this.#suggestion(filters, page) };
  }

  async #suggestion(filters: ProjectFilters, page: ProjectPage): Promise<string | null> {
    if (page.total > 0 || filters.q === undefined || filters.cursor !== undefined) return null;
    const words = correctableWords(filters.q);
    if (words.length === 0) return null;
    const corrected = correctedSearch(filters.q, await this.deps.vocabulary.nearest(words));
    if (corrected === null) return null;
    const found = await this.deps.projects.list({ ...filters, q: corrected, limit: 1 });
    return found.total > 0 ? corrected : null;
  }
}
