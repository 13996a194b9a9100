import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedBadges } from '#adapters/persistence/mikro-orm-marketplace-repositories.ts';
import { MikroOrmUnitOfWork } from '#adapters/persistence/mikro-orm-unit-of-work.ts';
import { closeOrm } from '#adapters/persistence/orm.ts';
import { AchievementProgress, BADGES } from '#domain/achievement/achievement.ts';
import { Bid } from '#domain/bid/bid.ts';
import { Project } from '#domain/project/project.ts';
import { Review } from '#domain/review/review.ts';
import { ConflictError } from '#domain/shared/errors.ts';
import { openTestOrm, truncateAll } from '../support/database.ts';
import {
  aBidSnapshot,
  aProjectSnapshot,
  minutes,
  storeBid,
  storeProject,
  storeUser,
  T0,
} from './marketplace-fixtures.ts';

describe('marketplace repositories and MikroOrmUnitOfWork (PostgreSQL)', () => {
  let orm: MikroORM;
  let uow: MikroOrmUnitOfWork;

  beforeAll(async () => {
    orm = await openTestOrm();
    uow = new MikroOrmUnitOfWork(orm.em);
  });
  afterAll(async () => {
    await closeOrm(orm);
  });
  beforeEach(async () => {
    await truncateAll(orm);
  });

  const sql = <T extends object>(query: string, params: unknown[] = []) =>
    orm.em.getConnection().execute<T[]>(query, params);

  describe('projects', () => {
    it('round-trips every field through add, findById and lockForUpdate', async () => {
      const owner = await storeUser(orm, 'client');
      const contractor = await storeUser(orm, 'contractor');
      const snapshot = aProjectSnapshot(owner.id, {
        acceptedBidId: randomUUID(),
        awardedContractorId: contractor.id,
        currentPhase: 'awarded',
        updatedAt: minutes(3),
      });
      await uow.run((tx) => tx.projects.add(Project.restore(snapshot)));

      expect((await uow.run((tx) => tx.projects.findById(snapshot.id)))?.toSnapshot()).toEqual(snapshot);
      expect((await uow.run((tx) => tx.projects.lockForUpdate(snapshot.id)))?.toSnapshot()).toEqual(snapshot);
    });

    it('round-trips nulls and empty lists', async () => {
      const owner = await storeUser(orm, 'client');
      const snapshot = aProjectSnapshot(owner.id, {
        projectType: null,
        location: null,
        island: null,
        city: null,
        budgetMinCents: null,
        budgetMaxCents: null,
        attachments: [],
        tags: [],
        services: [],
        servicePhases: [],
        projectStage: null,
        contractorNeeds: [],
        phases: [],
        generalContractor: false,
        deadline: null,
        bidDeadline: null,
      });
      await uow.run((tx) => tx.projects.add(Project.restore(snapshot)));
      expect((await uow.run((tx) => tx.projects.findById(snapshot.id)))?.toSnapshot()).toEqual(snapshot);
    });

    it('stores money as numeric(10,2), lists as jsonb and files as objects', async () => {
      const owner = await storeUser(orm, 'client');
      const snapshot = await storeProject(orm, owner.id, {
        budgetMinCents: 500_000,
        budgetMaxCents: 9_999_999_999,
      });
      const [row] = await sql<{
        budget_min: string;
        budget_max: string;
        tags: unknown;
        attachments: unknown;
      }>('select budget_min::text, budget_max::text, tags, attachments from projects where id = ?', [
        snapshot.id,
      ]);
      expect(row).toEqual({
        budget_min: '5000.00',
        budget_max: '99999999.99',
        tags: snapshot.tags,
        attachments: [{ name: 'a1.pdf' }, { name: 'b2.png' }],
      });
    });

    it('save keeps the details of files still attached', async () => {
      const owner = await storeUser(orm, 'client');
      const snapshot = await storeProject(orm, owner.id, { attachments: ['a1.pdf', 'b2.png'] });
      await sql(
        `update projects set attachments = '[{"name":"a1.pdf","originalName":"plan.pdf","mimeType":"application/pdf","size":12}]'::jsonb where id = ?`,
        [snapshot.id],
      );
      await uow.run((tx) =>
        tx.projects.save(Project.restore({ ...snapshot, attachments: ['a1.pdf', 'c3.pdf'] })),
      );
      const [row] = await sql<{ attachments: unknown }>('select attachments from projects where id = ?', [
        snapshot.id,
      ]);
      expect(row?.attachments).toEqual([
        { name: 'a1.pdf', originalName: 'plan.pdf', mimeType: 'application/pdf', size: 12 },
        { name: 'c3.pdf' },
      ]);
    });

    it('save writes the changes; unknown and malformed ids read as null', async () => {
      const owner = await storeUser(orm, 'client');
      const snapshot = await storeProject(orm, owner.id);
      const changed = {
        ...snapshot,
        title: 'A new title',
        status: 'cancelled' as const,
        updatedAt: minutes(9),
      };
      await uow.run(async (tx) => {
        const loaded = await tx.projects.lockForUpdate(snapshot.id);
        expect(loaded).not.toBeNull();
        await tx.projects.save(Project.restore(changed));
      });
      expect((await uow.run((tx) => tx.projects.findById(snapshot.id)))?.toSnapshot()).toEqual(changed);
      expect(await uow.run((tx) => tx.projects.findById(randomUUID()))).toBeNull();
      expect(await uow.run((tx) => tx.projects.findById('project-1'))).toBeNull();
      expect(await uow.run((tx) => tx.projects.lockForUpdate('nope'))).toBeNull();
    });

    it('search_vector holds the English stems of the title (weight A) and description (B), generated by PostgreSQL', async () => {
      const owner = await storeUser(orm, 'client');
      const snapshot = await storeProject(orm, owner.id, {
        title: 'Roofing Repairs',
        description: 'Replace the SHINGLES quickly.',
      });
      const [row] = await sql<{ text: string }>(
        'select search_vector::text as text from projects where id = ?',
        [snapshot.id],
      );
      expect(row?.text).toBe("'quick':6B 'repair':2A 'replac':3B 'roof':1A 'shingl':5B");
    });

    it('delete removes bids first and clears message and review links, in one transaction', async () => {
      const owner = await storeUser(orm, 'client');
      const contractor = await storeUser(orm, 'contractor');
      const project = await storeProject(orm, owner.id);
      const other = await storeProject(orm, owner.id);
      await storeBid(orm, project.id, contractor.id);
      const kept = await storeBid(orm, other.id, contractor.id);
      const messageId = randomUUID();
      await sql(
        `insert into messages (id, sender_id, receiver_id, project_id, content, created_at) values (?, ?, ?, ?, 'hi', now())`,
        [messageId, contractor.id, owner.id, project.id],
      );
      const review = Review.restore({
        id: randomUUID(),
        projectId: project.id,
        reviewerId: owner.id,
        revieweeId: contractor.id,
        rating: 5,
        comment: null,
        createdAt: T0,
      });
      await uow.run((tx) => tx.reviews.add(review));

      await uow.run(async (tx) => {
        expect(await tx.projects.lockForUpdate(project.id)).not.toBeNull();
        await tx.bids.deleteByProject(project.id);
        await tx.messages.clearProject(project.id);
        await tx.reviews.clearProject(project.id);
        await tx.projects.delete(project.id);
      });

      expect(await uow.run((tx) => tx.projects.findById(project.id))).toBeNull();
      expect(await uow.run((tx) => tx.bids.listByProject(project.id))).toEqual([]);
      expect((await uow.run((tx) => tx.bids.findById(kept.id)))?.toSnapshot()).toEqual(kept);
      expect(await sql('select project_id from messages where id = ?', [messageId])).toEqual([
        { project_id: null },
      ]);
      expect(await sql('select project_id, rating from reviews where id = ?', [review.id])).toEqual([
        { project_id: null, rating: 5 },
      ]);
      expect(await uow.run((tx) => tx.reviews.summaryFor(contractor.id))).toEqual({ count: 1, total: 5 });
    });

    it('refuses to delete a project that still has bids (as the fake does)', async () => {
      const owner = await storeUser(orm, 'client');
      const contractor = await storeUser(orm, 'contractor');
      const project = await storeProject(orm, owner.id);
      await storeBid(orm, project.id, contractor.id);
      await expect(uow.run((tx) => tx.projects.delete(project.id))).rejects.toThrow(/foreign key/i);
      expect(await uow.run((tx) => tx.projects.findById(project.id))).not.toBeNull();
    });
  });

  describe('unit of work', () => {
    it('rolls back every write when the work throws, and rethrows', async () => {
      const owner = await storeUser(orm, 'client');
      const snapshot = aProjectSnapshot(owner.id);
      const failure = new Error('boom');
      await expect(
        uow.run(async (tx) => {
          await tx.projects.add(Project.restore(snapshot));
          expect(await tx.projects.findById(snapshot.id)).not.toBeNull();
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await uow.run((tx) => tx.projects.findById(snapshot.id))).toBeNull();
    });

    it('returns what the work returns, and sees its own writes', async () => {
      const owner = await storeUser(orm, 'client');
      const contractor = await storeUser(orm, 'contractor');
      const project = await storeProject(orm, owner.id);
      const count = await uow.run(async (tx) => {
        await tx.bids.add(Bid.restore(aBidSnapshot(project.id, contractor.id)));
        return tx.bids.countByContractorCreatedBetween(contractor.id, T0, minutes(60));
      });
      expect(count).toBe(1);
    });

    it('lockForUpdate on users reads the stored row', async () => {
      const contractor = await storeUser(orm, 'contractor', {
        subscriptionTier: 'pro',
        ratingHundredths: 450,
      });
      const locked = await uow.run((tx) => tx.users.lockForUpdate(contractor.id));
      expect(locked?.toSnapshot()).toEqual(contractor.toSnapshot());
      expect(await uow.run((tx) => tx.users.lockForUpdate(randomUUID()))).toBeNull();
      expect(await uow.run((tx) => tx.users.lockForUpdate('nope'))).toBeNull();
    });
  });

  describe('bids', () => {
    it('round-trips every field; finds by project and contractor; lists a project in order', async () => {
      const owner = await storeUser(orm, 'client');
      const a = await storeUser(orm, 'contractor');
      const b = await storeUser(orm, 'vendor');
      const project = await storeProject(orm, owner.id);
      const first = await storeBid(orm, project.id, a.id, { createdAt: minutes(1), amountCents: 1 });
      const second = await storeBid(orm, project.id, b.id, {
        createdAt: minutes(2),
        amountCents: 9_999_999_999,
        status: 'accepted',
        updatedAt: minutes(7),
      });

      expect((await uow.run((tx) => tx.bids.findById(first.id)))?.toSnapshot()).toEqual(first);
      expect(
        (await uow.run((tx) => tx.bids.findByProjectAndContractor(project.id, b.id)))?.toSnapshot(),
      ).toEqual(second);
      expect(await uow.run((tx) => tx.bids.findByProjectAndContractor(project.id, owner.id))).toBeNull();
      expect((await uow.run((tx) => tx.bids.listByProject(project.id))).map((x) => x.toSnapshot())).toEqual([
        first,
        second,
      ]);
      expect(await uow.run((tx) => tx.bids.findById('bid-1'))).toBeNull();
    });

    it('maps the (project, contractor) unique key to ConflictError BID_ALREADY_EXISTS and keeps the first', async () => {
      const owner = await storeUser(orm, 'client');
      const contractor = await storeUser(orm, 'contractor');
      const project = await storeProject(orm, owner.id);
      const first = await storeBid(orm, project.id, contractor.id);
      const error = await uow
        .run((tx) => tx.bids.add(Bid.restore(aBidSnapshot(project.id, contractor.id, { amountCents: 7 }))))
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConflictError);
      expect(error).toMatchObject({ code: 'BID_ALREADY_EXISTS', kind: 'conflict' });
      expect((await uow.run((tx) => tx.bids.listByProject(project.id))).map((x) => x.toSnapshot())).toEqual([
        first,
      ]);
    });

    it('does not map other failures to BID_ALREADY_EXISTS (duplicate id)', async () => {
      const owner = await storeUser(orm, 'client');
      const contractor = await storeUser(orm, 'contractor');
      const other = await storeUser(orm, 'contractor');
      const project = await storeProject(orm, owner.id);
      const first = await storeBid(orm, project.id, contractor.id);
      const error = await uow
        .run((tx) => tx.bids.add(Bid.restore(aBidSnapshot(project.id, other.id, { id: first.id }))))
        .catch((caught: unknown) => caught);
      expect(error).not.toBeInstanceOf(ConflictError);
      expect(error).toMatchObject({ code: '23505' });
    });

    it('counts a contractor’s bids created in [from, to)', async () => {
      const owner = await storeUser(orm, 'client');
      const contractor = await storeUser(orm, 'contractor');
      for (const at of [0, 10, 20, 30]) {
        const project = await storeProject(orm, owner.id);
        await storeBid(orm, project.id, contractor.id, { createdAt: minutes(at) });
      }
      const count = (from: number, to: number) =>
        uow.run((tx) => tx.bids.countByContractorCreatedBetween(contractor.id, minutes(from), minutes(to)));
      expect(await count(0, 30)).toBe(3);
      expect(await count(10, 11)).toBe(1);
      expect(await count(31, 90)).toBe(0);
      expect(await uow.run((tx) => tx.bids.countByContractorCreatedBetween(owner.id, T0, minutes(99)))).toBe(
        0,
      );
    });

    it('save writes status and terms', async () => {
      const owner = await storeUser(orm, 'client');
      const contractor = await storeUser(orm, 'contractor');
      const project = await storeProject(orm, owner.id);
      const bid = await storeBid(orm, project.id, contractor.id);
      const changed = {
        ...bid,
        status: 'accepted' as const,
        amountCents: 50,
        timeline: 3,
        updatedAt: minutes(50),
      };
      await uow.run((tx) => tx.bids.save(Bid.restore(changed)));
      expect((await uow.run((tx) => tx.bids.findById(bid.id)))?.toSnapshot()).toEqual(changed);
    });
  });

  describe('reviews', () => {
    it('round-trips, finds by project and reviewer, and sums the reviewee’s ratings', async () => {
      const owner = await storeUser(orm, 'client');
      const contractor = await storeUser(orm, 'contractor');
      const p1 = await storeProject(orm, owner.id);
      const p2 = await storeProject(orm, owner.id);
      const r1 = Review.restore({
        id: randomUUID(),
        projectId: p1.id,
        reviewerId: owner.id,
        revieweeId: contractor.id,
        rating: 4,
        comment: 'Tidy work',
        createdAt: T0,
      });
      const r2 = Review.restore({
        ...r1.toSnapshot(),
        id: randomUUID(),
        projectId: p2.id,
        rating: 5,
        comment: null,
      });
      await uow.run(async (tx) => {
        await tx.reviews.add(r1);
        await tx.reviews.add(r2);
        expect(await tx.reviews.summaryFor(contractor.id)).toEqual({ count: 2, total: 9 });
      });
      expect(
        (await uow.run((tx) => tx.reviews.findByProjectAndReviewer(p1.id, owner.id)))?.toSnapshot(),
      ).toEqual(r1.toSnapshot());
      expect(await uow.run((tx) => tx.reviews.findByProjectAndReviewer(p1.id, contractor.id))).toBeNull();
      expect(await uow.run((tx) => tx.reviews.summaryFor(owner.id))).toEqual({ count: 0, total: 0 });
    });

    it('maps the (project, reviewer) unique key to ConflictError REVIEW_ALREADY_EXISTS', async () => {
      const owner = await storeUser(orm, 'client');
      const contractor = await storeUser(orm, 'contractor');
      const project = await storeProject(orm, owner.id);
      const review = {
        id: randomUUID(),
        projectId: project.id,
        reviewerId: owner.id,
        revieweeId: contractor.id,
        rating: 3,
        comment: null,
        createdAt: T0,
      };
      await uow.run((tx) => tx.reviews.add(Review.restore(review)));
      const error = await uow
        .run((tx) => tx.reviews.add(Review.restore({ ...review, id: randomUUID() })))
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConflictError);
      expect(error).toMatchObject({ code: 'REVIEW_ALREADY_EXISTS' });
    });
  });

  describe('achievements and badges', () => {
    it('the migration seeded the domain catalogue, and seedBadges restores it idempotently', async () => {
      // truncateAll emptied the table: seed it again, twice.
      await seedBadges(orm.em.fork());
      await seedBadges(orm.em.fork());
      const rows = await sql<{
        id: string;
        name: string;
        points_required: number;
        category: string;
        tier: string;
      }>('select id, name, category, tier, points_required from badges order by points_required, id');
      expect(rows).toHaveLength(BADGES.length);
      expect(new Set(rows.map((r) => r.id))).toEqual(new Set(BADGES.map((b) => b.id)));
      for (const row of rows) {
        const badge = BADGES.find((b) => b.id === row.id);
        expect(row).toMatchObject({ name: badge?.name, points_required: badge?.pointsRequired });
      }
    });

    it('findByUser is null before any progress; save and findByUser round-trip; badges are inserted once', async () => {
      const user = await storeUser(orm, 'contractor');
      expect(await uow.run((tx) => tx.achievements.findByUser(user.id))).toBeNull();

      const progress = AchievementProgress.start(user.id, T0);
      const earned = progress.addPoints('quality', 30, minutes(1), randomUUID);
      expect(earned.map((e) => e.badgeId)).toEqual(['quality_bronze']);
      await uow.run((tx) => tx.achievements.save(progress));

      const loaded = await uow.run((tx) => tx.achievements.findByUser(user.id));
      expect(loaded?.toSnapshot()).toEqual(progress.toSnapshot());

      // More points: the rows are updated, the earned badge stays single.
      if (!loaded) throw new Error('no progress');
      loaded.addPoints('quality', 80, minutes(2), randomUUID);
      loaded.addPoints('speed', 5, minutes(2), randomUUID);
      await uow.run((tx) => tx.achievements.save(loaded));
      await uow.run((tx) => tx.achievements.save(loaded));
      const again = await uow.run((tx) => tx.achievements.findByUser(user.id));
      expect(again?.toSnapshot()).toEqual(loaded.toSnapshot());
      expect(again?.pointsIn('quality')).toBe(110);
      expect(again?.levelIn('quality')).toBe(2);
      expect(again?.toSnapshot().badges.map((b) => b.badgeId)).toEqual(['quality_bronze', 'quality_silver']);
      const rows = await sql<{ n: string }>('select count(*) as n from user_badges where user_id = ?', [
        user.id,
      ]);
      expect(Number(rows[0]?.n)).toBe(2);
    });
  });
});
