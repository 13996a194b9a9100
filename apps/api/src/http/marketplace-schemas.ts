import { type Static, type TSchema, Type } from 'typebox';
import type { AchievementsView, UserBadgeView } from '../../../../application/achievements/use-cases.ts';
import type { MyBidView, ProjectBidView } from '../../../../application/bids/ports.ts';
import type { Landing } from '../../../../application/landing/use-cases.ts';
import type { ProjectView } from '../../../../application/projects/ports.ts';
import type { ProjectDetails } from '../../../../application/projects/use-cases.ts';
import type { ReceivedReview } from '../../../../application/reviews/ports.ts';
import type { StoredFile } from '../../../../application/shared/marketplace-ports.ts';
import type { UserStats } from '../../../../application/stats/use-cases.ts';
import { ACHIEVEMENT_CATEGORIES, BADGE_TIERS } from '../../../../domain/achievement/achievement.ts';
import { BID_STATUSES, type BidSnapshot } from '../../../../domain/bid/bid.ts';
import type { Catalog } from '../../../../domain/catalog/catalog.ts';
import type { AddendumSnapshot } from '../../../../domain/project/addendum.ts';
import { PROJECT_PHASES, PROJECT_STATUSES } from '../../../../domain/project/phase.ts';
import type { SavedSearchSnapshot } from '../../../../domain/project/saved-search.ts';
import type { Review } from '../../../../domain/review/review.ts';
import { centsToDecimal } from '../../../../domain/shared/money.ts';
import { ratingFromHundredths } from '../../../../domain/shared/rating.ts';
import type { BidQuota } from '../../../../domain/subscription/plan.ts';
import { SUBSCRIPTION_TIERS } from '../../../../domain/user/user.ts';

/**
 * The marketplace's shared schemas (projects, bids, quota, stats, reviews, badges, catalogue), each
 * registered with an $id so the OpenAPI document names it, plus the mappers from the use cases' views.
 */

/**
 * `T | null`. A scalar becomes `type: [T, 'null']` rather than `anyOf`: the same JSON Schema meaning, but
 * the response serializer writes it directly instead of validating each value against the branches
 * (measured: most of the list route's serialization time).
 */
const nullable = <T extends TSchema>(schema: T) => {
  const type = (schema as { type?: unknown }).type;
  return typeof type === 'string' && type !== 'object' && type !== 'array'
    ? Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] })
    : Type.Union([schema, Type.Null()]);
};
const uuid = (description?: string) =>
  Type.String({ format: 'uuid', ...(description ? { description } : {}) });
const dateTime = (description?: string) =>
  Type.String({ format: 'date-time', ...(description ? { description } : {}) });
const money = (description: string) =>
  Type.String({
    pattern: '^\\d+\\.\\d{2}$',
    description: `${description}; a decimal string, e.g. '5000.00'`,
  });

/** A reference to a schema below that keeps the handler's return type checked. */
function refTo<T extends TSchema & { $id?: string }>(schema: T) {
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id as string));
}

// ---- Files ---------------------------------------------------------------------------------

export const AttachmentSchema = Type.Object(
  {
    name: Type.String({ description: 'The stored name; keep it in `attachments` when editing' }),
    originalName: Type.String({ description: 'The name the file had when it was uploaded' }),
    url: Type.String({ description: '/uploads/{name}' }),
    thumbnailUrl: nullable(
      Type.String({
        description:
          'Images only: a small derived image (WebP, at most 480 px wide) at /uploads/{name}/thumbnail; null for documents',
      }),
    ),
    mimeType: Type.String({ description: 'Recognised from the content, not from the upload' }),
    size: Type.Integer({ description: 'In bytes' }),
  },
  {
    $id: 'Attachment',
    additionalProperties: false,
    examples: [
      {
        name: '0b8f8a52-6a7e-4a52-9d0c-3f6f3b1c2d4e.pdf',
        originalName: 'Plan set.pdf',
        url: '/uploads/0b8f8a52-6a7e-4a52-9d0c-3f6f3b1c2d4e.pdf',
        thumbnailUrl: null,
        mimeType: 'application/pdf',
        size: 482113,
      },
    ],
  },
);
export type AttachmentDto = Static<typeof AttachmentSchema>;

export function toAttachmentDto(file: StoredFile): AttachmentDto {
  return {
    name: file.name,
    originalName: file.originalName,
    url: `/uploads/${file.name}`,
    thumbnailUrl: file.mimeType.startsWith('image/') ? `/uploads/${file.name}/thumbnail` : null,
    mimeType: file.mimeType,
    size: file.size,
  };
}

