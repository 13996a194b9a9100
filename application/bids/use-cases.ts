import { BIDDER_ROLES, Bid, type BidTerms, bidAlreadyExists } from '../../domain/bid/bid.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/shared/errors.ts';
import type { DomainEvent } from '../../domain/shared/events.ts';
import { calendarMonthOf } from '../../domain/shared/time-zone.ts';
import { assertBidAllowed, type BidQuota, computeBidQuota } from '../../domain/subscription/plan.ts';
import type { User } from '../../domain/user/user.ts';
import { projectNotFound } from '../projects/use-cases.ts';
import type {
  EventPublisher,
  PlatformSettings,
  Transaction,
  UnitOfWork,
} from '../shared/marketplace-ports.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { StatsQuery } from '../stats/ports.ts';
import type { BidQuery, MyBidStatus, MyBidView, ProjectBidView } from './ports.ts';

export function bidNotFound(id: string): NotFoundError {
  return new NotFoundError('BID_NOT_FOUND', 'Bid not found');
}

export function bidderDeleted(): ConflictError {
  return new ConflictError(
    'BIDDER_DELETED',
    'This bidder deleted their account, so their bid can no longer be accepted',
  );
}

export const BID_DECISIONS = ['accepted', 'rejected'] as const;
export type BidDecision = (typeof BID_DECISIONS)[number];

export interface SubmittedBid {
  bid: Bid;
  /** The bidder's quota after this bid. */
  quota: BidQuota;
}

export class SubmitBid extends UseCase<{
  uow: UnitOfWork;
  events: EventPublisher;
  ids: IdGenerator;
  clock: Clock;
  settings: PlatformSettings;
}> {
  /**
   * One atomic step per bidder: lock the bidder's row, check role, project and the one-bid rule,
   * count this month's bids and check the quota, then insert the bid. Publishes BidSubmitted after commit.
   */
  async execute(actor: User, projectId: string, terms: BidTerms): Promise<SubmittedBid> {
    const now = this.deps.clock.now();
    const { timeZone } = this.deps.settings;
    const result = await this.deps.uow.run(async (tx) => {
      const bidder = await tx.users.lockForUpdate(actor.id);
      if (!bidder) throw new NotFoundError('USER_NOT_FOUND', 'User not found');
      const project = await tx.projects.findById(projectId);
      if (!project) throw projectNotFound(projectId);
      const { bid, event } = Bid.submit({ id: this.deps.ids.next(), bidder, project, terms, now });
      if (await tx.bids.findByProjectAndContractor(projectId, bidder.id)) throw bidAlreadyExists();
      const used = await countThisMonth(tx, bidder.id, now, timeZone);
      assertBidAllowed(computeBidQuota(bidder.subscriptionTier, used, now, timeZone));
      await tx.bids.add(bid);
      await tx.outbox.add([event]);
      return { bid, event, quota: computeBidQuota(bidder.subscriptionTier, used + 1, now, timeZone) };
    });
    await this.deps.events.publish([result.event]);
    return { bid: result.bid, quota: result.quota };
  }
}

async function countThisMonth(tx: Transaction, userId: string, now: Date, timeZone: string): Promise<number> {
  const month = calendarMonthOf(now, timeZone);
  return tx.bids.countByContractorCreatedBetween(userId, month.start, month.end);
}

export class EditBid extends UseCase<{ uow: UnitOfWork; clock: Clock }> {
  /** 'Edit Bid': the bidder's own pending bid, while the project takes bids. Uses no quota. */
  async execute(actor: User, bidId: string, changes: Partial<BidTerms>): Promise<Bid> {
    return this.deps.uow.run(async (tx) => {
      const found = await tx.bids.findById(bidId);
      if (!found) throw bidNotFound(bidId);
      const project = await tx.projects.lockForUpdate(found.projectId);
      if (!project) throw projectNotFound(found.projectId);
      // Read again under the project's lock: a decision may have landed meanwhile.
      const bid = (await tx.bids.findById(bidId)) ?? found;
      bid.edit(actor, project, changes, this.deps.clock.now());
      await tx.bids.save(bid);
      return bid;
    });
  }
}

