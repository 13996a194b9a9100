import { type Static, Type } from 'typebox';
import type { MyBidView, ProjectBidView } from '#application/bids/ports.ts';
import { BID_STATUSES, type BidSnapshot } from '#domain/bid/bid.ts';
import { PROJECT_PHASES } from '#domain/project/phase.ts';
import { centsToDecimal } from '#domain/shared/money.ts';
import { ratingFromHundredths } from '#domain/shared/rating.ts';
import type { BidQuota } from '#domain/subscription/plan.ts';
import { SUBSCRIPTION_TIERS } from '#domain/user/user.ts';
import { dateTime, money, nullable, OWNER_EXAMPLE, OwnerRef, refTo, toOwnerDto, uuid } from './common.ts';

// ---- Bids ----------------------------------------------------------------------------------

const bidProperties = {
  id: uuid(),
  projectId: uuid(),
  contractorId: uuid('The bidder (a contractor or vendor)'),
  amount: money('USD'),
  timeline: Type.Integer({ description: 'Whole days' }),
  proposal: Type.String(),
  status: Type.Enum([...BID_STATUSES]),
  createdAt: dateTime(),
  updatedAt: dateTime(),
};

const BID_EXAMPLE = {
  id: '6d1f4f1e-2c55-4a2f-8d7c-1b1a9d0e5f21',
  projectId: '9a4e2b7c-3d1f-4c8a-9e6b-2f5d7a1c0b33',
  contractorId: '1c7e9d3a-5b2f-4e6d-8a1c-7f3b9e2d4a10',
  amount: '18500.00',
  timeline: 45,
  proposal: 'Licensed crew of four; we can start on the 1st and finish the roof in six weeks.',
  status: 'pending' as const,
  createdAt: '2026-03-02T14:05:00.000Z',
  updatedAt: '2026-03-02T14:05:00.000Z',
};

export const BidSchema = Type.Object(bidProperties, {
  $id: 'Bid',
  additionalProperties: false,
  examples: [BID_EXAMPLE],
});
export type BidDto = Static<typeof BidSchema>;
export const BidRef = refTo(BidSchema);

export function toBidDto(bid: BidSnapshot): BidDto {
  return {
    id: bid.id,
    projectId: bid.projectId,
    contractorId: bid.contractorId,
    amount: centsToDecimal(bid.amountCents) as string,
    timeline: bid.timeline,
    proposal: bid.proposal,
    status: bid.status,
    createdAt: bid.createdAt.toISOString(),
    updatedAt: bid.updatedAt.toISOString(),
  };
}

export const ProjectBidSchema = Type.Object(
  {
    ...bidProperties,
    contractor: Type.Object(
      {
        id: uuid(),
        firstName: nullable(Type.String()),
        lastName: nullable(Type.String()),
        profileImageUrl: nullable(Type.String()),
        rating: Type.Number({ description: 'Average review rating, 0.00 to 5.00' }),
        reviewCount: Type.Integer(),
      },
      { additionalProperties: false },
    ),
  },
  {
    $id: 'ProjectBid',
    additionalProperties: false,
    description: "A bid in a project's 'Received Bids' list, with its bidder",
    examples: [
      {
        ...BID_EXAMPLE,
        contractor: {
          id: BID_EXAMPLE.contractorId,
          firstName: 'Marcus',
          lastName: 'Rolle',
          profileImageUrl: null,
          rating: 4.67,
          reviewCount: 3,
        },
      },
    ],
  },
);
export type ProjectBidDto = Static<typeof ProjectBidSchema>;
export const ProjectBidRef = refTo(ProjectBidSchema);

export function toProjectBidDto(view: ProjectBidView): ProjectBidDto {
  const c = view.contractor;
  return {
    ...toBidDto(view.bid),
    contractor: {
      id: c.id,
      firstName: c.firstName,
      lastName: c.lastName,
      profileImageUrl: c.profileImageUrl,
      rating: ratingFromHundredths(c.ratingHundredths),
      reviewCount: c.reviewCount,
    },
  };
}

