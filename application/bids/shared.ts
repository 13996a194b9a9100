import type { Bid } from '../../domain/bid/bid.ts';
import { BID_ERRORS } from '../../domain/bid/errors.ts';
import type { Project } from '../../domain/project/project.ts';

import { projectOf } from '../projects/shared.ts';
import type { Transaction } from '../shared/marketplace-ports.ts';

export const BID_DECISIONS = ['accepted', 'rejected'] as const;

export type BidDecision = (typeof BID_DECISIONS)[number];

/**
 * The bid to decide on, read under its project's lock (a decision, a move or a deletion may have landed
 * meanwhile), with the project and the project's other bids.
 */
export async function lockDecision(
  tx: Transaction,
  bidId: string,
): Promise<{ project: Project; bid: Bid; others: Bid[] }> {
  const found = await tx.bids.findById(bidId);
  if (!found) throw BID_ERRORS.BID_NOT_FOUND();
  const project = await projectOf(tx, found.projectId, 'lock');
  const all = await tx.bids.listByProject(project.id);
  const bid = all.find((b) => b.id === bidId) ?? found;
  return { project, bid, others: all.filter((b) => b.id !== bidId) };
}

/**
 * The decision PATCH /api/bids/{id}/status asks for: 'accepted' (AcceptBid) or 'rejected' (DeclineBid);
 * anything else is 400 INVALID_BID_STATUS.
 */
export function bidDecisionOf(status: string): BidDecision {
  if (!(BID_DECISIONS as readonly string[]).includes(status)) {
    throw BID_ERRORS.INVALID_BID_STATUS({ field: 'status' });
  }
  return status as BidDecision;
}
