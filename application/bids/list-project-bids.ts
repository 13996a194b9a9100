import { PROJECT_ERRORS } from '../../domain/project/errors.ts';
import { seesContent } from '../../domain/safety/report.ts';
import type { User } from '../../domain/user/user.ts';

import { projectOf } from '../projects/shared.ts';
import type { HiddenContent } from '../safety/ports.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { BidQuery, ProjectBidView } from './ports.ts';

export class ListProjectBids extends UseCase<{ uow: UnitOfWork; bids: BidQuery; hidden: HiddenContent }> {
  /**
   * The owner and admins see every bid; anyone else sees only their own (none, or one). A bid the moderators
   * hid shows only to its bidder and admins; a hidden project's bids are 404 to all but its owner, its bidders'
   * own and admins (decision 0221).
   */
  async execute(actor: User, projectId: string): Promise<ProjectBidView[]> {
    const project = await this.deps.uow.run((tx) => projectOf(tx, projectId));
    const hiddenProject = (await this.deps.hidden.hiddenAmong('project', [project.id])).has(project.id);
    const owns = project.isOwnedBy(actor.id);
    const bids =
      owns || actor.isAdmin
        ? await this.deps.bids.listForProject(projectId)
        : await this.deps.bids.listForProject(projectId, { contractorId: actor.id });
    if (hiddenProject && !owns && !actor.isAdmin && bids.length === 0)
      throw PROJECT_ERRORS.PROJECT_NOT_FOUND();
    const hidden = await this.deps.hidden.hiddenAmong(
      'bid',
      bids.map((b) => b.bid.id),
    );
    return bids.filter((b) => seesContent(actor, b.bid.contractorId, hidden.has(b.bid.id)));
  }
}
