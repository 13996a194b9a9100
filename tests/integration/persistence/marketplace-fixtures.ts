import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { MikroOrmUnitOfWork } from '#adapters/persistence/mikro-orm-unit-of-work.ts';
import { MikroOrmUserRepository } from '#adapters/persistence/mikro-orm-user-repository.ts';
import { Bid, type BidSnapshot } from '#domain/bid/bid.ts';
import { Project, type ProjectSnapshot } from '#domain/project/project.ts';
import { type Role, User, type UserSnapshot } from '#domain/user/user.ts';

/** Arrangers for the marketplace adapter tests: domain objects with uuids, stored through the adapters. */

export const T0 = new Date('2026-03-01T10:00:00.000Z');
export const minutes = (n: number, from = T0) => new Date(from.getTime() + n * 60_000);

function aUser(role: Role, overrides: Partial<UserSnapshot> = {}): User {
  const id = overrides.id ?? randomUUID();
  return User.restore({
    id,
    email: `${role}-${id}@example.com`,
    passwordHash: 'scrypt$salt$hash',
    firstName: 'Ann',
    lastName: 'Lee',
    profileImageUrl: null,
    role,
    country: 'BS',
    subscriptionTier: 'free',
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    ratingHundredths: 0,
    reviewCount: 0,
    emailNotifications: true,
    services: [],
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  });
}

export async function storeUser(
  orm: MikroORM,
  role: Role,
  overrides: Partial<UserSnapshot> = {},
): Promise<User> {
  const user = aUser(role, overrides);
  await new MikroOrmUserRepository(orm.em.fork()).add(user);
  return user;
}

/** A project in the bidding phase, every field set unless overridden. */
export function aProjectSnapshot(
  clientId: string,
  overrides: Partial<ProjectSnapshot> = {},
): ProjectSnapshot {
  return {
    id: randomUUID(),
    title: 'Kitchen renovation in Nassau',
    description: 'Full kitchen remodel with new cabinets, tiling and lighting.',
    projectType: 'residential',
    category: 'Construction',
    location: 'Nassau, New Providence, Bahamas',
    country: 'BS',
    island: 'New Providence',
    city: 'Nassau',
    budgetMinCents: 500_000,
    budgetMaxCents: 2_000_050,
    status: 'active',
    clientId,
    attachments: ['a1.pdf', 'b2.png'],
    tags: ['kitchen', 'Tiles, "fancy"'],
    services: ['cabinetry', 'tile'],
    servicePhases: ['interior'],
    projectStage: 'design_progress',
    contractorNeeds: ['labor_materials', 'site_visit'],
    phases: ['interiors'],
    generalContractor: true,
    deadline: new Date('2026-09-01T00:00:00.000Z'),
    bidDeadline: new Date('2026-04-01T12:30:00.123Z'),
    currentPhase: 'bidding',
    phaseStartDate: T0,
    acceptedBidId: null,
    awardedContractorId: null,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

export function aBidSnapshot(
  projectId: string,
  contractorId: string,
  overrides: Partial<BidSnapshot> = {},
): BidSnapshot {
  return {
    id: randomUUID(),
    projectId,
    contractorId,
    amountCents: 1_250_099,
    timeline: 30,
    proposal: 'We can start next week with a crew of four.',
    status: 'pending',
    createdAt: minutes(5),
    updatedAt: minutes(5),
    ...overrides,
  };
}

export async function storeProject(
  orm: MikroORM,
  clientId: string,
  overrides: Partial<ProjectSnapshot> = {},
): Promise<ProjectSnapshot> {
  const snapshot = aProjectSnapshot(clientId, overrides);
  await new MikroOrmUnitOfWork(orm.em).run((tx) => tx.projects.add(Project.restore(snapshot)));
  return snapshot;
}

export async function storeBid(
  orm: MikroORM,
  projectId: string,
  contractorId: string,
  overrides: Partial<BidSnapshot> = {},
): Promise<BidSnapshot> {
  const snapshot = aBidSnapshot(projectId, contractorId, overrides);
  await new MikroOrmUnitOfWork(orm.em).run((tx) => tx.bids.add(Bid.restore(snapshot)));
  return snapshot;
}

/** Whether the test database is the embedded PGlite (one transaction at a time). */
export async function isPglite(orm: MikroORM): Promise<boolean> {
  const rows: { version: string }[] = await orm.em.getConnection().execute('select version() as version');
  return rows[0]?.version.includes('PGlite') ?? false;
}
