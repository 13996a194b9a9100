import { beforeEach, describe, expect, it } from 'vitest';
import { ReviewContractor } from '#application/reviews/index.ts';
import { GetPlatformStats, GetUserStats } from '#application/stats/index.ts';
import { ApplySubscriptionStatus } from '#application/subscription/index.ts';
import { Bid } from '#domain/bid/bid.ts';
import type { Project } from '#domain/project/project.ts';
import {
  aBid,
  aClient,
  aContractor,
  anAdmin,
  aProject,
  type Env,
  makeEnv,
  NOW,
} from '../../fakes/mothers.ts';

let env: Env;
const owner = aClient();

beforeEach(() => {
  env = makeEnv();
  env.db.addUser(owner);
});

function completedProject(id: string, contractorId = 'c1'): Project {
  const project = aProject({ id, owner });
  const bid = aBid({ id: `bid-${id}`, project, bidder: aContractor(contractorId) });
  project.acceptBid(owner, bid, [], NOW);
  for (const to of ['in_progress', 'review', 'completed']) project.movePhase(owner, to, NOW);
  env.db.addProject(project);
  env.db.addBid(bid);
  return project;
}

describe('ReviewContractor', () => {
  const review = () => new ReviewContractor({ uow: env.uow, ids: env.ids, clock: env.clock });

  it('stores the review, updates rating (2 decimals) and reviewCount, and publishes review_received', async () => {
    env.db.addUser(aContractor('c1'));
    const p1 = completedProject('p1');
    const p2 = completedProject('p2');
    const p3 = completedProject('p3');
    await review().execute(owner, p1.id, { rating: 5, comment: 'Excellent' });
    await review().execute(owner, p2.id, { rating: 4 });
    await review().execute(owner, p3.id, { rating: 5 });
    const contractor = env.db.user('c1');
    expect(contractor?.ratingHundredths).toBe(467);
    expect(contractor?.reviewCount).toBe(3);
    expect(env.events.types()).toEqual(['review_received', 'review_received', 'review_received']);
    expect(env.events.published[0]).toMatchObject({ recipientId: 'c1', rating: 5 });
  });

  it('allows one review per project (409) and changes nothing the second time', async () => {
    env.db.addUser(aContractor('c1'));
    const p1 = completedProject('p1');
    await review().execute(owner, p1.id, { rating: 5 });
    await expect(review().execute(owner, p1.id, { rating: 1 })).rejects.toMatchObject({
      code: 'REVIEW_ALREADY_EXISTS',
      kind: 'conflict',
    });
    expect(env.db.user('c1')?.ratingHundredths).toBe(500);
    expect(env.db.reviews.rows.size).toBe(1);
  });

  it('refuses projects that are not completed, other reviewers, unknown projects and vanished contractors', async () => {
    const open = aProject({ id: 'open', owner });
    env.db.addProject(open);
    await expect(review().execute(owner, open.id, { rating: 5 })).rejects.toMatchObject({
      code: 'PROJECT_NOT_COMPLETED',
    });
    const done = completedProject('done');
    await expect(review().execute(aClient('x'), done.id, { rating: 5 })).rejects.toMatchObject({
      code: 'NOT_PROJECT_OWNER',
    });
    await expect(review().execute(owner, 'nope', { rating: 5 })).rejects.toMatchObject({
      code: 'PROJECT_NOT_FOUND',
    });
    await expect(review().execute(owner, done.id, { rating: 5 })).rejects.toMatchObject({
      code: 'USER_NOT_FOUND',
    });
    expect(env.db.reviews.rows.size).toBe(0);
    expect(env.events.published).toEqual([]);
  });
});

describe('GetUserStats', () => {
  it('derives every figure from projects, bids and reviews', async () => {
    const contractor = aContractor('c1', { ratingHundredths: 450, reviewCount: 2 });
    env.db.addUser(contractor);
    completedProject('done', 'c1'); // c1 won it
    const active = aProject({ id: 'active', owner });
    env.db.addProject(active);
    env.db.addBid(aBid({ id: 'pending', project: active, bidder: contractor }));
    const lastMonth = aProject({ id: 'old', owner, now: new Date('2025-02-10T00:00:00Z') });
    env.db.addProject(lastMonth);
    env.db.addBid(
      Bid.restore({
        ...aBid({
          id: 'old-bid',
          project: lastMonth,
          bidder: contractor,
          now: new Date('2025-02-10T00:00:00Z'),
        }).toSnapshot(),
        status: 'rejected',
      }),
    );

    const stats = new GetUserStats({ stats: env.stats, clock: env.clock, settings: env.settings });
    expect(await stats.execute(contractor)).toEqual({
      postedProjects: 0,
      activeProjects: 0,
      completedProjects: 0,
      rating: 4.5,
      reviewCount: 2,
      activeBids: 1,
      wonProjects: 1,
      totalBids: 3,
      bidsThisMonth: 2,
      subscriptionTier: 'free',
      bidQuota: expect.objectContaining({
        bidsThisMonth: 2,
        remaining: 1,
        resetsAt: new Date('2025-04-01T04:00:00Z'),
      }),
    });
    expect(await stats.execute(owner)).toMatchObject({
      postedProjects: 3,
      activeProjects: 2,
      completedProjects: 1,
      totalBids: 0,
    });
  });

  it('gives admins the platform counts, and nobody else', async () => {
    env.db.addProject(aProject({ id: 'a', owner }));
    completedProject('b');
    const stats = new GetPlatformStats({ stats: env.stats });
    expect(await stats.execute(anAdmin())).toEqual({ activeProjects: 1, totalBids: 1 });
    await expect(stats.execute(owner)).rejects.toMatchObject({ code: 'ADMIN_ONLY', kind: 'forbidden' });
  });
});

describe('ApplySubscriptionStatus', () => {
  const apply = () => new ApplySubscriptionStatus({ uow: env.uow, clock: env.clock });

  it('makes the user pro while active or trialing, free otherwise', async () => {
    env.db.addUser(aContractor('c1'));
    await apply().execute({ userId: 'c1', subscriptionId: 'sub_1', status: 'trialing' });
    expect(env.db.user('c1')).toMatchObject({ subscriptionTier: 'pro', stripeSubscriptionId: 'sub_1' });
    await apply().execute({ userId: 'c1', subscriptionId: 'sub_1', status: 'past_due' });
    expect(env.db.user('c1')).toMatchObject({ subscriptionTier: 'free', stripeSubscriptionId: 'sub_1' });
    await apply().execute({ userId: 'c1', subscriptionId: 'sub_1', status: 'active' });
    expect(env.db.user('c1')?.subscriptionTier).toBe('pro');
    await apply().execute({ userId: 'c1', subscriptionId: 'sub_1', status: 'canceled' });
    expect(env.db.user('c1')).toMatchObject({ subscriptionTier: 'free', stripeSubscriptionId: null });
  });

  it('refuses unknown statuses and users', async () => {
    await expect(
      apply().execute({ userId: 'c1', subscriptionId: 's', status: 'gold' }),
    ).rejects.toMatchObject({
      code: 'UNKNOWN_SUBSCRIPTION_STATUS',
    });
    await expect(
      apply().execute({ userId: 'nobody', subscriptionId: 's', status: 'active' }),
    ).rejects.toMatchObject({
      code: 'USER_NOT_FOUND',
    });
  });
});
