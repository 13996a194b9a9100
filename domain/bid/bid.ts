import { type Actor, bidWithdrawn, type Project } from '../project/project.ts';
import { assertMayBidDespiteBlocks, type BlockSnapshot } from '../safety/block.ts';
import { assertOwnerMayTakeBids } from '../safety/suspension.ts';
import { withFields } from '../shared/entity.ts';
import type { ConflictError } from '../shared/errors.ts';
import type {
  BidAccepted,
  BidRejected,
  BidRejectionReason,
  BidSubmitted,
  BidWithdrawalReason,
  BidWithdrawn,
} from '../shared/events.ts';
import { Money } from '../shared/money.ts';
import type { Role } from '../user/user.ts';
import { BID_ERRORS } from './errors.ts';

/**
 * 'withdrawn' (decision 0193): the bidder deleted their account while the bid was pending. It is
 * final like the others: a withdrawn bid is never accepted, declined or edited.
 */
export const BID_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

const MIN_TIMELINE_DAYS = 1;
const MAX_TIMELINE_DAYS = 3650;
const PROPOSAL_MAX_LENGTH = 5000;

/** Only contractors and vendors bid (projects-and-bids section 6); clients and admins may not. */
export const BIDDER_ROLES: readonly Role[] = ['contractor', 'vendor'];

export interface BidSnapshot {
  id: string;
  projectId: string;
  contractorId: string;
  amountCents: number;
  /** Whole days. */
  timeline: number;
  proposal: string;
  status: BidStatus;
  createdAt: Date;
  updatedAt: Date;
}

export interface BidTerms {
  /** A number or a decimal string, more than 0, at most 99,999,999.99, at most 2 decimals. */
  amount: number | string | null | undefined;
  /** Whole days, 1..3650; a numeric string is accepted. */
  timeline: number | string | null | undefined;
  proposal: string | null | undefined;
}

export function parseBidAmount(value: number | string | null | undefined): number {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    throw BID_ERRORS.AMOUNT_REQUIRED({ field: 'amount' });
  }
  const notPositive = () => BID_ERRORS.AMOUNT_NOT_POSITIVE({ field: 'amount' });
  // A negative amount is the same mistake as 0: a bid is more than 0, whatever its sign says.
  if ((typeof value === 'number' ? value : Number(value.trim())) < 0) throw notPositive();
  const money = Money.parse(value, 'amount');
  if (money.isZero()) throw notPositive();
  return money.cents;
}

export function parseTimeline(value: number | string | null | undefined): number {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    throw BID_ERRORS.TIMELINE_REQUIRED({ field: 'timeline' });
  }
  const days = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(days)) {
    throw BID_ERRORS.TIMELINE_NOT_WHOLE_DAYS('Timeline must be a whole number of days', 'timeline');
  }
  if (days < MIN_TIMELINE_DAYS || days > MAX_TIMELINE_DAYS) {
    throw BID_ERRORS.TIMELINE_OUT_OF_RANGE(
      `Timeline must be between ${MIN_TIMELINE_DAYS} and ${MAX_TIMELINE_DAYS} days`,
      'timeline',
    );
  }
  return days;
}

export function parseProposal(value: string | null | undefined): string {
  const proposal = (value ?? '').trim();
  if (proposal === '') throw BID_ERRORS.PROPOSAL_REQUIRED({ field: 'proposal' });
  if (proposal.length > PROPOSAL_MAX_LENGTH) {
    throw BID_ERRORS.PROPOSAL_TOO_LONG(
      `Proposal must be at most ${PROPOSAL_MAX_LENGTH} characters`,
      'proposal',
    );
  }
  return proposal;
}

/**
 * Who may bid on this project now: a contractor or vendor, not the owner, while the project takes bids, and
 * with no block between the bidder and the owner (`blocks`: the blocks between them, decision 0220; a blocked
 * bidder is told only that the project is not accepting bids), and while its owner is not suspended (decision
 * 0223: the same words). One bid per contractor per project and the monthly quota are checked by the use case
 * against stored bids.
 */
export function assertMayBid(
  bidder: Actor,
  project: Project,
  now: Date,
  blocks: readonly BlockSnapshot[] = [],
  ownerSuspended = false,
): void {
  if (!BIDDER_ROLES.includes(bidder.role)) {
    throw BID_ERRORS.ROLE_CANNOT_BID();
  }
  if (project.isOwnedBy(bidder.id)) {
    throw BID_ERRORS.OWN_PROJECT('You cannot bid on your own project');
  }
  project.assertTakingBids(now);
  assertOwnerMayTakeBids(ownerSuspended);
  assertMayBidDespiteBlocks(bidder.id, project.clientId, blocks);
}