// ---- Owners --------------------------------------------------------------------------------

export const OwnerSchema = Type.Object(
  {
    id: uuid(),
    firstName: nullable(Type.String()),
    lastName: nullable(Type.String()),
    rating: Type.Number({
      minimum: 0,
      maximum: 5,
      description: 'The mean of the reviews about the owner (2 decimals); 0 with no reviews',
    }),
    reviewCount: Type.Integer({ minimum: 0, description: "0 is shown as 'No reviews yet'" }),
  },
  {
    $id: 'Owner',
    additionalProperties: false,
    description: "A project's owner as cards and pages show them: name, rating and review count",
    examples: [
      {
        id: '5e2a1b9c-7d3f-4a6e-8c1b-9f0d2e4a6b71',
        firstName: 'Ann',
        lastName: 'Knowles',
        rating: 4.5,
        reviewCount: 2,
      },
    ],
  },
);
export type OwnerDto = Static<typeof OwnerSchema>;
export const OwnerRef = refTo(OwnerSchema);

export function toOwnerDto(owner: ProjectView['createdBy']): OwnerDto {
  return {
    id: owner.id,
    firstName: owner.firstName,
    lastName: owner.lastName,
    rating: ratingFromHundredths(owner.ratingHundredths),
    reviewCount: owner.reviewCount,
  };
}

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
          owner: {
            id: '0d8e4c1a-3b7f-4e2a-9c55-7a1b2c3d4e5f',
            firstName: 'Ann',
            lastName: 'Knowles',
            rating: 0,
            reviewCount: 0,
          },
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
    examples: [
      {
        tier: 'free',
        limit: 3,
        bidsThisMonth: 1,
        remaining: 2,
        limitReached: false,
        resetsAt: '2026-04-01T04:00:00.000Z',
      },
    ],
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
export type SubmittedBidDto = Static<typeof SubmittedBidSchema>;
export const SubmittedBidRef = refTo(SubmittedBidSchema);

// ---- Projects ------------------------------------------------------------------------------

const projectProperties = {
  id: uuid(),
  title: Type.String(),
  description: Type.String(),
  projectType: nullable(Type.String()),
  category: Type.String(),
  location: nullable(Type.String()),
  country: Type.String({ description: 'Two-letter country code' }),
  island: nullable(Type.String()),
  city: nullable(Type.String()),
  budgetMin: nullable(money('USD; null is negotiable')),
  budgetMax: nullable(money('USD; null is negotiable')),
  status: Type.Enum([...PROJECT_STATUSES]),
  clientId: uuid('The owner'),
  tags: Type.Array(Type.String()),
  services: Type.Array(Type.String()),
  servicePhases: Type.Array(Type.String()),
  projectStage: nullable(Type.String()),
  contractorNeeds: Type.Array(Type.String()),
  phases: Type.Array(Type.String()),
  generalContractor: Type.Boolean(),
  deadline: nullable(dateTime()),
  bidDeadline: nullable(dateTime('Bids are taken until this instant; null is open bidding')),
  currentPhase: Type.Enum([...PROJECT_PHASES]),
  phaseStartDate: dateTime(),
  acceptedBidId: nullable(uuid()),
  awardedContractorId: nullable(uuid('The bidder of the accepted bid')),
  createdAt: dateTime(),
  updatedAt: dateTime(),
  createdBy: OwnerRef,
  bidCount: Type.Integer(),
  viewCount: Type.Integer({
    minimum: 0,
    description: "Counted views: one per signed-in viewer per day (platform time zone), never the owner's",
  }),
  saveCount: Type.Integer({ minimum: 0, description: 'How many users saved the project' }),
  averageBid: nullable(money('The mean bid amount; null with no bids')),
  attachments: Type.Array(refTo(AttachmentSchema), { description: 'The files, served at /uploads/{name}' }),
};

