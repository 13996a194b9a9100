import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { MikroOrmUnitOfWork } from '#adapters/persistence/mikro-orm-unit-of-work.ts';
import { closeOrm, createOrm } from '#adapters/persistence/orm.ts';
import { UuidGenerator } from '#adapters/system/system.ts';
import { AcceptBid, SubmitBid } from '#application/bids/index.ts';
import type { EventPublisher } from '#application/shared/marketplace-ports.ts';
import type { Clock } from '#application/shared/ports.ts';
import { ConflictError, PermissionError } from '#domain/shared/errors.ts';
import type { DomainEvent } from '#domain/shared/events.ts';
import { DEFAULT_PLATFORM_TIME_ZONE } from '#domain/shared/time-zone.ts';
import type { User } from '#domain/user/user.ts';
import { isPglite, minutes, storeBid, storeProject, storeUser } from '../persistence/marketplace-fixtures.ts';
import { truncateAll } from '../support/database.ts';

/**
 * The real use cases on the real adapters, many at once. On PostgreSQL the row locks
 * (SELECT ... FOR UPDATE) decide; the embedded PGlite runs one transaction at a time, so there the
 * same tests pass without contention (they must still finish: nothing may wait on a second connection).
 */

const CONCURRENCY = 20;
const NOW = minutes(30);

class Recorder implements EventPublisher {
  readonly events: DomainEvent[] = [];
  async publish(events: readonly DomainEvent[]): Promise<void> {
    this.events.push(...events);
  }
}

const clock: Clock = { now: () => new Date(NOW) };
const settings = { timeZone: DEFAULT_PLATFORM_TIME_ZONE };

function outcomes(results: PromiseSettledResult<unknown>[]) {
  const rejected = results
    .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    .map((r) => r.reason);
  return { fulfilled: results.filter((r) => r.status === 'fulfilled').length, rejected };
}

describe('bids under concurrency (real use cases, real adapters)', () => {
  let orm: MikroORM;
  let uow: MikroOrmUnitOfWork;

  beforeAll(async () => {
    // Enough connections for every concurrent transaction to hold one while it waits for a row lock.
    orm = await createOrm({ clientUrl: inject('databaseUrl'), poolSize: CONCURRENCY + 2 });
    uow = new MikroOrmUnitOfWork(orm.em);
    console.info(`concurrency tests on ${(await isPglite(orm)) ? 'PGlite (serialised)' : 'PostgreSQL'}`);
  });
  afterAll(async () => {
    await closeOrm(orm);
  });
  beforeEach(async () => {
    await truncateAll(orm);
  });

  const submitBid = (events = new Recorder()) =>
    new SubmitBid({
      uow: new MikroOrmUnitOfWork(orm.em, { events }),
      ids: new UuidGenerator(),
      clock,
      settings,
    });
  const terms = { amount: 5000, timeline: 10, proposal: 'Ready to start.' };

  async function bidCount(where: string, params: unknown[]): Promise<number> {
    const rows: { n: string }[] = await orm.em
      .getConnection()
      .execute(`select count(*) as n from bids where ${where}`, params);
    return Number(rows[0]?.n);
  }

  it(`${CONCURRENCY} bids at once by one free contractor on ${CONCURRENCY} projects: exactly 3 succeed`, async () => {
    const owner = await storeUser(orm, 'client');
    const contractor: User = await storeUser(orm, 'contractor', { subscriptionTier: 'free' });
    const projects = [];
    for (let i = 0; i < CONCURRENCY; i++) projects.push(await storeProject(orm, owner.id));
    const events = new Recorder();

    const results = await Promise.allSettled(
      projects.map((project) => submitBid(events).execute(contractor, project.id, terms)),
    );

    const { fulfilled, rejected } = outcomes(results);
    expect(fulfilled).toBe(3);
    expect(rejected).toHaveLength(CONCURRENCY - 3);
    for (const reason of rejected) {
      expect(reason).toBeInstanceOf(PermissionError);
      expect(reason).toMatchObject({ code: 'BID_LIMIT_REACHED' });
    }
    expect(await bidCount('contractor_id = ?', [contractor.id])).toBe(3);
    expect(events.events.filter((e) => e.type === 'bid_submitted')).toHaveLength(3);
  });

  it('10 bids at once by one contractor on one project: exactly 1 succeeds, the rest get 409', async () => {
    const owner = await storeUser(orm, 'client');
    const contractor = await storeUser(orm, 'contractor', { subscriptionTier: 'pro' });
    const project = await storeProject(orm, owner.id);

    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => submitBid().execute(contractor, project.id, terms)),
    );

    const { fulfilled, rejected } = outcomes(results);
    expect(fulfilled).toBe(1);
    expect(rejected).toHaveLength(9);
    for (const reason of rejected) {
      expect(reason).toBeInstanceOf(ConflictError);
      expect(reason).toMatchObject({ code: 'BID_ALREADY_EXISTS', kind: 'conflict' });
    }
    expect(await bidCount('project_id = ?', [project.id])).toBe(1);
  });

  it('10 accepts of different bids on one project at once: exactly 1 accepted, every other bid rejected', async () => {
    const owner = await storeUser(orm, 'client');
    const project = await storeProject(orm, owner.id);
    const bids = [];
    for (let i = 0; i < 10; i++) {
      const contractor = await storeUser(orm, 'contractor');
      bids.push(await storeBid(orm, project.id, contractor.id, { createdAt: minutes(i) }));
    }
    const events = new Recorder();
    const accept = new AcceptBid({ uow: new MikroOrmUnitOfWork(orm.em, { events }), clock });

    const results = await Promise.allSettled(bids.map((bid) => accept.execute(owner, bid.id)));

    const { fulfilled, rejected } = outcomes(results);
    expect(fulfilled).toBe(1);
    expect(rejected).toHaveLength(9);
    for (const reason of rejected) {
      expect(reason).toBeInstanceOf(ConflictError);
      expect(reason).toMatchObject({ code: 'BID_NOT_PENDING' });
    }
    const statuses: { status: string; n: string }[] = await orm.em
      .getConnection()
      .execute(
        'select status, count(*) as n from bids where project_id = ? group by status order by status',
        [project.id],
      );
    expect(statuses.map((s) => [s.status, Number(s.n)])).toEqual([
      ['accepted', 1],
      ['rejected', 9],
    ]);
    const accepted = await uow.run((tx) => tx.bids.listByProject(project.id));
    const winner = accepted.find((b) => b.status === 'accepted');
    const stored = await uow.run((tx) => tx.projects.findById(project.id));
    expect(stored?.toSnapshot()).toMatchObject({
      currentPhase: 'awarded',
      acceptedBidId: winner?.id,
      awardedContractorId: winner?.contractorId,
    });
    expect(events.events.filter((e) => e.type === 'bid_accepted')).toHaveLength(1);
    expect(events.events.filter((e) => e.type === 'bid_rejected')).toHaveLength(9);
  });
});
