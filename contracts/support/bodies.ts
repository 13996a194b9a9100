/**
 * The answers' shapes as the frontends read them, with Pact matchers: `like` (same type), `uuid`,
 * ISO date-times, `regex`. Values are examples; only what a frontend depends on is made exact by the
 * caller (`equal`). These are the consumers' own copies, written here on purpose: they must not follow
 * the API's document when it changes, or a breaking change would rewrite the contract instead of failing it.
 */
import { MatchersV3 } from '@pact-foundation/pact';

const { like, regex, uuid, integer, number, boolean, iso8601DateTimeWithMillis, eachLike } = MatchersV3;

const ISO = (example = '2026-03-01T12:00:00.000Z') => iso8601DateTimeWithMillis(example);
/** Money as decimal text: '18500.00'. */
const MONEY = (example: string) => regex('-?\\d+\\.\\d{2}', example);

type Overrides = Record<string, unknown>;

/** User: the header, the role, the country filter, the dashboard's greeting and the profile form. */
export function userBody(overrides: Overrides = {}) {
  return {
    id: uuid('5a2f3c1e-8b4d-4e6f-9a7b-1c2d3e4f5a6b'),
    email: like('ann@example.com'),
    firstName: like('Ann'),
    lastName: like('Example'),
    name: like('Ann Example'),
    profileImageUrl: null,
    role: like('client'),
    country: regex('[A-Z]{2}', 'US'),
    subscriptionTier: like('free'),
    rating: number(0),
    reviewCount: integer(0),
    emailNotifications: boolean(true),
    services: [],
    createdAt: ISO('2025-01-02T03:04:05.678Z'),
    updatedAt: ISO('2025-01-02T03:04:05.678Z'),
    ...overrides,
  };
}

/** A notification in the bell's list. */
export function notificationBody(overrides: Overrides = {}) {
  return {
    id: uuid('5b0f6a52-8d4c-4a53-9a0e-0e3c1f6a2b11'),
    userId: uuid('5a2f3c1e-8b4d-4e6f-9a7b-1c2d3e4f5a6b'),
    type: like('system'),
    title: like('Welcome'),
    message: like('Your account is ready.'),
    relatedEntityId: null,
    isRead: boolean(false),
    createdAt: ISO('2026-11-21T14:05:00.000Z'),
    ...overrides,
  };
}

/** A chat message. */
export function messageBody(overrides: Overrides = {}) {
  return {
    id: uuid('9f1e2d3c-4b5a-4c6d-8e7f-0a1b2c3d4e5f'),
    senderId: uuid('7e6d5c4b-3a29-4f18-9e07-d6c5b4a39281'),
    receiverId: uuid('5a2f3c1e-8b4d-4e6f-9a7b-1c2d3e4f5a6b'),
    projectId: null,
    type: like('text'),
    content: like('Can you start the week of December 7th?'),
    attachment: null,
    isRead: boolean(false),
    createdAt: ISO('2026-11-21T14:07:00.000Z'),
    ...overrides,
  };
}

/** The bid quota (dashboard card, bid dialog). */
export function bidQuotaBody(overrides: Overrides = {}) {
  return {
    tier: like('free'),
    limit: integer(3),
    bidsThisMonth: integer(0),
    remaining: integer(3),
    limitReached: boolean(false),
    resetsAt: ISO('2026-12-01T04:00:00.000Z'),
    ...overrides,
  };
}

/** The dashboard's stats. */
export function userStatsBody(overrides: Overrides = {}) {
  return {
    postedProjects: integer(0),
    activeProjects: integer(0),
    completedProjects: integer(0),
    rating: number(0),
    reviewCount: integer(0),
    activeBids: integer(0),
    wonProjects: integer(0),
    totalBids: integer(0),
    bidsThisMonth: integer(0),
    subscriptionTier: like('free'),
    bidQuota: bidQuotaBody(),
    ...overrides,
  };
}

/** Who posted a project, as cards and the detail page show it. */
function createdByBody() {
  return {
    id: uuid('5a2f3c1e-8b4d-4e6f-9a7b-1c2d3e4f5a6b'),
    firstName: like('Ann'),
    lastName: like('Example'),
  };
}

/**
 * A project as a list shows it (browse, My Projects). The example is an open project without bids
 * or files, as the provider states post it.
 */
export function projectSummaryBody(overrides: Overrides = {}) {
  return {
    id: uuid('9a4e2b7c-3d1f-4c8a-9e6b-2f5d7a1c0b33'),
    title: like('Re-roof a two-storey house'),
    description: like('Replace the shingle roof with standing-seam metal, hurricane-rated.'),
    projectType: like('general_contractor'),
    category: like('Construction'),
    location: like('Nassau, New Providence, Bahamas'),
    country: regex('[A-Z]{2}', 'BS'),
    island: like('New Providence'),
    city: like('Nassau'),
    budgetMin: MONEY('15000.00'),
    budgetMax: MONEY('25000.00'),
    status: like('active'),
    clientId: uuid('5a2f3c1e-8b4d-4e6f-9a7b-1c2d3e4f5a6b'),
    tags: eachLike('roofing'),
    services: eachLike('roofing'),
    servicePhases: eachLike('building_envelope'),
    projectStage: like('permit_approved'),
    contractorNeeds: eachLike('labor_materials'),
    phases: eachLike('envelope_roofing'),
    generalContractor: boolean(false),
    deadline: ISO('2027-06-30T03:59:59.999Z'),
    bidDeadline: ISO('2027-03-31T03:59:59.999Z'),
    currentPhase: like('bidding'),
    phaseStartDate: ISO(),
    acceptedBidId: null,
    awardedContractorId: null,
    createdAt: ISO(),
    updatedAt: ISO(),
    createdBy: createdByBody(),
    bidCount: integer(0),
    averageBid: null,
    attachments: [],
    ...overrides,
  };
}