const PROJECT_EXAMPLE = {
  id: '9a4e2b7c-3d1f-4c8a-9e6b-2f5d7a1c0b33',
  title: 'Re-roof a two-storey house',
  description: 'Replace the shingle roof with standing-seam metal, hurricane-rated, about 2,400 sq ft.',
  projectType: 'general_contractor',
  category: 'Construction',
  location: 'Nassau, New Providence, Bahamas',
  country: 'BS',
  island: 'New Providence',
  city: 'Nassau',
  budgetMin: '15000.00',
  budgetMax: '25000.00',
  status: 'active' as const,
  clientId: '5e2a1b9c-7d3f-4a6e-8c1b-9f0d2e4a6b71',
  tags: ['roofing', 'hurricane-rated'],
  services: ['roofing', 'insulation'],
  servicePhases: ['building_envelope'],
  projectStage: 'permit_approved',
  contractorNeeds: ['labor_materials'],
  phases: ['envelope_roofing'],
  generalContractor: false,
  deadline: '2026-06-30T03:59:59.999Z',
  bidDeadline: '2026-03-31T03:59:59.999Z',
  currentPhase: 'bidding' as const,
  phaseStartDate: '2026-03-01T12:00:00.000Z',
  acceptedBidId: null,
  awardedContractorId: null,
  createdAt: '2026-03-01T12:00:00.000Z',
  updatedAt: '2026-03-01T12:00:00.000Z',
  createdBy: {
    id: '5e2a1b9c-7d3f-4a6e-8c1b-9f0d2e4a6b71',
    firstName: 'Ann',
    lastName: 'Knowles',
    rating: 4.5,
    reviewCount: 2,
  },
  bidCount: 1,
  viewCount: 12,
  saveCount: 3,
  averageBid: '18500.00',
  attachments: [
    {
      name: '0b8f8a52-6a7e-4a52-9d0c-3f6f3b1c2d4e.pdf',
      originalName: 'Plan set.pdf',
      url: '/uploads/0b8f8a52-6a7e-4a52-9d0c-3f6f3b1c2d4e.pdf',
      thumbnailUrl: null,
      mimeType: 'application/pdf',
      size: 482113,
    },
  ],
};

export const ProjectSummarySchema = Type.Object(projectProperties, {
  $id: 'ProjectSummary',
  additionalProperties: false,
  description: 'A project in a list (browse, My Projects): everything but `takingBids` and the caller’s bid',
  examples: [PROJECT_EXAMPLE],
});
export type ProjectSummaryDto = Static<typeof ProjectSummarySchema>;
export const ProjectSummaryRef = refTo(ProjectSummarySchema);

export const ProjectSchema = Type.Object(
  {
    ...projectProperties,
    takingBids: Type.Boolean({
      description: 'Whether a bid can be submitted now: active, in the bidding phase, deadline not passed',
    }),
    myBid: nullable(BidRef),
    savedByMe: Type.Boolean({ description: 'Whether the caller saved this project' }),
    review: nullable(
      Type.Object(
        {
          rating: Type.Integer({ minimum: 1, maximum: 5 }),
          comment: nullable(Type.String()),
          createdAt: dateTime(),
        },
        {
          additionalProperties: false,
          description: "The owner's review of the awarded contractor, once given (one per project)",
        },
      ),
    ),
  },
  {
    $id: 'Project',
    additionalProperties: false,
    description: "A project with its files and, for a bidder, the caller's own bid (`myBid`, else null)",
    examples: [
      {
        ...PROJECT_EXAMPLE,
        takingBids: true,
        myBid: null,
        savedByMe: false,
        review: null,
      },
    ],
  },
);
export type ProjectDto = Static<typeof ProjectSchema>;
export const ProjectRef = refTo(ProjectSchema);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** `attachments` describes view.project.attachments (UploadStore.describe), in the same order. */
export function toProjectSummaryDto(
  view: ProjectView,
  attachments: readonly StoredFile[],
): ProjectSummaryDto {
  const p = view.project;
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    projectType: p.projectType,
    category: p.category,
    location: p.location,
    country: p.country,
    island: p.island,
    city: p.city,
    budgetMin: centsToDecimal(p.budgetMinCents),
    budgetMax: centsToDecimal(p.budgetMaxCents),
    status: p.status,
    clientId: p.clientId,
    tags: p.tags,
    services: p.services,
    servicePhases: p.servicePhases,
    projectStage: p.projectStage,
    contractorNeeds: p.contractorNeeds,
    phases: p.phases,
    generalContractor: p.generalContractor,
    deadline: iso(p.deadline),
    bidDeadline: iso(p.bidDeadline),
    currentPhase: p.currentPhase,
    phaseStartDate: p.phaseStartDate.toISOString(),
    acceptedBidId: p.acceptedBidId,
    awardedContractorId: p.awardedContractorId,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    createdBy: toOwnerDto(view.createdBy),
    bidCount: view.bidCount,
    viewCount: view.viewCount,
    saveCount: view.saveCount,
    averageBid: centsToDecimal(view.averageBidCents),
    attachments: attachments.map(toAttachmentDto),
  };
}