export class DecideBid extends UseCase<{ uow: UnitOfWork; events: EventPublisher; clock: Clock }> {
  /**
   * PATCH /api/bids/{id}/status. Accepting awards the project and rejects the other pending bids;
   * declining rejects this bid. Owner only (admins may not). Events are published after commit.
   * A withdrawn bid is refused by the aggregates (409 BID_WITHDRAWN); a pending bid whose bidder's account
   * is gone is never accepted either (409 BIDDER_DELETED; issue 23, decision 0193): the deletion withdraws
   * it under the project's lock, so this holds also for a bid read before that.
   */
  async execute(actor: User, bidId: string, status: string): Promise<Bid> {
    if (!(BID_DECISIONS as readonly string[]).includes(status)) {
      throw new ValidationError('INVALID_BID_STATUS', 'status must be accepted or rejected', 'status');
    }
    const now = this.deps.clock.now();
    const { bid, events } = await this.deps.uow.run(async (tx) => {
      const found = await tx.bids.findById(bidId);
      if (!found) throw bidNotFound(bidId);
      const project = await tx.projects.lockForUpdate(found.projectId);
      if (!project) throw projectNotFound(found.projectId);
      const all = await tx.bids.listByProject(project.id);
      const bid = all.find((b) => b.id === bidId) ?? found;
      let events: DomainEvent[];
      if (status === 'accepted') {
        if (bid.status === 'pending' && (await tx.users.findById(bid.contractorId))?.isDeleted) {
          throw bidderDeleted();
        }
        const others = all.filter((b) => b.id !== bidId);
        const pendingOthers = others.filter((b) => b.status === 'pending');
        events = project.acceptBid(actor, bid, others, now);
        for (const other of pendingOthers) await tx.bids.save(other);
      } else {
        events = project.declineBid(actor, bid, now);
      }
      await tx.bids.save(bid);
      await tx.projects.save(project);
      await tx.outbox.add(events);
      return { bid, events };
    });
    await this.deps.events.publish(events);
    return bid;
  }
}

export class ListProjectBids extends UseCase<{ uow: UnitOfWork; bids: BidQuery }> {
  /** The owner and admins see every bid; anyone else sees only their own (none, or one). */
  async execute(actor: User, projectId: string): Promise<ProjectBidView[]> {
    const project = await this.deps.uow.run((tx) => tx.projects.findById(projectId));
    if (!project) throw projectNotFound(projectId);
    if (project.isOwnedBy(actor.id) || actor.isAdmin) return this.deps.bids.listForProject(projectId);
    return this.deps.bids.listForProject(projectId, { contractorId: actor.id });
  }
}

export class ListMyBids extends UseCase<{ bids: BidQuery }> {
  async execute(actor: User): Promise<MyBidView[]> {
    return this.deps.bids.listForContractor(actor.id);
  }
}

/** At most this many project ids per call: two pages of browse cards. */
export const MAX_BID_STATUS_IDS = 50;

export class ListMyBidStatuses extends UseCase<{ bids: BidQuery }> {
  /** The caller's own bids on the given projects (none for a role that cannot bid). */
  async execute(actor: User, projectIds: readonly string[]): Promise<MyBidStatus[]> {
    const ids = [...new Set(projectIds)];
    if (ids.length > MAX_BID_STATUS_IDS) {
      throw new ValidationError(
        'TOO_MANY_IDS',
        `Ask for at most ${MAX_BID_STATUS_IDS} projects at a time`,
        'projectId',
      );
    }
    if (ids.length === 0 || !BIDDER_ROLES.includes(actor.role)) return [];
    return this.deps.bids.statusesOn(actor.id, ids);
  }
}

export class GetBidQuota extends UseCase<{ stats: StatsQuery; clock: Clock; settings: PlatformSettings }> {
  /** The user's plan, bids this month (0..3 on free), what is left and when it resets. */
  async execute(actor: User): Promise<BidQuota> {
    const now = this.deps.clock.now();
    const month = calendarMonthOf(now, this.deps.settings.timeZone);
    const used = await this.deps.stats.countBidsCreatedBetween(actor.id, month.start, month.end);
    return computeBidQuota(actor.subscriptionTier, used, now, this.deps.settings.timeZone);
  }
}
