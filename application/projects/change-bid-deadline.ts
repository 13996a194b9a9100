import type { Project } from '../../domain/project/project.ts';
import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { bidderIdsOf, projectOf } from './shared.ts';

export class ChangeBidDeadline extends UseCase<{ uow: UnitOfWork; clock: Clock }> {
  /**
   * The owner moves the bid deadline (never into the past, never earlier while bids exist); pending bids
   * stay and may be revised. The bidders are told after commit.
   */
  async execute(actor: User, projectId: string, bidDeadline: Date): Promise<Project> {
    return this.deps.uow.commit(async (tx) => {
      const project = await projectOf(tx, projectId, 'lock');
      const bidders = await bidderIdsOf(tx, projectId);
      const event = project.changeBidDeadline(actor, bidDeadline, bidders, this.deps.clock.now());
      await tx.projects.save(project);
      return { result: project, events: [event] };
    });
  }
}
