import {
  type ProjectFilters,
  parseProjectFilters,
  type RawProjectFilters,
} from '../../domain/project/browse.ts';
import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { ProjectPage, ProjectQuery } from './ports.ts';

export class ListProjects extends UseCase<{ projects: ProjectQuery }> {
  /** Browse with filters (q, country, category, budget band, status, clientId, limit, cursor). */
  async execute(_actor: User, raw: RawProjectFilters): Promise<ProjectPage> {
    const filters: ProjectFilters = parseProjectFilters(raw);
    return this.deps.projects.list(filters);
  }
}