export function toProjectDto(
  details: ProjectDetails,
  attachments: readonly StoredFile[],
  myBid: BidSnapshot | null,
  opened: { viewCount: number; savedByMe: boolean } = { viewCount: details.viewCount, savedByMe: false },
): ProjectDto {
  return {
    ...toProjectSummaryDto(details, attachments),
    viewCount: opened.viewCount,
    takingBids: details.takingBids,
    myBid: myBid ? toBidDto(myBid) : null,
    savedByMe: opened.savedByMe,
    review: details.review
      ? {
          rating: details.review.rating,
          comment: details.review.comment,
          createdAt: details.review.createdAt.toISOString(),
        }
      : null,
  };
}

export const SaveStateSchema = Type.Object(
  {
    saved: Type.Boolean({ description: 'Whether the caller has the project saved now' }),
    saveCount: Type.Integer({ minimum: 0, description: "The project's save count now" }),
  },
  {
    $id: 'SaveState',
    additionalProperties: false,
    description: 'The answer to saving or unsaving a project',
    examples: [{ saved: true, saveCount: 4 }],
  },
);
export const SaveStateRef = refTo(SaveStateSchema);

// ---- The post and edit forms' projectData ----------------------------------------------------

const optionalText = (description?: string) =>
  Type.Optional(nullable(Type.String(description ? { description } : {})));
const list = (description: string) =>
  Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50, description }));
const budget = (description: string) =>
  Type.Optional(
    Type.Union([Type.Number(), Type.String({ maxLength: 20 }), Type.Null()], {
      description: `${description}: a number or a decimal string with at most 2 decimals; null or '' is negotiable`,
    }),
  );
const dateInput = (description: string) =>
  Type.Optional(
    nullable(
      Type.String({
        maxLength: 40,
        description: `${description}: an ISO date-time, or a date (YYYY-MM-DD) meaning the end of that day in America/Nassau; null or '' clears it`,
      }),
    ),
  );

export const ProjectDataSchema = Type.Object(
  {
    title: Type.Optional(Type.String({ description: '5..255 characters after trimming' })),
    description: Type.Optional(Type.String({ description: '20..10000 characters after trimming' })),
    projectStage: optionalText('One of the catalogue stages (required when posting)'),
    contractorNeeds: list('At least one catalogue need when posting'),
    phases: list('At least one catalogue phase group when posting'),
    generalContractor: Type.Optional(Type.Boolean()),
    services: list('Phase-group services or service types'),
    servicePhases: list('Catalogue service phases'),
    projectType: optionalText('A catalogue project type, or general_contractor'),
    category: optionalText("Free text up to 100; default 'Construction'"),
    country: Type.Optional(Type.String({ maxLength: 10, description: "Two-letter code; default 'BS'" })),
    island: optionalText('A catalogue island when the country is BS'),
    city: optionalText('A town of the island when the country is BS'),
    location: optionalText("Up to 255; derived as 'city, island, country' when absent"),
    budgetMin: budget('Minimum budget in USD'),
    budgetMax: budget('Maximum budget in USD'),
    bidDeadline: dateInput('Bids close at'),
    deadline: dateInput('The project deadline'),
    tags: list('At most 5, trimmed, no duplicates ignoring case, each up to 50'),
    attachments: list('Edit only: the stored names of the files to keep; absent keeps them all'),
  },
  {
    $id: 'ProjectData',
    description:
      'The JSON sent as the `projectData` field of POST /api/projects and PATCH /api/projects/{id}. ' +
      'When editing, a field left out keeps its value. Other fields are ignored.',
    examples: [
      {
        title: 'Re-roof a two-storey house',
        description: 'Replace the shingle roof with standing-seam metal, hurricane-rated, about 2,400 sq ft.',
        projectStage: 'permit_approved',
        contractorNeeds: ['labor_materials'],
        phases: ['envelope_roofing'],
        generalContractor: false,
        services: ['roofing', 'insulation'],
        servicePhases: ['building_envelope'],
        projectType: 'general_contractor',
        category: 'Construction',
        country: 'BS',
        island: 'New Providence',
        city: 'Nassau',
        budgetMin: 15000,
        budgetMax: 25000,
        bidDeadline: '2026-03-31',
        deadline: null,
        tags: ['roofing', 'hurricane-rated'],
      },
    ],
  },
);
export type ProjectDataInput = Static<typeof ProjectDataSchema>;

