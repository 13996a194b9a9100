import type { User } from '../../domain/user/user.ts';

import { projectOf } from '../projects/shared.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { BidQuery, ProjectBidView } from './ports.ts';

export class ListProjectBids extends UseCase<{ uow: UnitOfWork; bids: BidQuery }> {
  /** The owner and admins see every bid; anyone else sees only their own (none, or one). */
  async execute(actor: User, projectId: string): Promise<ProjectBidView[]> {
    const project = await this.deps.uow.run((tx) => projectOf(tx, projectId));
    if (project.isOwnedBy(actor.id) || actor.isAdmin) return this.deps.bids.listForProject(projectId);
    return this.deps.bids.listForProject(projectId, { contractorId: actor.id });
  }
}