export const MyBidSchema = Type.Object(
  {
    ...bidProperties,
    project: Type.Object(
      {
        id: uuid(),
        clientId: uuid("The project's owner (for 'Contact Owner')"),
        title: Type.String(),
        location: nullable(Type.String()),
        category: Type.String(),
        tags: Type.Array(Type.String()),
        budgetMin: nullable(money('USD; null is negotiable')),
        budgetMax: nullable(money('USD; null is negotiable')),
        currentPhase: Type.Enum([...PROJECT_PHASES]),
        owner: OwnerRef,
      },
      { additionalProperties: false },
    ),
  },
  {
    $id: 'MyBid',
    additionalProperties: false,
    description: "A bid in the caller's My Bids list, with its project",
    examples: [
      {
        ...BID_EXAMPLE,
        project: {
          id: BID_EXAMPLE.projectId,
          clientId: '0d8e4c1a-3b7f-4e2a-9c55-7a1b2c3d4e5f',
          title: 'Re-roof a two-storey house',
          location: 'Nassau, New Providence, Bahamas',
          category: 'Construction',
          tags: ['roofing', 'hurricane-rated'],
          budgetMin: '15000.00',
          budgetMax: '25000.00',
          currentPhase: 'bidding',
          owner: { ...OWNER_EXAMPLE, id: '0d8e4c1a-3b7f-4e2a-9c55-7a1b2c3d4e5f', rating: 0, reviewCount: 0 },
        },
      },
    ],
  },
);
export type MyBidDto = Static<typeof MyBidSchema>;
export const MyBidRef = refTo(MyBidSchema);

export function toMyBidDto(view: MyBidView): MyBidDto {
  const p = view.project;
  return {
    ...toBidDto(view.bid),
    project: {
      id: p.id,
      clientId: p.clientId,
      title: p.title,
      location: p.location,
      category: p.category,
      tags: p.tags,
      budgetMin: centsToDecimal(p.budgetMinCents),
      budgetMax: centsToDecimal(p.budgetMaxCents),
      currentPhase: p.currentPhase as MyBidDto['project']['currentPhase'],
      owner: toOwnerDto(p.owner),
    },
  };
}

// ---- Quota ---------------------------------------------------------------------------------

export const BID_QUOTA_EXAMPLE = {
  tier: 'free' as const,
  limit: 3,
  bidsThisMonth: 1,
  remaining: 2,
  limitReached: false,
  resetsAt: '2026-04-01T04:00:00.000Z',
};

export const BidQuotaSchema = Type.Object(
  {
    tier: Type.Enum([...SUBSCRIPTION_TIERS]),
    limit: nullable(Type.Integer({ description: 'Bids a month; null is unlimited (Pro)' })),
    bidsThisMonth: Type.Integer({ description: 'This calendar month (platform time zone); 0..3 on free' }),
    remaining: nullable(Type.Integer({ description: 'Bids left this month; null is unlimited' })),
    limitReached: Type.Boolean({ description: "True at the free plan's limit ('Limit Reached')" }),
    resetsAt: dateTime('When the count starts again: the first instant of next month in America/Nassau'),
  },
  {
    $id: 'BidQuota',
    additionalProperties: false,
    examples: [BID_QUOTA_EXAMPLE],
  },
);
export type BidQuotaDto = Static<typeof BidQuotaSchema>;
export const BidQuotaRef = refTo(BidQuotaSchema);

export function toBidQuotaDto(quota: BidQuota): BidQuotaDto {
  return { ...quota, resetsAt: quota.resetsAt.toISOString() };
}

export const SubmittedBidSchema = Type.Object(
  { ...bidProperties, quota: BidQuotaRef },
  {
    $id: 'SubmittedBid',
    additionalProperties: false,
    description: "The new bid, and the bidder's quota after it",
  },
);
export const SubmittedBidRef = refTo(SubmittedBidSchema);
