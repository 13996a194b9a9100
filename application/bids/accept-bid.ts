import type { Bid } from '../../domain/bid/bid.ts';
import { BID_ERRORS } from '../../domain/bid/errors.ts';
import type { ConflictError } from '../../domain/shared/errors.ts';
import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { lockDecision } from './shared.ts';

function bidderDeleted(): ConflictError {
  return BID_ERRORS.BIDDER_DELETED(
    'This bidder deleted their account, so their bid can no longer be accepted',
  );
}

export class AcceptBid extends UseCase<{ uow: UnitOfWork; clock: Clock }> {
  /**
   * Accepting awards the project and rejects the other pending bids. Owner only (admins may not). Events
   * are published after commit. A withdrawn bid is refused by the aggregates (409 BID_WITHDRAWN); a
   * pending bid whose bidder's account is gone is never accepted either (409 BIDDER_DELETED;
   * decision 0193): the deletion withdraws it under the project's lock, so this holds also for a bid read
   * before that.
   */
  execute(actor: User, bidId: string): Promise<Bid> {
    const now = this.deps.clock.now();
    return this.deps.uow.commit(async (tx) => {
      const { project, bid, others } = await lockDecision(tx, bidId);
      if (bid.status === 'pending' && (await tx.users.findById(bid.contractorId))?.isDeleted) {
        throw bidderDeleted();
      }
      const pendingOthers = others.filter((b) => b.status === 'pending');
      const events = project.acceptBid(actor, bid, others, now);
      for (const other of pendingOthers) await tx.bids.save(other);
      await tx.bids.save(bid);
      await tx.projects.save(project);
      return { result: bid, events };
    });
  }
}