/** One project (the detail page, the edit form): the summary plus whether it takes bids and the caller's bid. */
export function projectBody(overrides: Overrides = {}) {
  return {
    ...projectSummaryBody(),
    takingBids: boolean(true),
    myBid: null,
    review: null,
    // Decision 0221: hidden by the moderators (then only its owner and admins read it).
    hidden: boolean(false),
    ...overrides,
  };
}

/** A bid as the bidder and the owner read it. */
export function bidBody(overrides: Overrides = {}) {
  return {
    id: uuid('6d1f4f1e-2c55-4a2f-8d7c-1b1a9d0e5f21'),
    projectId: uuid('9a4e2b7c-3d1f-4c8a-9e6b-2f5d7a1c0b33'),
    contractorId: uuid('7e6d5c4b-3a29-4f18-9e07-d6c5b4a39281'),
    amount: MONEY('18500.00'),
    timeline: integer(45),
    proposal: like('Licensed crew of four; we can finish the roof in six weeks.'),
    status: like('pending'),
    createdAt: ISO('2026-03-02T14:05:00.000Z'),
    updatedAt: ISO('2026-03-02T14:05:00.000Z'),
    ...overrides,
  };
}

/** A bid in Received Bids, with the contractor the owner contacts. */
export function projectBidBody(overrides: Overrides = {}) {
  return bidBody({
    contractor: {
      id: uuid('7e6d5c4b-3a29-4f18-9e07-d6c5b4a39281'),
      firstName: like('Marcus'),
      lastName: like('Rolle'),
      profileImageUrl: null,
      rating: number(0),
      reviewCount: integer(0),
    },
    ...overrides,
  });
}

/** A bid in My Bids, with its project (and its owner, for 'Contact Owner'). */
export function myBidBody(overrides: Overrides = {}) {
  return bidBody({
    project: {
      id: uuid('9a4e2b7c-3d1f-4c8a-9e6b-2f5d7a1c0b33'),
      clientId: uuid('5a2f3c1e-8b4d-4e6f-9a7b-1c2d3e4f5a6b'),
      title: like('Re-roof a two-storey house'),
      location: like('Nassau, New Providence, Bahamas'),
      category: like('Construction'),
      tags: eachLike('roofing'),
    },
    ...overrides,
  });
}

/** A personal access token in the Developer page's list (decision 0211): never its secret. */
export function accessTokenBody(overrides: Overrides = {}) {
  return {
    id: uuid('9b2f6c1d-4e3a-4b5c-8d7e-1f2a3b4c5d6e'),
    name: like('Nightly bid report'),
    scopes: eachLike('projects:read'),
    hint: regex('[0-9A-Za-z]{4}', 'x7Qa'),
    status: like('active'),
    createdAt: ISO('2027-03-01T12:00:00.000Z'),
    expiresAt: ISO('2027-05-30T12:00:00.000Z'),
    lastUsedAt: null,
    lastUsedIp: null,
    revokedAt: null,
    ...overrides,
  };
}

/** A webhook endpoint in the Developer page's list (decision 0212): never its secret. */
export function webhookEndpointBody(overrides: Overrides = {}) {
  return {
    id: uuid('3c9e7a1f-5b2d-4e8a-9f6c-1d2b3a4c5e6f'),
    url: like('https://hooks.example.com/buildbid'),
    description: like('Bids into our CRM'),
    eventTypes: eachLike('bid.received'),
    savedSearchId: null,
    status: like('enabled'),
    disabledReason: null,
    disabledAt: null,
    failingSince: null,
    createdAt: ISO('2027-03-01T12:00:00.000Z'),
    updatedAt: ISO('2027-03-01T12:00:00.000Z'),
    ...overrides,
  };
}

/** A signing secret: `whsec_` and 256 random bits in base64url. */
export const WEBHOOK_SECRET = regex(
  'whsec_[A-Za-z0-9_-]{43}',
  'whsec_Qm9vbWVyYW5nLWJ1aWxkYmlkLXNpZ25pbmctc2VjcmV',
);

/** A delivery in an endpoint's log, after an attempt the receiver answered 200 (decision 0212). */
export function webhookDeliveryBody(overrides: Overrides = {}) {
  return {
    id: uuid('8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d'),
    endpointId: uuid('3c9e7a1f-5b2d-4e8a-9f6c-1d2b3a4c5e6f'),
    eventId: regex('evt_[0-9a-f]{32}', 'evt_9f86d081884c7d659a2feaa0c55ad015'),
    type: like('ping'),
    status: like('succeeded'),
    attempts: integer(1),
    nextAttemptAt: null,
    lastAttemptAt: ISO('2027-03-01T12:00:01.000Z'),
    responseStatus: integer(200),
    latencyMs: integer(12),
    responseBody: like('ok'),
    error: null,
    payload: like(
      '{"id":"evt_9f86d081884c7d659a2feaa0c55ad015","type":"ping","created":1772366400,"data":{}}',
    ),
    createdAt: ISO('2027-03-01T12:00:00.000Z'),
    updatedAt: ISO('2027-03-01T12:00:01.000Z'),
    ...overrides,
  };
}
