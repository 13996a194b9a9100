import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BLOCK_CHANGES_PER_MINUTE } from '#domain/safety/block.ts';
import { truncateAll } from '../support/database.ts';
import {
  bidOn,
  buildMarketplaceApp,
  type Caller,
  createProject,
  get,
  type MarketplaceApp,
  makePro,
  placeBid,
  send,
  signUp,
  UNKNOWN_ID,
} from './marketplace-support.ts';

/**
 * Blocking a person on PostgreSQL (issue 27 item 4, decision 0220): block, unblock and the list; messages
 * refused both ways; bids refused and pending ones declined; and silence: the blocked person learns nothing
 * beyond 'You cannot message this person'.
 */
let t: MarketplaceApp;
let ann: Caller;
let bob: Caller;
let eve: Caller;

beforeAll(async () => {
  t = await buildMarketplaceApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await truncateAll(t.composition.orm);
  t.clearUploads();
  ann = await signUp(t, 'client', { firstName: 'Ann', lastName: 'Owner' });
  bob = await signUp(t, 'contractor', { firstName: 'Bob', lastName: 'Builder' });
  eve = await signUp(t, 'contractor', { firstName: 'Eve', lastName: 'Other' });
  await makePro(t, bob.id);
});

const block = (by: Caller, whom: string) => send(t, 'PUT', `/api/users/me/blocks/${whom}`, by.cookie);
const unblock = (by: Caller, whom: string) => send(t, 'DELETE', `/api/users/me/blocks/${whom}`, by.cookie);
const blocksOf = async (caller: Caller) => {
  const res = await get(t, '/api/users/me/blocks', caller.cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as Array<Record<string, unknown>>;
};
const message = (from: Caller, to: Caller, content = 'Hello there.') =>
  send(t, 'POST', '/api/messages', from.cookie, { receiverId: to.id, projectId: null, content });
const status = async (caller: Caller, other: Caller) =>
  (await get(t, `/api/messages/status?otherUserId=${other.id}`, caller.cookie)).json();
const bidStatus = async (caller: Caller, bidId: string) => {
  const mine = (await get(t, '/api/users/me/bids', caller.cookie)).json() as Array<{
    id: string;
    status: string;
  }>;
  return mine.find((b) => b.id === bidId)?.status;
};
async function notificationsOf(caller: Caller, count: number) {
  for (let i = 0; i < 50; i++) {
    const list = (await get(t, '/api/notifications', caller.cookie)).json() as Array<Record<string, unknown>>;
    if (list.length >= count) return list;
    await new Promise((r) => setTimeout(r, 20));
  }
  return (await get(t, '/api/notifications', caller.cookie)).json() as Array<Record<string, unknown>>;
}

describe('PUT /api/users/me/blocks/{userId}', () => {
  it('blocks: 204, listed newest first with name and date; blocking again changes nothing', async () => {
    expect((await block(ann, bob.id)).statusCode).toBe(204);
    expect((await block(ann, eve.id)).statusCode).toBe(204);
    expect((await block(ann, bob.id)).statusCode).toBe(204);
    const list = await blocksOf(ann);
    expect(list).toMatchObject([
      { id: eve.id, firstName: 'Eve', lastName: 'Other', profileImageUrl: null, deleted: false },
      { id: bob.id, firstName: 'Bob', lastName: 'Builder', deleted: false },
    ]);
    expect(Date.parse(String(list[1]?.blockedAt))).toBeGreaterThan(0);
    // Only one's own blocks: the blocked never see who blocked them.
    expect(await blocksOf(bob)).toEqual([]);
  });

  it('refuses yourself (400), an admin either way (403), an unknown or deleted user (404), a bad id (400)', async () => {
    const admin = await signUp(t, 'admin');
    expect((await block(ann, ann.id)).json()).toMatchObject({ code: 'CANNOT_BLOCK_SELF', field: 'userId' });
    expect((await block(ann, ann.id)).statusCode).toBe(400);
    const toAdmin = await block(ann, admin.id);
    expect([toAdmin.statusCode, toAdmin.json().code]).toEqual([403, 'CANNOT_BLOCK_ADMIN']);
    const byAdmin = await block(admin, ann.id);
    expect([byAdmin.statusCode, byAdmin.json().code]).toEqual([403, 'ADMIN_CANNOT_BLOCK']);
    const unknown = await block(ann, UNKNOWN_ID);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'USER_NOT_FOUND']);
    expect((await block(ann, 'not-a-uuid')).statusCode).toBe(400);
    const gone = await signUp(t, 'contractor');
    const deleted = await send(t, 'POST', '/api/users/me/delete', gone.cookie, { password: 'secret12' });
    expect(deleted.statusCode).toBe(204);
    expect((await block(ann, gone.id)).statusCode).toBe(404);
    expect(await blocksOf(ann)).toEqual([]);
    expect((await block({ ...ann, cookie: '' }, bob.id)).statusCode).toBe(401);
  });
});

describe('block and unblock limits', () => {
  it(`answer 429 RATE_LIMITED past ${BLOCK_CHANGES_PER_MINUTE} blocks a minute, per user`, async () => {
    for (let i = 0; i < BLOCK_CHANGES_PER_MINUTE; i++)
      expect((await block(ann, bob.id)).statusCode).toBe(204);
    const refused = await block(ann, eve.id);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(await blocksOf(ann)).toHaveLength(1);
    // Someone else's count is their own.
    expect((await block(eve, bob.id)).statusCode).toBe(204);
  });
});

