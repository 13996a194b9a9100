import type { Bid, BidTerms } from '../../domain/bid/bid.ts';
import { BID_ERRORS } from '../../domain/bid/errors.ts';
import type { User } from '../../domain/user/user.ts';
import { underProjectLock } from '../projects/shared.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';

export class EditBid extends UseCase<{ uow: UnitOfWork; clock: Clock }> {
  /** 'Edit Bid': the bidder's own pending bid, while the project takes bids. Uses no quota. */
  async execute(actor: User, bidId: string, changes: Partial<BidTerms>): Promise<Bid> {
    return this.deps.uow.run(async (tx) => {
      const { found: bid, project } = await underProjectLock(
        tx,
        () => tx.bids.findById(bidId),
        BID_ERRORS.BID_NOT_FOUND,
      );
      bid.edit(actor, project, changes, this.deps.clock.now());
      await tx.bids.save(bid);
      return bid;
    });
  }
}
