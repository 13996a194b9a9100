import { checkCanSave } from '../../domain/project/engagement.ts';
import type { User } from '../../domain/user/user.ts';
import type { ProjectQuery } from '../projects/ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { ProjectEngagement } from './ports.ts';
import { projectNotFound, type SaveState } from './shared.ts';

/** Save a project for later (anyone signed in but its owner); saving twice is one save. */
export class SaveProject extends UseCase<{
  projects: ProjectQuery;
  engagement: ProjectEngagement;
  clock: Clock;
}> {
  async execute(user: User, projectId: string): Promise<SaveState> {
    const view = await this.deps.projects.findView(projectId);
    if (!view) throw projectNotFound(projectId);
    checkCanSave(user.id, view.project);
    const saveCount = await this.deps.engagement.save(user.id, projectId, this.deps.clock.now());
    return { saved: true, saveCount };
  }
}
