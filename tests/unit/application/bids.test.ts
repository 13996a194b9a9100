import { beforeEach, describe, expect, it } from 'vitest';
import { EditBid, GetBidQuota, ListMyBids, ListProjectBids, SubmitBid } from '#application/bids/index.ts';
import { Bid } from '#domain/bid/bid.ts';
import type { Project } from '#domain/project/project.ts';
import type { User } from '#domain/user/user.ts';
import {
  aBid,
  aClient,
  aContractor,
  anAdmin,
  aProject,
  bidDecider,
  DAY,
  type Env,
  makeEnv,
  NOW,
  validTerms,
} from '../../fakes/mothers.ts';

let env: Env;
const owner = aClient();

beforeEach(() => {
  env = makeEnv();
  env.db.addUser(owner);
});

const submit = () => new SubmitBid({ uow: env.uow, ids: env.ids, clock: env.clock, settings: env.settings });

function seedProject(id = 'p1'): Project {
  const project = aProject({ id, owner });
  env.db.addProject(project);
  return project;
}

function seedProjects(n: number): Project[] {
  return Array.from({ length: n }, (_, i) => {
    const project = aProject({ id: `p${i + 1}`, owner });
    env.db.addProject(project);
    return project;
  });
}

/** Stores a bid made at `at` by `bidder` on a fresh project. */
function seedPastBid(bidder: User, at: Date, id: string): void {
  const project = aProject({ id: `old-${id}`, owner, now: at });
  env.db.addProject(project);
  env.db.addBid(Bid.restore({ ...aBid({ id, project, bidder, now: at }).toSnapshot() }));
}