export function bidAlreadyExists(): ConflictError {
  return BID_ERRORS.BID_ALREADY_EXISTS();
}

/** The Bid aggregate. pending → accepted, rejected or withdrawn; all three are final. */
export class Bid extends withFields<BidSnapshot>()(
  'projectId',
  'contractorId',
  'status',
  'amountCents',
  'createdAt',
) {
  private constructor(props: BidSnapshot) {
    super(props);
  }

  static submit(input: {
    id: string;
    bidder: Actor;
    project: Project;
    terms: BidTerms;
    now: Date;
    /** The blocks between the bidder and the project's owner (decision 0220). */
    blocks?: readonly BlockSnapshot[];
    /** Whether the project's owner is suspended (decision 0223): their projects take no bids. */
    ownerSuspended?: boolean;
  }): {
    bid: Bid;
    event: BidSubmitted;
  } {
    assertMayBid(input.bidder, input.project, input.now, input.blocks, input.ownerSuspended);
    const bid = new Bid({
      id: input.id,
      projectId: input.project.id,
      contractorId: input.bidder.id,
      amountCents: parseBidAmount(input.terms.amount),
      timeline: parseTimeline(input.terms.timeline),
      proposal: parseProposal(input.terms.proposal),
      status: 'pending',
      createdAt: input.now,
      updatedAt: input.now,
    });
    const event: BidSubmitted = {
      type: 'bid_submitted',
      occurredAt: input.now,
      bidId: input.id,
      projectId: input.project.id,
      projectTitle: input.project.title,
      contractorId: input.bidder.id,
      recipientId: input.project.clientId,
      amountCents: bid.amountCents,
      projectPostedAt: input.project.createdAt,
    };
    return { bid, event };
  }

  static restore(snapshot: BidSnapshot): Bid {
    return new Bid({ ...snapshot });
  }

  /**
   * 'Edit Bid': the bidder changes amount, timeline or proposal of their own pending bid while the
   * project still takes bids. An edit is not a new bid and uses no quota.
   */
  edit(actor: Actor, project: Project, changes: Partial<BidTerms>, now: Date): void {
    if (actor.id !== this.props.contractorId) {
      throw BID_ERRORS.NOT_BID_OWNER();
    }
    this.#assertPending();
    if (project.id !== this.props.projectId) {
      throw BID_ERRORS.BID_NOT_ON_PROJECT();
    }
    project.assertTakingBids(now);
    const amountCents =
      changes.amount === undefined ? this.props.amountCents : parseBidAmount(changes.amount);
    const timeline = changes.timeline === undefined ? this.props.timeline : parseTimeline(changes.timeline);
    const proposal = changes.proposal === undefined ? this.props.proposal : parseProposal(changes.proposal);
    this.props = { ...this.props, amountCents, timeline, proposal, updatedAt: now };
  }

  /** Called by Project.acceptBid, which checks who decides. */
  accept(now: Date, projectTitle: string): BidAccepted {
    return { type: 'bid_accepted', ...this.#close('accepted', now, projectTitle) };
  }

  /** Called by Project (decline, another bid accepted, cancellation), which checks who decides. */
  reject(now: Date, projectTitle: string, reason: BidRejectionReason): BidRejected {
    return { type: 'bid_rejected', ...this.#close('rejected', now, projectTitle), reason };
  }

  /**
   * The bidder's account was deleted (decision 0193) or suspended (decision 0223): a pending bid is withdrawn,
   * so the owner can no longer accept it, and the owner (`ownerId`) is told. Called by the account deletion and
   * the suspension. Final: lifting the suspension does not bring it back.
   */
  withdraw(
    now: Date,
    project: { title: string; clientId: string },
    reason: BidWithdrawalReason,
  ): BidWithdrawn {
    return {
      type: 'bid_withdrawn',
      ...this.#close('withdrawn', now, project.title),
      contractorId: this.props.contractorId,
      recipientId: project.clientId,
      amountCents: this.props.amountCents,
      reason,
    };
  }

  /**
   * Moves the pending bid to its final status, and gives what the event of that says of every bid: by
   * default the bidder hears of it.
   */
  #close(status: Exclude<BidStatus, 'pending'>, now: Date, projectTitle: string) {
    this.#assertPending();
    this.props.status = status;
    this.props.updatedAt = now;
    return {
      occurredAt: now,
      bidId: this.props.id,
      projectId: this.props.projectId,
      projectTitle,
      recipientId: this.props.contractorId,
    };
  }

  #assertPending(): void {
    if (this.props.status === 'withdrawn') throw bidWithdrawn();
    if (this.props.status !== 'pending') {
      throw BID_ERRORS.BID_NOT_PENDING(`This bid is already ${this.props.status}`);
    }
  }
}