/** How the multipart body of the post and edit calls is documented (it is read by hand, not by the schema). */
export const ProjectFormBody = Type.Object(
  {
    projectData: Type.String({
      contentMediaType: 'application/json',
      contentSchema: { $ref: 'ProjectData' },
      description: 'The ProjectData object (components/schemas/ProjectData) as a JSON string',
    }),
    files: Type.Optional(
      Type.Array(Type.String({ format: 'binary' }), {
        maxItems: 5,
        description:
          'Repeat the field per file. At most 5 per project (on edit: kept plus new), each at most 80 MB; ' +
          'images (JPEG, PNG, GIF, WebP), PDF, DOC or DOCX, recognised from the content.',
      }),
    ),
  },
  {
    required: ['projectData'],
    // The files are binary parts; the example shows the projectData field.
    examples: [
      { projectData: JSON.stringify((ProjectDataSchema as { examples?: unknown[] }).examples?.[0]) },
    ],
  },
);

// ---- Deadline changes and addenda (issue 13) --------------------------------------------------

export const AddendumSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    projectId: Type.String({ format: 'uuid' }),
    text: Type.String({ description: 'What changed, 1..5000 characters' }),
    attachments: Type.Array(refTo(AttachmentSchema), { description: 'The files, served at /uploads/{name}' }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'Addendum',
    additionalProperties: false,
    description: "An owner's published change to a project while it takes bids",
    examples: [
      {
        id: '6a1f0a52-6a7e-4a52-9d0c-3f6f3b1c2d4e',
        projectId: '2c8f8a52-6a7e-4a52-9d0c-3f6f3b1c2d4e',
        text: 'The kitchen island moves 2 ft east; updated plan attached.',
        attachments: [],
        createdAt: '2026-11-22T15:04:05.000Z',
      },
    ],
  },
);
export type AddendumDto = Static<typeof AddendumSchema>;
export const AddendumRef = refTo(AddendumSchema);

export function toAddendumDto(addendum: AddendumSnapshot, attachments: readonly StoredFile[]): AddendumDto {
  return {
    id: addendum.id,
    projectId: addendum.projectId,
    text: addendum.text,
    attachments: attachments.map(toAttachmentDto),
    createdAt: addendum.createdAt.toISOString(),
  };
}

export const AddendumFormBody = Type.Object(
  {
    text: Type.String({ maxLength: 5000, description: 'The addendum text, 1..5000 characters' }),
    files: Type.Optional(
      Type.Array(Type.String({ format: 'binary' }), {
        maxItems: 5,
        description:
          'Repeat the field per file. At most 5, each at most 80 MB; images, PDF, DOC or DOCX, recognised ' +
          'from the content (the project upload rules).',
      }),
    ),
  },
  { required: ['text'], examples: [{ text: 'The kitchen island moves 2 ft east; updated plan attached.' }] },
);

// ---- Stats, reviews, achievements ------------------------------------------------------------

export const UserStatsSchema = Type.Object(
  {
    postedProjects: Type.Integer({ description: 'Projects the user owns' }),
    activeProjects: Type.Integer({ description: 'Owned projects whose status is active' }),
    completedProjects: Type.Integer({ description: 'Owned projects whose status is completed' }),
    rating: Type.Number({ description: 'Average review rating, 2 decimals' }),
    reviewCount: Type.Integer(),
    activeBids: Type.Integer({ description: "The user's pending bids" }),
    wonProjects: Type.Integer({ description: "The user's accepted bids" }),
    totalBids: Type.Integer({ description: "All the user's bids" }),
    bidsThisMonth: Type.Integer({ description: 'As the plan shows it: 0..3 on free' }),
    subscriptionTier: Type.Enum([...SUBSCRIPTION_TIERS]),
    bidQuota: BidQuotaRef,
  },
  {
    $id: 'UserStats',
    additionalProperties: false,
    examples: [
      {
        postedProjects: 0,
        activeProjects: 0,
        completedProjects: 0,
        rating: 4.5,
        reviewCount: 2,
        activeBids: 1,
        wonProjects: 2,
        totalBids: 5,
        bidsThisMonth: 1,
        subscriptionTier: 'free',
        bidQuota: {
          tier: 'free',
          limit: 3,
          bidsThisMonth: 1,
          remaining: 2,
          limitReached: false,
          resetsAt: '2026-04-01T04:00:00.000Z',
        },
      },
    ],
  },
);
export type UserStatsDto = Static<typeof UserStatsSchema>;
export const UserStatsRef = refTo(UserStatsSchema);

