import type { Project } from '../../domain/project/project.ts';
import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { projectOf } from './shared.ts';

export class CancelProject extends UseCase<{ uow: UnitOfWork; clock: Clock }> {
  /** The owner cancels an active project; its pending bids become rejected. */
  async execute(actor: User, projectId: string): Promise<Project> {
    return this.deps.uow.commit(async (tx) => {
      const project = await projectOf(tx, projectId, 'lock');
      const bids = await tx.bids.listByProject(projectId);
      const pending = bids.filter((b) => b.status === 'pending');
      const events = project.cancel(actor, pending, this.deps.clock.now());
      await tx.projects.save(project);
      for (const bid of pending) await tx.bids.save(bid);
      return { result: project, events };
    });
  }
}
