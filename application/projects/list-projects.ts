import {
  correctableWords,
  correctedSearch,
  type ProjectFilters,
  parseProjectFilters,
  type RawProjectFilters,
} from '../../domain/project/browse.ts';
import { seesContent } from '../../domain/safety/report.ts';
import type { User } from '../../domain/user/user.ts';
import type { HiddenContent } from '../safety/ports.ts';
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

export class ListProjects extends UseCase<{
  projects: ProjectQuery;
  vocabulary: SearchVocabulary;
  hidden: HiddenContent;
}> {
  /**
   * Browse with filters (q, country, category, budget band, status, clientId, limit, cursor). Projects hidden by
   * the moderators (decision 0221) are left out for all but their owner and admins, and out of the total; the
   * page keeps its cursor, so the next page follows on as before (a page may then hold fewer than `limit`).
   */
  async execute(actor: User, raw: RawProjectFilters): Promise<BrowseResult> {
    const filters: ProjectFilters = parseProjectFilters(raw);
    const page = await withoutHidden(
      this.deps.hidden,
      actor,
      filters,
      await this.deps.projects.list(filters),
    );
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

/** The page without the projects `viewer` may not see (decision 0221); null viewer: the public landing page. */
export async function withoutHidden(
  hidden: HiddenContent,
  viewer: User | null,
  filters: ProjectFilters,
  page: ProjectPage,
): Promise<ProjectPage> {
  if (viewer?.isAdmin) return page;
  const found = await hidden.hiddenAmong(
    'project',
    page.items.map((v) => v.project.id),
  );
  const items = page.items.filter((v) => seesContent(viewer, v.project.clientId, found.has(v.project.id)));
  // The hidden projects of the whole result come off the total, not only those of this page.
  const off =
    found.size === 0 && page.total <= page.items.length
      ? 0
      : await hidden.countHiddenProjects(filters, viewer?.id ?? null);
  return { ...page, items, total: Math.max(items.length, page.total - off) };
}
