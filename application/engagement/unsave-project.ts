import type { User } from '../../domain/user/user.ts';
import type { ProjectQuery } from '../projects/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { ProjectEngagement } from './ports.ts';
import { projectNotFound, type SaveState } from './shared.ts';

/** Remove a saved project; removing one that is not saved changes nothing. */
export class UnsaveProject extends UseCase<{ projects: ProjectQuery; engagement: ProjectEngagement }> {
  async execute(user: User, projectId: string): Promise<SaveState> {
    const view = await this.deps.projects.findView(projectId);
    if (!view) throw projectNotFound(projectId);
    const saveCount = await this.deps.engagement.unsave(user.id, projectId);
    return { saved: false, saveCount };
  }
}
