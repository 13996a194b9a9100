import { Bid, type BidTerms, bidAlreadyExists } from '../../domain/bid/bid.ts';
import { calendarMonthOf } from '../../domain/shared/time-zone.ts';
import { assertBidAllowed, type BidQuota, computeBidQuota } from '../../domain/subscription/plan.ts';
import { USER_ERRORS } from '../../domain/user/errors.ts';
import type { User } from '../../domain/user/user.ts';
import { projectOf } from '../projects/shared.ts';
import type { AddingDeps, PlatformSettings, Transaction } from '../shared/marketplace-ports.ts';
import { UseCase } from '../shared/use-case.ts';

export interface SubmittedBid {
  bid: Bid;
  /** The bidder's quota after this bid. */
  quota: BidQuota;
}

export class SubmitBid extends UseCase<AddingDeps & { settings: PlatformSettings }> {
  /**
   * One atomic step per bidder: lock the bidder's row, check role, project, blocks (decision 0220), the owner's
   * suspension (decision 0223) and the one-bid rule,
   * count this month's bids and check the quota, then insert the bid. Publishes BidSubmitted after commit.
   */
  async execute(actor: User, projectId: string, terms: BidTerms): Promise<SubmittedBid> {
    const now = this.deps.clock.now();
    const { timeZone } = this.deps.settings;
    return this.deps.uow.commit(async (tx) => {
      const bidder = await tx.users.lockForUpdate(actor.id);
      if (!bidder) throw USER_ERRORS.USER_NOT_FOUND();
      const project = await projectOf(tx, projectId);
      const blocks = await tx.blocks.between(bidder.id, project.clientId);
      // Decision 0223: a suspended owner's projects take no bids ('This project is not accepting bids').
      const ownerSuspended = (await tx.suspensions.activeFor(project.clientId, now)) !== null;
      const { bid, event } = Bid.submit({
        id: this.deps.ids.next(),
        bidder,
        project,
        terms,
        now,
        blocks,
        ownerSuspended,
      });
      if (await tx.bids.findByProjectAndContractor(projectId, bidder.id)) throw bidAlreadyExists();
      const used = await countThisMonth(tx, bidder.id, now, timeZone);
      assertBidAllowed(computeBidQuota(bidder.subscriptionTier, used, now, timeZone));
      await tx.bids.add(bid);
      const quota = computeBidQuota(bidder.subscriptionTier, used + 1, now, timeZone);
      return { result: { bid, quota }, events: [event] };
    });
  }
}

async function countThisMonth(tx: Transaction, userId: string, now: Date, timeZone: string): Promise<number> {
  const month = calendarMonthOf(now, timeZone);
  return tx.bids.countByContractorCreatedBetween(userId, month.start, month.end);
}