export function toUserStatsDto(stats: UserStats): UserStatsDto {
  return { ...stats, bidQuota: toBidQuotaDto(stats.bidQuota) };
}

export const ReviewSchema = Type.Object(
  {
    id: uuid(),
    projectId: nullable(uuid('Cleared when the project is deleted')),
    reviewerId: uuid('The project owner'),
    revieweeId: uuid('The awarded contractor'),
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    comment: nullable(Type.String()),
    createdAt: dateTime(),
  },
  { $id: 'Review', additionalProperties: false },
);
export type ReviewDto = Static<typeof ReviewSchema>;
export const ReviewRef = refTo(ReviewSchema);

export const ReceivedReviewSchema = Type.Object(
  {
    id: uuid(),
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    comment: nullable(Type.String()),
    projectId: nullable(uuid('Cleared when the project is deleted')),
    projectTitle: nullable(Type.String({ description: 'Null once the project is deleted' })),
    reviewerName: Type.String({ description: "The project owner's name" }),
    createdAt: dateTime(),
  },
  { $id: 'ReceivedReview', additionalProperties: false },
);
export type ReceivedReviewDto = Static<typeof ReceivedReviewSchema>;
export const ReceivedReviewRef = refTo(ReceivedReviewSchema);

export function toReceivedReviewDto(review: ReceivedReview): ReceivedReviewDto {
  return { ...review, createdAt: review.createdAt.toISOString() };
}

export function toReviewDto(review: Review): ReviewDto {
  const r = review.toSnapshot();
  return {
    id: r.id,
    projectId: r.projectId,
    reviewerId: r.reviewerId,
    revieweeId: r.revieweeId,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
  };
}

const badgeProperties = {
  id: Type.String({ description: '{category}_{tier}, e.g. quality_bronze' }),
  name: Type.String(),
  description: Type.String(),
  category: Type.Enum([...ACHIEVEMENT_CATEGORIES]),
  tier: Type.Enum([...BADGE_TIERS]),
  icon: Type.String({ description: 'An icon name, e.g. star' }),
  pointsRequired: Type.Integer(),
};

export const BadgeSchema = Type.Object(badgeProperties, {
  $id: 'Badge',
  additionalProperties: false,
});

export const UserBadgeSchema = Type.Object(
  {
    id: uuid('The award'),
    earnedAt: dateTime(),
    badge: refTo(BadgeSchema),
  },
  {
    $id: 'UserBadge',
    additionalProperties: false,
    examples: [
      {
        id: '3f9a7c21-8e4b-4d6a-9c2f-1b7e5a3d9c80',
        earnedAt: '2026-03-10T09:30:00.000Z',
        badge: {
          id: 'quality_bronze',
          name: 'Quality Work (Bronze)',
          description: 'Earned with 25 quality points from well-rated reviews.',
          category: 'quality',
          tier: 'bronze',
          icon: 'star',
          pointsRequired: 25,
        },
      },
    ],
  },
);
export type UserBadgeDto = Static<typeof UserBadgeSchema>;
export const UserBadgeRef = refTo(UserBadgeSchema);

export function toUserBadgeDto(view: UserBadgeView): UserBadgeDto {
  const b = view.badge;
  return {
    id: view.id,
    earnedAt: view.earnedAt.toISOString(),
    badge: {
      id: b.id,
      name: b.name,
      description: b.description,
      category: b.category,
      tier: b.tier,
      icon: b.icon,
      pointsRequired: b.pointsRequired,
    },
  };
}

export const AchievementsSchema = Type.Object(
  {
    categories: Type.Array(
      Type.Object(
        {
          category: Type.Enum([...ACHIEVEMENT_CATEGORIES]),
          points: Type.Integer(),
          level: Type.Integer({ description: '1..6' }),
          tier: nullable(
            Type.Enum([...BADGE_TIERS], { description: 'The highest badge tier reached; null below bronze' }),
          ),
          nextTier: nullable(Type.Enum([...BADGE_TIERS], { description: 'null past platinum' })),
          nextTierPoints: nullable(Type.Integer({ description: "The next tier's threshold" })),
          progress: Type.Integer({
            minimum: 0,
            maximum: 100,
            description: 'Percent of the way to the next tier, rounded down (100 past platinum)',
          }),
        },
        { additionalProperties: false },
      ),
    ),
    badges: Type.Array(UserBadgeRef, { description: 'Newest first' }),
  },
  { $id: 'Achievements', additionalProperties: false },
);
export type AchievementsDto = Static<typeof AchievementsSchema>;
export const AchievementsRef = refTo(AchievementsSchema);

