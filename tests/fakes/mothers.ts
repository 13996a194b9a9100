/** Object mothers: valid domain objects with sensible defaults, changed only where a test cares. */

import { AcceptBid, bidDecisionOf, DeclineBid } from '../../application/bids/index.ts';
import type { UnitOfWork } from '../../application/shared/marketplace-ports.ts';
import type { Clock } from '../../application/shared/ports.ts';
import { Bid, type BidTerms } from '../../domain/bid/bid.ts';
import type { UploadedFile } from '../../domain/project/files.ts';
import { Project, type ProjectDetailsInput } from '../../domain/project/project.ts';
import { DEFAULT_PLATFORM_TIME_ZONE } from '../../domain/shared/time-zone.ts';
import { type Role, type SubscriptionTier, User, type UserSnapshot } from '../../domain/user/user.ts';
import {
  FakeClock,
  FakeFileStorage,
  InMemoryBidQuery,
  InMemoryDatabase,
  InMemoryHiddenContent,
  InMemoryProjectQuery,
  InMemorySearchVocabulary,
  InMemoryStatsQuery,
  InMemorySuspensionQuery,
  InMemoryUnitOfWork,
  RecordingPublisher,
  SequentialIds,
} from './in-memory.ts';

export const NOW = new Date('2025-03-15T12:00:00Z');
export const DAY = 24 * 60 * 60 * 1000;

export function aUser(overrides: Partial<UserSnapshot> & { id?: string; role?: Role } = {}): User {
  const id = overrides.id ?? 'user-1';
  return User.restore({
    id,
    email: `${id}@example.com`,
    passwordHash: 'hash',
    firstName: 'Ann',
    lastName: 'Lee',
    profileImageUrl: null,
    role: 'client',
    country: 'BS',
    subscriptionTier: 'free' satisfies SubscriptionTier,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    ratingHundredths: 0,
    reviewCount: 0,
    emailNotifications: true,
    services: [],
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  });
}

export const aClient = (id = 'client-1', o: Partial<UserSnapshot> = {}) =>
  aUser({ id, role: 'client', ...o });
export const aContractor = (id = 'contractor-1', o: Partial<UserSnapshot> = {}) =>
  aUser({ id, role: 'contractor', ...o });
export const aVendor = (id = 'vendor-1') => aUser({ id, role: 'vendor' });
export const anAdmin = (id = 'admin-1') => aUser({ id, role: 'admin' });

export function validProjectInput(overrides: ProjectDetailsInput = {}): ProjectDetailsInput {
  return {
    title: 'Kitchen renovation',
    description: 'Full kitchen remodel with new cabinets and tiling.',
    projectStage: 'design_progress',
    contractorNeeds: ['labor_materials'],
    phases: ['interiors'],
    country: 'BS',
    island: 'New Providence',
    city: 'Nassau',
    budgetMin: 5000,
    budgetMax: 20000,
    services: ['cabinetry', 'tile'],
    tags: ['kitchen'],
    ...overrides,
  };
}

export function aFile(overrides: Partial<UploadedFile> = {}): UploadedFile {
  return {
    name: 'stored-plan.pdf',
    originalName: 'plan.pdf',
    mimeType: 'application/pdf',
    size: 1024,
    ...overrides,
  };
}

export function files(n: number): UploadedFile[] {
  return Array.from({ length: n }, (_, i) =>
    aFile({ name: `stored-${i + 1}.pdf`, originalName: `doc-${i + 1}.pdf` }),
  );
}

export function aProject(
  options: { id?: string; owner?: User; now?: Date; files?: UploadedFile[] } & ProjectDetailsInput = {},
): Project {
  const { id = 'project-1', owner = aClient(), now = NOW, files: fs = [], ...details } = options;
  return Project.post({ ...validProjectInput(details), id, owner, files: fs, now }).project;
}

export const validTerms = (o: Partial<BidTerms> = {}): BidTerms => ({
  amount: 12500,
  timeline: 30,
  proposal: 'We can start next week with a crew of four.',
  ...o,
});

export function aBid(
  options: { id?: string; project?: Project; bidder?: User; now?: Date; terms?: Partial<BidTerms> } = {},
): Bid {
  const { id = 'bid-1', project = aProject(), bidder = aContractor(), now = NOW, terms = {} } = options;
  return Bid.submit({ id, project, bidder, terms: validTerms(terms), now }).bid;
}

/** A wired set of fakes for the application tests. */
export function makeEnv(now: Date | string = NOW) {
  const db = new InMemoryDatabase();
  const events = new RecordingPublisher();
  const uow = new InMemoryUnitOfWork(db, events);
  const clock = new FakeClock(now);
  const ids = new SequentialIds();
  const storage = new FakeFileStorage();
  const projectQuery = new InMemoryProjectQuery(db);
  const suspensions = new InMemorySuspensionQuery(db);
  const vocabulary = new InMemorySearchVocabulary(db);
  const bidQuery = new InMemoryBidQuery(db);
  const stats = new InMemoryStatsQuery(db);
  const settings = { timeZone: DEFAULT_PLATFORM_TIME_ZONE };
  const hidden = new InMemoryHiddenContent(db);
  return {
    db,
    uow,
    clock,
    ids,
    events,
    storage,
    projectQuery,
    vocabulary,
    bidQuery,
    stats,
    settings,
    suspensions,
    hidden,
  };
}
export type Env = ReturnType<typeof makeEnv>;

/**
 * AcceptBid or DeclineBid, picked by the status PATCH /api/bids/{id}/status carries (as the route does:
 * anything but 'accepted' or 'rejected' is 400 INVALID_BID_STATUS).
 */
export function bidDecider(deps: { uow: UnitOfWork; clock: Clock }) {
  const accept = new AcceptBid(deps);
  const decline = new DeclineBid(deps);
  return {
    async execute(actor: User, bidId: string, status: string) {
      return bidDecisionOf(status) === 'accepted'
        ? accept.execute(actor, bidId)
        : decline.execute(actor, bidId);
    },
  };
}
