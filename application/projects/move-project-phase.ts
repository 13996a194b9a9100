import type { Project } from '../../domain/project/project.ts';
import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { projectOf } from './shared.ts';

export class MoveProjectPhase extends UseCase<{ uow: UnitOfWork; clock: Clock }> {
  /** The owner moves awarded → in_progress → review → completed. */
  async execute(actor: User, projectId: string, to: string): Promise<Project> {
    return this.deps.uow.commit(async (tx) => {
      const project = await projectOf(tx, projectId, 'lock');
      const events = project.movePhase(actor, to, this.deps.clock.now());
      await tx.projects.save(project);
      return { result: project, events };
    });
  }
}