export function toAchievementsDto(view: AchievementsView): AchievementsDto {
  return { categories: view.categories, badges: view.badges.map(toUserBadgeDto) };
}

// ---- The catalogue ---------------------------------------------------------------------------

const option = Type.Object({ value: Type.String(), label: Type.String() }, { additionalProperties: false });
const country = Type.Object(
  { code: Type.String(), name: Type.String(), flag: Type.String() },
  { additionalProperties: false },
);

export const CatalogSchema = Type.Object(
  {
    projectTypes: Type.Array(option),
    postFormProjectTypes: Type.Array(option),
    postFormCategory: Type.String(),
    editFormCategories: Type.Array(option),
    browseCategories: Type.Array(Type.String()),
    projectStages: Type.Array(option),
    contractorNeeds: Type.Array(option),
    phaseGroups: Type.Array(
      Type.Object(
        {
          value: Type.String(),
          label: Type.String(),
          services: Type.Array(
            Type.Object(
              {
                value: Type.String(),
                label: Type.String(),
                kind: Type.Enum(['labor', 'installation', 'materials', 'equipment_rental']),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    servicePhases: Type.Array(option),
    serviceTypes: Type.Array(
      Type.Object(
        { id: Type.String(), name: Type.String(), description: Type.String() },
        { additionalProperties: false },
      ),
    ),
    needsFilter: Type.Record(Type.String(), Type.Array(Type.String()), {
      description: 'Contractor need → the service kinds it hides in the post form',
    }),
    requiredUploadHints: Type.Record(
      Type.String(),
      Type.Object(
        {
          always: Type.Array(Type.String()),
          whenPhase: Type.Record(Type.String(), Type.Array(Type.String())),
        },
        { additionalProperties: false },
      ),
      { description: 'Project stage → the upload hints the post form shows (not enforced)' },
    ),
    projectPhases: Type.Array(option),
    projectStatuses: Type.Array(Type.String()),
    countries: Type.Array(country),
    postFormCountries: Type.Array(country),
    defaultProjectCountry: Type.String(),
    registrationCountries: Type.Array(country),
    shortCountryList: Type.Array(country),
    bahamasIslands: Type.Array(
      Type.Object({ name: Type.String(), towns: Type.Array(Type.String()) }, { additionalProperties: false }),
    ),
    budgetBands: Type.Array(
      Type.Object(
        {
          value: Type.String(),
          label: Type.String(),
          minCents: nullable(Type.Integer()),
          maxCents: nullable(Type.Integer()),
        },
        { additionalProperties: false },
      ),
    ),
    files: Type.Object(
      {
        maxFiles: Type.Integer(),
        maxFileSizeMb: Type.Integer(),
        imageExtensions: Type.Array(Type.String()),
        documentTypes: Type.Record(Type.String(), Type.Array(Type.String())),
      },
      { additionalProperties: false },
    ),
    maxTags: Type.Integer(),
    plans: Type.Object(
      { freeMonthlyBidLimit: Type.Integer(), proPriceCents: Type.Integer(), proTrialDays: Type.Integer() },
      { additionalProperties: false },
    ),
    achievements: Type.Object(
      {
        categories: Type.Array(Type.String()),
        badgeTiers: Type.Array(Type.String()),
        badges: Type.Array(refTo(BadgeSchema)),
        levelThresholds: Type.Array(Type.Integer()),
      },
      { additionalProperties: false },
    ),
  },
  {
    $id: 'Catalog',
    additionalProperties: false,
    description: 'Every catalogue the forms and filters use (one source with the server checks)',
  },
);
/** Typed as the domain's catalogue itself, so the route returns it unchanged. */
export const CatalogRef = Type.Unsafe<Catalog>(Type.Ref('Catalog'));

// ---- Landing -------------------------------------------------------------------------------

export const LandingSchema = Type.Object(
  {
    featured: Type.Array(ProjectSummaryRef, { description: 'The newest projects open for bids (up to 3)' }),
    testimonials: Type.Array(
      Type.Object(
        {
          id: uuid('The review'),
          rating: Type.Integer({ minimum: 4, maximum: 5 }),
          comment: Type.String(),
          reviewerFirstName: nullable(Type.String()),
          reviewerRole: Type.String({ description: 'client, contractor, vendor or admin' }),
          createdAt: dateTime(),
        },
        { additionalProperties: false },
      ),
      { description: 'Real reviews (rating ≥ 4, with a comment), newest first; empty until 3 exist' },
    ),
    figures: Type.Object(
      {
        projectsPosted: Type.Integer({ minimum: 0, description: 'Projects posted (and not deleted)' }),
        contractorsRegistered: Type.Integer({
          minimum: 0,
          description: 'Contractor accounts (deleted ones are not counted)',
        }),
      },
      { additionalProperties: false },
    ),
  },
  {
    $id: 'Landing',
    additionalProperties: false,
    description: 'The public landing page data',
    examples: [
      {
        featured: [PROJECT_EXAMPLE],
        testimonials: [],
        figures: { projectsPosted: 40, contractorsRegistered: 12 },
      },
    ],
  },
);
export type LandingDto = Static<typeof LandingSchema>;
export const LandingRef = refTo(LandingSchema);

export function toLandingDto(landing: Landing, featured: ProjectSummaryDto[]): LandingDto {
  return {
    featured,
    testimonials: landing.testimonials.map((t) => ({
      id: t.id,
      rating: t.rating,
      comment: t.comment,
      reviewerFirstName: t.reviewerFirstName,
      reviewerRole: t.reviewerRole,
      createdAt: t.createdAt.toISOString(),
    })),
    figures: landing.figures,
  };
}

// ---- Saved searches (issue 13) ---------------------------------------------------------------

export const SavedSearchSchema = Type.Object(
  {
    id: uuid(),
    name: Type.String({ description: 'The name the user gave the search' }),
    filters: Type.Object(
      {
        q: nullable(Type.String({ description: 'The search text: every word must appear, in any order' })),
        country: nullable(Type.String({ description: 'Country code' })),
        category: nullable(Type.String()),
        budget: Type.Union([
          Type.Literal('1k-5k'),
          Type.Literal('5k-25k'),
          Type.Literal('25k+'),
          Type.Null(),
        ]),
      },
      { additionalProperties: false, description: 'The browse filters, as GET /api/projects reads them' },
    ),
    alerts: Type.Union([Type.Literal('off'), Type.Literal('instant'), Type.Literal('daily')], {
      description:
        "'instant': a notification and a mail for each matching new project; 'daily': a notification at once " +
        "and one mail a day listing them; 'off': nothing",
    }),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  },
  {
    $id: 'SavedSearch',
    additionalProperties: false,
    description: 'A saved search with its alert setting',
    examples: [
      {
        id: '6f1c2a9e-3b7d-4c1e-9a2f-8d5e4b3c2a10',
        name: 'Kitchens in the Bahamas',
        filters: { q: 'kitchen', country: 'BS', category: null, budget: '5k-25k' },
        alerts: 'instant',
        createdAt: '2026-11-24T10:00:00.000Z',
        updatedAt: '2026-11-24T10:00:00.000Z',
      },
    ],
  },
);
export const SavedSearchRef = refTo(SavedSearchSchema);

export function toSavedSearchDto(s: SavedSearchSnapshot): Static<typeof SavedSearchSchema> {
  return {
    id: s.id,
    name: s.name,
    filters: {
      q: s.filters.q ?? null,
      country: s.filters.country ?? null,
      category: s.filters.category ?? null,
      budget: s.filters.budget ?? null,
    },
    alerts: s.alerts,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export const MARKETPLACE_SCHEMAS = [
  AttachmentSchema,
  OwnerSchema,
  SaveStateSchema,
  SavedSearchSchema,
  BidSchema,
  ProjectBidSchema,
  MyBidSchema,
  BidQuotaSchema,
  SubmittedBidSchema,
  ProjectSummarySchema,
  ProjectSchema,
  ProjectDataSchema,
  UserStatsSchema,
  ReviewSchema,
  ReceivedReviewSchema,
  BadgeSchema,
  UserBadgeSchema,
  AchievementsSchema,
  CatalogSchema,
  LandingSchema,
  AddendumSchema,
];