describe('messages with a block', () => {
  it("are refused both ways (403 CANNOT_MESSAGE_USER); the blocked one reads only 'You cannot message this person'", async () => {
    expect((await message(bob, ann)).statusCode).toBe(201);
    await block(ann, bob.id);

    const fromBlocked = await message(bob, ann);
    expect(fromBlocked.statusCode).toBe(403);
    expect(fromBlocked.json()).toEqual({
      code: 'CANNOT_MESSAGE_USER',
      message: 'You cannot message this person',
      field: 'receiverId',
    });
    const fromBlocker = await message(ann, bob);
    expect(fromBlocker.statusCode).toBe(403);
    expect(fromBlocker.json()).toMatchObject({
      code: 'CANNOT_MESSAGE_USER',
      message: 'You blocked this person. Unblock them in your profile to message them.',
    });
    // Nothing was stored; the history stays readable to both.
    const history = (await get(t, `/api/messages?otherUserId=${ann.id}`, bob.cookie)).json();
    expect(history).toHaveLength(1);
    // Others are not affected.
    expect((await message(eve, ann)).statusCode).toBe(201);
    expect((await message(bob, eve)).statusCode).toBe(201);
  });

  it('close the conversation status: the blocked one reads the neutral line, the blocker their own block', async () => {
    expect(await status(bob, ann)).toEqual({
      otherUserId: ann.id,
      closed: false,
      closedReason: null,
      blockedByMe: false,
    });
    await block(ann, bob.id);
    expect(await status(bob, ann)).toEqual({
      otherUserId: ann.id,
      closed: true,
      closedReason: 'You cannot message this person',
      blockedByMe: false,
    });
    expect(await status(ann, bob)).toEqual({
      otherUserId: bob.id,
      closed: true,
      closedReason: 'You blocked this person. Unblock them in your profile to message them.',
      blockedByMe: true,
    });
  });

  it('flow again after Unblock (204), and unblocking again or someone never blocked is 204 too', async () => {
    await block(ann, bob.id);
    expect((await unblock(ann, bob.id)).statusCode).toBe(204);
    expect((await unblock(ann, bob.id)).statusCode).toBe(204);
    expect((await unblock(ann, UNKNOWN_ID)).statusCode).toBe(204);
    expect(await blocksOf(ann)).toEqual([]);
    expect((await message(bob, ann)).statusCode).toBe(201);
    expect((await message(ann, bob)).statusCode).toBe(201);
    expect((await status(bob, ann)).closed).toBe(false);
  });

  it('stay refused while the blocked person blocks back, until both unblock', async () => {
    await block(ann, bob.id);
    expect((await block(bob, ann.id)).statusCode).toBe(204);
    await unblock(ann, bob.id);
    expect((await message(ann, bob)).json()).toMatchObject({
      code: 'CANNOT_MESSAGE_USER',
      message: 'You cannot message this person',
    });
    await unblock(bob, ann.id);
    expect((await message(ann, bob)).statusCode).toBe(201);
  });
});

describe('bids with a block', () => {
  it("decline the blocked contractor's pending bids on the blocker's projects, telling them as any decline", async () => {
    const mine = await createProject(t, ann.cookie, { title: 'Kitchen remodel in Nassau' });
    const other = await signUp(t, 'client');
    const theirs = await createProject(t, other.cookie);
    const onMine = await placeBid(t, bob.cookie, mine);
    const onTheirs = await placeBid(t, bob.cookie, theirs);
    const byEve = await placeBid(t, eve.cookie, mine);

    expect((await block(ann, bob.id)).statusCode).toBe(204);

    expect(await bidStatus(bob, onMine)).toBe('rejected');
    expect(await bidStatus(bob, onTheirs)).toBe('pending');
    expect(await bidStatus(eve, byEve)).toBe('pending');
    const [note] = await notificationsOf(bob, 1);
    expect(note).toMatchObject({
      type: 'bid_rejected',
      title: 'Your bid was not accepted',
      message: 'Your bid on “Kitchen remodel in Nassau” was declined.',
    });
    expect(JSON.stringify(await notificationsOf(bob, 1))).not.toMatch(/block/i);
    // The owner is told nothing: blocking is silent, and the declines are theirs.
    const annNotes = (await get(t, '/api/notifications', ann.cookie)).json() as Array<{ type: string }>;
    expect(annNotes.filter((n) => n.type !== 'bid_received')).toEqual([]);
  });

  it("refuse the blocked contractor's new bid as a project not taking bids; after Unblock they may bid", async () => {
    const mine = await createProject(t, ann.cookie);
    await block(ann, bob.id);

    const refused = await bidOn(t, bob.cookie, mine);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'PROJECT_NOT_BIDDING',
      message: 'This project is not accepting bids',
    });
    // The project itself reads as usual to them: nothing names the block.
    const page = await get(t, `/api/projects/${mine}`, bob.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/block/i);
    // Another contractor still bids.
    expect((await bidOn(t, eve.cookie, mine)).statusCode).toBe(201);

    await unblock(ann, bob.id);
    expect((await bidOn(t, bob.cookie, mine)).statusCode).toBe(201);
  });

  it('refuse a contractor who blocked the owner, saying so', async () => {
    const mine = await createProject(t, ann.cookie);
    await block(bob, ann.id);
    const refused = await bidOn(t, bob.cookie, mine);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PROJECT_NOT_BIDDING',
      message: "You blocked this project's owner. Unblock them in your profile to bid.",
    });
  });
});
