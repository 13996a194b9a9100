import { MAX_SAVED_LISTED } from '../../domain/project/engagement.ts';
import type { User } from '../../domain/user/user.ts';
import type { ProjectQuery, ProjectView } from '../projects/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { ProjectEngagement } from './ports.ts';

/** The caller's saved projects, newest save first (at most MAX_SAVED_LISTED). */
export class ListSavedProjects extends UseCase<{ projects: ProjectQuery; engagement: ProjectEngagement }> {
  async execute(user: User): Promise<ProjectView[]> {
    const ids = await this.deps.engagement.savedProjectIds(user.id, MAX_SAVED_LISTED);
    const views = await Promise.all(ids.map((id) => this.deps.projects.findView(id)));
    return views.filter((v): v is ProjectView => v !== null);
  }
}