describe('SubmitBid', () => {
  it('records a pending bid, publishes BidSubmitted after commit and answers the quota', async () => {
    const contractor = aContractor();
    env.db.addUser(contractor);
    const project = seedProject();
    const { bid, quota } = await submit().execute(contractor, project.id, validTerms());
    expect(env.db.bid(bid.id)).toMatchObject({ status: 'pending', contractorId: contractor.id });
    expect(env.events.published).toEqual([
      expect.objectContaining({ type: 'bid_submitted', recipientId: owner.id }),
    ]);
    expect([...env.db.outbox.rows.values()]).toEqual(env.events.published);
    expect(quota).toMatchObject({
      bidsThisMonth: 1,
      remaining: 2,
      resetsAt: new Date('2025-04-01T04:00:00Z'),
    });
  });

  it('allows one bid per contractor per project (409)', async () => {
    const contractor = aContractor();
    env.db.addUser(contractor);
    const project = seedProject();
    await submit().execute(contractor, project.id, validTerms());
    await expect(submit().execute(contractor, project.id, validTerms())).rejects.toMatchObject({
      code: 'BID_ALREADY_EXISTS',
      kind: 'conflict',
    });
  });

  it('answers the one-bid conflict before the quota: a second bid at the limit is BID_ALREADY_EXISTS', async () => {
    const contractor = aContractor();
    env.db.addUser(contractor);
    const projects = seedProjects(3);
    for (const p of projects) await submit().execute(contractor, p.id, validTerms());
    await expect(submit().execute(contractor, 'p1', validTerms())).rejects.toMatchObject({
      code: 'BID_ALREADY_EXISTS',
    });
  });

  it('uses the role stored now, not the one the session saw', async () => {
    const stale = aContractor('c1');
    env.db.addUser(aClient('c1')); // switched to client meanwhile
    const project = seedProject();
    await expect(submit().execute(stale, project.id, validTerms())).rejects.toMatchObject({
      code: 'ROLE_CANNOT_BID',
    });
  });

  it('refuses clients, admins, and unknown users or projects', async () => {
    const project = seedProject();
    for (const u of [aClient('c2'), anAdmin()]) {
      env.db.addUser(u);
      await expect(submit().execute(u, project.id, validTerms())).rejects.toMatchObject({
        code: 'ROLE_CANNOT_BID',
      });
    }
    const contractor = aContractor();
    env.db.addUser(contractor);
    await expect(submit().execute(contractor, 'nope', validTerms())).rejects.toMatchObject({
      code: 'PROJECT_NOT_FOUND',
    });
    await expect(submit().execute(aContractor('ghost'), project.id, validTerms())).rejects.toMatchObject({
      code: 'USER_NOT_FOUND',
    });
    expect(env.events.published).toEqual([]);
  });

  it('blocks the 4th bid of the month on the free plan with BID_LIMIT_REACHED', async () => {
    const contractor = aContractor();
    env.db.addUser(contractor);
    const projects = seedProjects(4);
    for (const p of projects.slice(0, 3)) await submit().execute(contractor, p.id, validTerms());
    await expect(submit().execute(contractor, 'p4', validTerms())).rejects.toMatchObject({
      code: 'BID_LIMIT_REACHED',
      kind: 'forbidden',
      message: "You've reached your monthly limit of 3 bids on the free plan.",
    });
    expect(env.db.bids.rows.size).toBe(3);
  });

  it("counts only this calendar month in Nassau time: last month's bids do not count", async () => {
    const contractor = aContractor();
    env.db.addUser(contractor);
    // 1 March 2025 04:59 UTC is still 28 February in Nassau.
    for (const [i, at] of [
      '2025-02-10T12:00:00Z',
      '2025-02-20T12:00:00Z',
      '2025-03-01T04:59:00Z',
    ].entries()) {
      seedPastBid(contractor, new Date(at), `old-${i}`);
    }
    const project = seedProject();
    const { quota } = await submit().execute(contractor, project.id, validTerms());
    expect(quota.bidsThisMonth).toBe(1);
  });

  it('counts a bid made after local midnight on the 1st as this month', async () => {
    const contractor = aContractor();
    env.db.addUser(contractor);
    for (const [i, at] of [
      '2025-03-01T05:00:00Z',
      '2025-03-02T00:00:00Z',
      '2025-03-10T00:00:00Z',
    ].entries()) {
      seedPastBid(contractor, new Date(at), `m-${i}`);
    }
    const project = seedProject();
    await expect(submit().execute(contractor, project.id, validTerms())).rejects.toMatchObject({
      code: 'BID_LIMIT_REACHED',
    });
  });

  it('lets the count start again next month', async () => {
    const contractor = aContractor();
    env.db.addUser(contractor);
    for (let i = 0; i < 3; i++) seedPastBid(contractor, new Date(NOW.getTime() - i * 1000), `m-${i}`);
    env.clock.set('2025-04-01T04:00:00Z'); // midnight, 1 April in Nassau
    const project = seedProject();
    const { quota } = await submit().execute(contractor, project.id, validTerms());
    expect(quota.bidsThisMonth).toBe(1);
  });

  it('gives Pro unlimited bids, and a downgrade keeps the existing bids', async () => {
    const pro = aContractor('pro', { subscriptionTier: 'pro' });
    env.db.addUser(pro);
    const projects = seedProjects(6);
    for (const p of projects.slice(0, 5)) await submit().execute(pro, p.id, validTerms());
    expect(env.db.bids.rows.size).toBe(5);

    const downgraded = aContractor('pro', { subscriptionTier: 'free' });
    env.db.addUser(downgraded);
    await expect(submit().execute(downgraded, 'p6', validTerms())).rejects.toMatchObject({
      code: 'BID_LIMIT_REACHED',
    });
    expect(env.db.bids.rows.size).toBe(5);
    expect([...env.db.bids.rows.values()].every((b) => b.status === 'pending')).toBe(true);
  });

  it('two concurrent bids at 2 used: exactly one is recorded, the other hits the limit', async () => {
    const contractor = aContractor();
    env.db.addUser(contractor);
    seedPastBid(contractor, new Date(NOW.getTime() - DAY), 'a');
    seedPastBid(contractor, new Date(NOW.getTime() - DAY), 'b');
    const p1 = seedProject('p1');
    const p2 = seedProject('p2');
    const results = await Promise.allSettled([
      submit().execute(contractor, p1.id, validTerms()),
      submit().execute(contractor, p2.id, validTerms()),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'BID_LIMIT_REACHED' });
    expect([...env.db.bids.rows.values()].filter((b) => b.contractorId === contractor.id)).toHaveLength(3);
    expect(env.events.types()).toEqual(['bid_submitted']);
  });

  it('two concurrent bids on one project by one contractor: exactly one is recorded', async () => {
    const contractor = aContractor('pro', { subscriptionTier: 'pro' });
    env.db.addUser(contractor);
    const project = seedProject();
    const results = await Promise.allSettled([
      submit().execute(contractor, project.id, validTerms()),
      submit().execute(contractor, project.id, validTerms()),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(env.db.bids.rows.size).toBe(1);
  });
});

describe('EditBid', () => {
  it('edits the own pending bid and uses no quota, even at the limit', async () => {
    const contractor = aContractor();
    env.db.addUser(contractor);
    const projects = seedProjects(3);
    const bids = [];
    for (const p of projects) bids.push((await submit().execute(contractor, p.id, validTerms())).bid);
    const first = bids[0] as Bid;
    const edited = await new EditBid({ uow: env.uow, clock: env.clock }).execute(contractor, first.id, {
      amount: '8000.50',
    });
    expect(edited.amountCents).toBe(800_050);
    expect(env.db.bid(first.id)?.amountCents).toBe(800_050);
    expect(env.db.bids.rows.size).toBe(3);
  });

  it('refuses others, decided bids and unknown bids', async () => {
    const contractor = aContractor();
    env.db.addUser(contractor);
    const project = seedProject();
    const { bid } = await submit().execute(contractor, project.id, validTerms());
    const edit = new EditBid({ uow: env.uow, clock: env.clock });
    await expect(edit.execute(aContractor('c2'), bid.id, { amount: 1 })).rejects.toMatchObject({
      code: 'NOT_BID_OWNER',
    });
    await bidDecider(env).execute(owner, bid.id, 'rejected');
    await expect(edit.execute(contractor, bid.id, { amount: 1 })).rejects.toMatchObject({
      code: 'BID_NOT_PENDING',
    });
    await expect(edit.execute(contractor, 'nope', { amount: 1 })).rejects.toMatchObject({
      code: 'BID_NOT_FOUND',
    });
  });
});

describe('AcceptBid and DeclineBid', () => {
  function seed() {
    const project = seedProject();
    const bids = ['c1', 'c2', 'c3'].map((c, i) => {
      const bid = aBid({ id: `b${i + 1}`, project, bidder: aContractor(c) });
      env.db.addBid(bid);
      return bid;
    });
    return { project: project, bids };
  }
  const decide = () => bidDecider(env);

  it('accepting awards the project and stores every other pending bid as rejected; events after commit', async () => {
    const { project } = seed();
    const bid = await decide().execute(owner, 'b2', 'accepted');
    expect(bid.status).toBe('accepted');
    expect(env.db.project(project.id)).toMatchObject({
      currentPhase: 'awarded',
      acceptedBidId: 'b2',
      awardedContractorId: 'c2',
    });
    expect(env.db.bid('b1')?.status).toBe('rejected');
    expect(env.db.bid('b3')?.status).toBe('rejected');
    expect(
      env.events.published.filter((e) => e.type === 'bid_accepted' || e.type === 'bid_rejected'),
    ).toEqual([
      expect.objectContaining({ type: 'bid_accepted', recipientId: 'c2' }),
      expect.objectContaining({ type: 'bid_rejected', recipientId: 'c1', reason: 'another_bid_accepted' }),
      expect.objectContaining({ type: 'bid_rejected', recipientId: 'c3', reason: 'another_bid_accepted' }),
    ]);
  });

  it('writes the events it publishes into the outbox of its own transaction (decision 0142)', async () => {
    seed();
    await decide().execute(owner, 'b2', 'accepted');
    expect([...env.db.outbox.rows.values()]).toEqual(env.events.published);
    expect(env.events.published.map((e) => e.type)).toEqual([
      'bid_accepted',
      'bid_rejected',
      'bid_rejected',
      'project_phase_changed',
    ]);
  });

  it('a refused decision writes nothing to the outbox', async () => {
    seed();
    await expect(decide().execute(aContractor('c1'), 'b1', 'accepted')).rejects.toMatchObject({
      code: 'NOT_PROJECT_OWNER',
    });
    expect(env.db.outbox.rows.size).toBe(0);
  });

  it('declining rejects just that bid', async () => {
    seed();
    await decide().execute(owner, 'b1', 'rejected');
    expect(env.db.bid('b1')?.status).toBe('rejected');
    expect(env.db.bid('b2')?.status).toBe('pending');
    expect(env.events.published).toEqual([
      expect.objectContaining({ type: 'bid_rejected', recipientId: 'c1', reason: 'declined' }),
    ]);
  });

  it('refuses admins and non-owners, and leaves everything as it was', async () => {
    seed();
    await expect(decide().execute(anAdmin(), 'b1', 'accepted')).rejects.toMatchObject({
      code: 'ADMIN_CANNOT_DECIDE',
    });
    await expect(decide().execute(aContractor('c1'), 'b1', 'accepted')).rejects.toMatchObject({
      code: 'NOT_PROJECT_OWNER',
    });
    expect(env.db.bid('b1')?.status).toBe('pending');
    expect(env.events.published).toEqual([]);
  });

  it('refuses an unknown status, a decided bid and an unknown bid', async () => {
    seed();
    await expect(decide().execute(owner, 'b1', 'pending')).rejects.toMatchObject({
      code: 'INVALID_BID_STATUS',
    });
    await decide().execute(owner, 'b1', 'accepted');
    await expect(decide().execute(owner, 'b1', 'rejected')).rejects.toMatchObject({
      code: 'BID_NOT_PENDING',
    });
    await expect(decide().execute(owner, 'b2', 'accepted')).rejects.toMatchObject({
      code: 'BID_NOT_PENDING',
    });
    await expect(decide().execute(owner, 'nope', 'accepted')).rejects.toMatchObject({
      code: 'BID_NOT_FOUND',
    });
  });

  it('two concurrent acceptances on one project: exactly one wins', async () => {
    const { project } = seed();
    const results = await Promise.allSettled([
      decide().execute(owner, 'b1', 'accepted'),
      decide().execute(owner, 'b2', 'accepted'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect([...env.db.bids.rows.values()].filter((b) => b.status === 'accepted')).toHaveLength(1);
    expect(env.db.project(project.id)?.currentPhase).toBe('awarded');
  });
});

describe('listing bids', () => {
  function seed() {
    const project = seedProject();
    for (const c of ['c1', 'c2']) {
      env.db.addUser(aContractor(c));
      env.db.addBid(aBid({ id: `bid-${c}`, project, bidder: aContractor(c) }));
    }
    return project;
  }

  it('shows the owner and admins every bid with its contractor', async () => {
    const project = seed();
    const list = new ListProjectBids({ uow: env.uow, bids: env.bidQuery, hidden: env.hidden });
    expect(await list.execute(owner, project.id)).toHaveLength(2);
    const forAdmin = await list.execute(anAdmin(), project.id);
    expect(forAdmin).toHaveLength(2);
    expect(forAdmin[0]?.contractor).toMatchObject({ firstName: 'Ann', ratingHundredths: 0, reviewCount: 0 });
  });

  it('shows a bidder only their own bid, and other users none', async () => {
    const project = seed();
    const list = new ListProjectBids({ uow: env.uow, bids: env.bidQuery, hidden: env.hidden });
    expect((await list.execute(aContractor('c1'), project.id)).map((v) => v.bid.id)).toEqual(['bid-c1']);
    expect(await list.execute(aContractor('c9'), project.id)).toEqual([]);
    expect(await list.execute(aClient('other'), project.id)).toEqual([]);
    await expect(list.execute(owner, 'nope')).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });

  it('lists my bids with their projects', async () => {
    seed();
    const mine = await new ListMyBids({ bids: env.bidQuery, hidden: env.hidden }).execute(aContractor('c1'));
    expect(mine).toEqual([
      expect.objectContaining({
        bid: expect.objectContaining({ id: 'bid-c1' }),
        project: {
          id: 'p1',
          clientId: owner.id,
          title: 'Kitchen renovation',
          location: 'Nassau, New Providence, Bahamas',
          category: 'Construction',
          tags: ['kitchen'],
          budgetMinCents: expect.any(Number),
          budgetMaxCents: expect.any(Number),
          currentPhase: 'bidding',
          owner: {
            id: owner.id,
            firstName: owner.firstName,
            lastName: owner.lastName,
            ratingHundredths: 0,
            reviewCount: 0,
          },
        },
      }),
    ]);
  });
});

describe('GetBidQuota', () => {
  it('answers used, remaining and the reset date', async () => {
    const contractor = aContractor();
    seedPastBid(contractor, new Date(NOW.getTime() - 1000), 'x');
    seedPastBid(contractor, new Date('2025-02-01T12:00:00Z'), 'y');
    const quota = await new GetBidQuota({
      stats: env.stats,
      clock: env.clock,
      settings: env.settings,
    }).execute(contractor);
    expect(quota).toEqual({
      tier: 'free',
      limit: 3,
      bidsThisMonth: 1,
      remaining: 2,
      limitReached: false,
      resetsAt: new Date('2025-04-01T04:00:00Z'),
    });
  });
});
