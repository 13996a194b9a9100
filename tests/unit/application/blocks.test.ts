import { beforeEach, describe, expect, it } from 'vitest';
import { DeclineBid, SubmitBid } from '#application/bids/index.ts';
import { BlockUser, UnblockUser } from '#application/safety/index.ts';
import { Bid } from '#domain/bid/bid.ts';
import {
  aBid,
  aClient,
  aContractor,
  anAdmin,
  aProject,
  type Env,
  makeEnv,
  validTerms,
} from '../../fakes/mothers.ts';

let env: Env;
const owner = aClient('owner');
const other = aClient('other-owner');
const contractor = aContractor('contractor');

beforeEach(() => {
  env = makeEnv();
  for (const user of [owner, other, contractor]) env.db.addUser(user);
});

const block = () => new BlockUser({ uow: env.uow, clock: env.clock });
const unblock = () => new UnblockUser({ uow: env.uow });
const submit = () => new SubmitBid({ uow: env.uow, ids: env.ids, clock: env.clock, settings: env.settings });

/** Decision 0220: BlockUser and UnblockUser, and what a block does to bids (issue 27 item 4). */
describe('BlockUser', () => {
  it("declines the blocked contractor's pending bids on the blocker's projects, in the same commit, as any decline", async () => {
    const mine = aProject({ id: 'p1', owner });
    const mineToo = aProject({ id: 'p2', owner });
    const theirs = aProject({ id: 'p3', owner: other });
    for (const p of [mine, mineToo, theirs]) env.db.addProject(p);
    env.db.addBid(aBid({ id: 'b1', project: mine, bidder: contractor }));
    env.db.addBid(aBid({ id: 'b3', project: theirs, bidder: contractor }));
    const decided = aBid({ id: 'b2', project: mineToo, bidder: contractor });
    decided.reject(env.clock.now(), mineToo.title, 'declined');
    env.db.addBid(Bid.restore(decided.toSnapshot()));
    const commits = env.db.commits;

    await block().execute(owner, 'contractor');

    expect(env.db.commits).toBe(commits + 1);
    expect([...env.db.blocks.rows.values()]).toEqual([
      { blockerId: 'owner', blockedId: 'contractor', createdAt: env.clock.now() },
    ]);
    expect(env.db.bid('b1')?.status).toBe('rejected');
    expect(env.db.bid('b3')?.status).toBe('pending');
    // The contractor hears 'declined', as of any decline; nothing names the block.
    expect(env.events.published).toEqual([
      expect.objectContaining({
        type: 'bid_rejected',
        bidId: 'b1',
        recipientId: 'contractor',
        reason: 'declined',
      }),
    ]);
  });

  it('changes nothing when the person is blocked already (idempotent)', async () => {
    await block().execute(owner, 'contractor');
    const published = env.events.published.length;
    await block().execute(owner, 'contractor');
    expect(env.db.blocks.rows.size).toBe(1);
    expect(env.events.published.length).toBe(published);
  });

  it('answers 404 USER_NOT_FOUND for an unknown or deleted account, 400 for yourself, 403 for admins', async () => {
    await expect(block().execute(owner, 'nobody')).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
    const gone = aContractor('gone');
    gone.erase(env.clock.now());
    env.db.addUser(gone);
    await expect(block().execute(owner, 'gone')).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
    await expect(block().execute(owner, 'owner')).rejects.toMatchObject({ code: 'CANNOT_BLOCK_SELF' });
    env.db.addUser(anAdmin('admin'));
    await expect(block().execute(owner, 'admin')).rejects.toMatchObject({ code: 'CANNOT_BLOCK_ADMIN' });
    await expect(block().execute(anAdmin('admin'), 'owner')).rejects.toMatchObject({
      code: 'ADMIN_CANNOT_BLOCK',
    });
    expect(env.db.blocks.rows.size).toBe(0);
  });

  it('leaves the blocker’s own pending bids alone when a contractor blocks an owner', async () => {
    const project = aProject({ id: 'p1', owner });
    env.db.addProject(project);
    env.db.addBid(aBid({ id: 'b1', project, bidder: contractor }));
    await block().execute(contractor, 'owner');
    expect(env.db.bid('b1')?.status).toBe('pending');
    expect(env.events.published).toEqual([]);
  });
});

describe('bidding and blocks', () => {
  it("refuses the blocked contractor's bid as a project not taking bids, and takes it again after Unblock", async () => {
    const project = aProject({ id: 'p1', owner });
    env.db.addProject(project);
    await block().execute(owner, 'contractor');

    await expect(submit().execute(contractor, 'p1', validTerms())).rejects.toMatchObject({
      code: 'PROJECT_NOT_BIDDING',
      message: 'This project is not accepting bids',
    });
    await unblock().execute(owner, 'contractor');
    expect(env.db.blocks.rows.size).toBe(0);
    const { bid } = await submit().execute(contractor, 'p1', validTerms());
    expect(bid.status).toBe('pending');
  });

  it('keeps a declined bid declined after Unblock; the owner cannot decide on it again', async () => {
    const project = aProject({ id: 'p1', owner });
    env.db.addProject(project);
    env.db.addBid(aBid({ id: 'b1', project, bidder: contractor }));
    await block().execute(owner, 'contractor');
    await unblock().execute(owner, 'contractor');
    expect(env.db.bid('b1')?.status).toBe('rejected');
    await expect(
      new DeclineBid({ uow: env.uow, clock: env.clock }).execute(owner, 'b1'),
    ).rejects.toMatchObject({
      code: 'BID_NOT_PENDING',
    });
  });

  it('unblocking someone not blocked is a success that changes nothing', async () => {
    await expect(unblock().execute(owner, 'contractor')).resolves.toBeUndefined();
  });
});
