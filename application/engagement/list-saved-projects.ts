import { MAX_SAVED_LISTED } from '../../domain/project/engagement.ts';
import { seesContent } from '../../domain/safety/report.ts';
import type { User } from '../../domain/user/user.ts';
import type { ProjectQuery, ProjectView } from '../projects/ports.ts';
import type { HiddenContent } from '../safety/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { ProjectEngagement } from './ports.ts';

/**
 * The caller's saved projects, newest save first (at most MAX_SAVED_LISTED); a project hidden by the moderators
 * since is left out (decision 0221).
 */
export class ListSavedProjects extends UseCase<{
  projects: ProjectQuery;
  engagement: ProjectEngagement;
  hidden: HiddenContent;
}> {
  async execute(user: User): Promise<ProjectView[]> {
    const ids = await this.deps.engagement.savedProjectIds(user.id, MAX_SAVED_LISTED);
    const [views, hidden] = await Promise.all([
      Promise.all(ids.map((id) => this.deps.projects.findView(id))),
      this.deps.hidden.hiddenAmong('project', ids),
    ]);
    return views.filter(
      (v): v is ProjectView => v !== null && seesContent(user, v.project.clientId, hidden.has(v.project.id)),
    );
  }
}
