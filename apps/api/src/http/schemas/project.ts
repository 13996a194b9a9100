import { type Static, Type } from 'typebox';
import type { ProjectDetails } from '#application/projects/index.ts';
import type { ProjectView } from '#application/projects/ports.ts';
import type { StoredFile } from '#application/shared/marketplace-ports.ts';
import type { BidSnapshot } from '#domain/bid/bid.ts';
import { PROJECT_PHASES, PROJECT_STATUSES } from '#domain/project/phase.ts';
import { centsToDecimal } from '#domain/shared/money.ts';
import { BidRef, toBidDto } from './bid.ts';
import {
  ATTACHMENT_EXAMPLE,
  AttachmentSchema,
  dateTime,
  iso,
  money,
  nullable,
  OWNER_EXAMPLE,
  OwnerRef,
  refTo,
  toAttachmentDto,
  toOwnerDto,
  uuid,
} from './common.ts';

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

export const PROJECT_EXAMPLE = {
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
  createdBy: OWNER_EXAMPLE,
  bidCount: 1,
  viewCount: 12,
  saveCount: 3,
  averageBid: '18500.00',
  attachments: [ATTACHMENT_EXAMPLE],
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
    hidden: Type.Boolean({
      description:
        "Hidden by BuildBid's moderators (decision 0221): only its owner and admins read it; to anyone else it is 404",
    }),
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
        hidden: false,
        review: null,
      },
    ],
  },
);
export type ProjectDto = Static<typeof ProjectSchema>;
export const ProjectRef = refTo(ProjectSchema);

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
    hidden: details.hidden,
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

/** The fields of PROJECT_EXAMPLE the post form sends as the project shows them, in the form's order. */
const FORM_FIELDS_AS_SHOWN = [
  'title',
  'description',
  'projectStage',
  'contractorNeeds',
  'phases',
  'generalContractor',
  'services',
  'servicePhases',
  'projectType',
  'category',
  'country',
  'island',
  'city',
] as const;

/** PROJECT_EXAMPLE as the post form sends it: the same texts and choices, the budget as numbers, a day. */
const PROJECT_DATA_EXAMPLE = {
  ...Object.fromEntries(FORM_FIELDS_AS_SHOWN.map((key) => [key, PROJECT_EXAMPLE[key]])),
  budgetMin: 15000,
  budgetMax: 25000,
  bidDeadline: '2026-03-31',
  deadline: null,
  tags: PROJECT_EXAMPLE.tags,
};

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
    examples: [PROJECT_DATA_EXAMPLE],
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
