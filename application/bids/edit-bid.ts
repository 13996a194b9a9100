import type { Bid, BidTerms } from '../../domain/bid/bid.ts';
import { BID_ERRORS } from '../../domain/bid/errors.ts';
import { PROJECT_ERRORS } from '../../domain/project/errors.ts';
import type { User } from '../../domain/user/user.ts';

import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';

export class EditBid extends UseCase<{ uow: UnitOfWork; clock: Clock }> {
  /** 'Edit Bid': the bidder's own pending bid, while the project takes bids. Uses no quota. */
  async execute(actor: User, bidId: string, changes: Partial<BidTerms>): Promise<Bid> {
    return this.deps.uow.run(async (tx) => {
      const found = await tx.bids.findById(bidId);
      if (!found) throw BID_ERRORS.BID_NOT_FOUND();
      const project = await tx.projects.lockForUpdate(found.projectId);
      if (!project) throw PROJECT_ERRORS.PROJECT_NOT_FOUND();
      // Read again under the project's lock: a decision may have landed meanwhile.
      const bid = (await tx.bids.findById(bidId)) ?? found;
      bid.edit(actor, project, changes, this.deps.clock.now());
      await tx.bids.save(bid);
      return bid;
    });
  }
}
