import type { BidSnapshot } from '../../domain/bid/bid.ts';

/** A bid in a project's 'Received Bids' list. */
export interface ProjectBidView {
  bid: BidSnapshot;
  contractor: {
    id: string;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
    /** Hundredths (4.5 is 450). */
    ratingHundredths: number;
    reviewCount: number;
  };
}

/** A bid in the caller's My Bids list. */
export interface MyBidView {
  bid: BidSnapshot;
  /** `clientId` is the project's owner, for 'Contact Owner'. */
  project: {
    id: string;
    clientId: string;
    title: string;
    location: string | null;
    category: string;
    tags: string[];
    /** The project's budget (null bounds are negotiable), for the Edit Bid dialog opened from My Bids. */
    budgetMinCents: number | null;
    budgetMaxCents: number | null;
    /** Where the project stands (bidding, awarded, in progress, ...): the bidder sees it on My Bids. */
    currentPhase: string;
    /** The owner as the My Bids owner card shows them (rating in hundredths). */
    owner: {
      id: string;
      firstName: string | null;
      lastName: string | null;
      ratingHundredths: number;
      reviewCount: number;
    };
  };
}

export interface BidQuery {
  /** A project's bids with their bidders, newest first; only one bidder's when `contractorId` is given. */
  listForProject(projectId: string, options?: { contractorId?: string }): Promise<ProjectBidView[]>;
  /** A contractor's bids with their projects, newest first. */
  listForContractor(contractorId: string): Promise<MyBidView[]>;
  /** The contractor's bids on the given projects (at most one each): what the browse cards show. */
  statusesOn(contractorId: string, projectIds: readonly string[]): Promise<MyBidStatus[]>;
}

/** A caller's own bid on one project, as the browse cards show it instead of 'Submit Bid'. */
export interface MyBidStatus {
  projectId: string;
  bidId: string;
  status: BidSnapshot['status'];
}
