import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SendSystemNotification } from '#application/notifications/index.ts';
import { truncateAll } from '../support/database.ts';
import { SocketInbox, settle } from '../support/sockets.ts';
import {
  buildMarketplaceApp,
  type Caller,
  createProject,
  get,
  type MarketplaceApp,
  placeBid,
  send,
  signUp,
  UNKNOWN_ID,
} from './marketplace-support.ts';

let t: MarketplaceApp;
let owner: Caller;
let contractor: Caller;
let rival: Caller;

beforeAll(async () => {
  t = await buildMarketplaceApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await truncateAll(t.composition.orm);
  t.clearUploads();
  owner = await signUp(t, 'client');
  contractor = await signUp(t, 'contractor');
  rival = await signUp(t, 'contractor');
});

const list = async (caller: Caller, query = '') => {
  const res = await get(t, `/api/notifications${query}`, caller.cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as Array<Record<string, unknown>>;
};
const unread = async (caller: Caller) => {
  const res = await get(t, '/api/notifications/unread-count', caller.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().count as number;
};
const connect = async (caller: Caller) => {
  const socket = await t.app.injectWS('/ws', { headers: { cookie: caller.cookie } });
  const inbox = new SocketInbox(socket);
  await inbox.next('connected');
  return { socket, inbox };
};

describe('notifications from domain events', () => {
  it('bid_received to the owner, bid_accepted and bid_rejected to the bidders, pushed to their sockets', async () => {
    const projectId = await createProject(t, owner.cookie, { title: 'Kitchen remodel, Nassau' });
    const ownerSocket = await connect(owner);
    const winner = await placeBid(t, contractor.cookie, projectId, { amount: 18500 });
    await placeBid(t, rival.cookie, projectId, { amount: 21000 });

    const pushed = await ownerSocket.inbox.next('notification');
    expect(pushed.data).toMatchObject({ type: 'bid_received', userId: owner.id, isRead: false });
    const ownerList = await list(owner);
    expect(ownerList).toHaveLength(2);
    expect(ownerList[0]).toMatchObject({
      type: 'bid_received',
      title: 'New bid received',
      message: 'A bid of $21,000.00 was placed on “Kitchen remodel, Nassau”.',
      relatedEntityId: projectId,
      isRead: false,
    });

    const contractorSocket = await connect(contractor);
    const rivalSocket = await connect(rival);
    expect(
      (await send(t, 'PATCH', `/api/bids/${winner}/status`, owner.cookie, { status: 'accepted' })).statusCode,
    ).toBe(200);
    expect((await contractorSocket.inbox.next('notification')).data).toMatchObject({ type: 'bid_accepted' });
    expect((await rivalSocket.inbox.next('notification')).data).toMatchObject({ type: 'bid_rejected' });
    expect(await list(contractor)).toEqual([
      expect.objectContaining({
        type: 'bid_accepted',
        title: 'Your bid was accepted',
        message: 'Congratulations! Your bid on “Kitchen remodel, Nassau” was accepted.',
        relatedEntityId: projectId,
      }),
    ]);
    expect(await list(rival)).toEqual([
      expect.objectContaining({
        type: 'bid_rejected',
        message: 'The owner of “Kitchen remodel, Nassau” accepted another bid.',
        relatedEntityId: projectId,
      }),
    ]);
    // Nobody else heard of it.
    expect(ownerSocket.inbox.of('notification')).toHaveLength(2);
    for (const s of [ownerSocket, contractorSocket, rivalSocket]) s.socket.terminate();
  });

  it('project_completed to the awarded contractor and review_received after the review', async () => {
    const projectId = await createProject(t, owner.cookie, { title: 'Re-roof the garage' });
    const bidId = await placeBid(t, contractor.cookie, projectId);
    await send(t, 'PATCH', `/api/bids/${bidId}/status`, owner.cookie, { status: 'accepted' });
    for (const phase of ['in_progress', 'review', 'completed']) {
      expect(
        (await send(t, 'POST', `/api/projects/${projectId}/phase`, owner.cookie, { phase })).statusCode,
      ).toBe(200);
    }
    expect(
      (await send(t, 'POST', `/api/projects/${projectId}/reviews`, owner.cookie, { rating: 5 })).statusCode,
    ).toBe(201);
    const types = (await list(contractor)).map((n) => n.type);
    expect(types).toContain('project_completed');
    expect(types).toContain('review_received');
    expect(types[0]).not.toBe('bid_accepted'); // newest first
    const byType = Object.fromEntries((await list(contractor)).map((n) => [n.type, n]));
    expect(byType.project_completed).toMatchObject({
      title: 'Project completed',
      message: '“Re-roof the garage” was marked as completed. Well done!',
      relatedEntityId: projectId,
    });
    expect(byType.review_received).toMatchObject({
      title: 'New review received',
      message: 'You received a 5-star review.',
      relatedEntityId: projectId,
    });
    // The owner hears of none of this (their own actions).
    expect((await list(owner)).map((n) => n.type)).toEqual(['bid_received']);
  });

  it('system notifications, and a bidder hears when the project is cancelled', async () => {
    await t.composition.get(SendSystemNotification).execute({
      userId: contractor.id,
      title: 'Scheduled maintenance',
      message: 'BuildBid is down for ten minutes tonight.',
    });
    const projectId = await createProject(t, owner.cookie, { title: 'Deck repair' });
    await placeBid(t, contractor.cookie, projectId);
    await send(t, 'POST', `/api/projects/${projectId}/cancel`, owner.cookie);
    const [cancelled, system] = await list(contractor);
    expect(cancelled).toMatchObject({
      type: 'bid_rejected',
      message: '“Deck repair” was cancelled, so your bid was closed.',
    });
    expect(system).toMatchObject({ type: 'system', title: 'Scheduled maintenance', relatedEntityId: null });
  });
});

describe('the notification calls', () => {
  async function seed(n: number) {
    const projectId = await createProject(t, owner.cookie);
    for (let i = 0; i < n; i += 1) {
      const bidder = await signUp(t, 'contractor');
      await placeBid(t, bidder.cookie, projectId);
    }
  }

  it('lists only your own, newest first, with a limit', async () => {
    await seed(3);
    await t.composition
      .get(SendSystemNotification)
      .execute({ userId: rival.id, title: 'Hi', message: 'Rival only' });
    const all = await list(owner);
    expect(all).toHaveLength(3);
    expect(all.every((n) => n.userId === owner.id)).toBe(true);
    const times = all.map((n) => Date.parse(String(n.createdAt)));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(await list(owner, '?limit=2')).toHaveLength(2);
    expect((await get(t, '/api/notifications?limit=0', owner.cookie)).statusCode).toBe(400);
    expect((await get(t, '/api/notifications?limit=101', owner.cookie)).statusCode).toBe(400);
    expect((await list(rival)).map((n) => n.message)).toEqual(['Rival only']);
  });

  it('counts unread, marks one read (own only) and all read', async () => {
    await seed(3);
    const rivalNote = await t.composition
      .get(SendSystemNotification)
      .execute({ userId: rival.id, title: 'Yours', message: 'Only for the rival' });
    expect(await unread(owner)).toBe(3);
    const [first] = await list(owner);

    const marked = await send(t, 'PATCH', `/api/notifications/${first?.id}/read`, owner.cookie);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id: first?.id, isRead: true });
    expect(await unread(owner)).toBe(2);
    // Again: still fine (idempotent).
    expect((await send(t, 'PATCH', `/api/notifications/${first?.id}/read`, owner.cookie)).statusCode).toBe(
      200,
    );

    // Someone else's notification is unreachable: 404, exactly like an unknown one, and it stays unread.
    const foreign = await send(t, 'PATCH', `/api/notifications/${rivalNote.id}/read`, owner.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Notification not found', code: 'NOTIFICATION_NOT_FOUND' });
    expect((await send(t, 'PATCH', `/api/notifications/${UNKNOWN_ID}/read`, owner.cookie)).statusCode).toBe(
      404,
    );
    expect((await send(t, 'PATCH', '/api/notifications/42/read', owner.cookie)).statusCode).toBe(400);
    expect(await unread(rival)).toBe(1);

    const all = await send(t, 'PATCH', '/api/notifications/mark-all-read', owner.cookie);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ count: 2 });
    expect(await unread(owner)).toBe(0);
    expect((await list(owner)).every((n) => n.isRead === true)).toBe(true);
    expect(await unread(rival)).toBe(1); // mark-all-read is your own only
  });

  it('needs a session', async () => {
    expect((await get(t, '/api/notifications')).statusCode).toBe(401);
    expect((await get(t, '/api/notifications/unread-count')).statusCode).toBe(401);
    expect((await send(t, 'PATCH', '/api/notifications/mark-all-read', undefined)).statusCode).toBe(401);
    expect((await send(t, 'PATCH', `/api/notifications/${UNKNOWN_ID}/read`, undefined)).statusCode).toBe(401);
    await settle(10);
  });
});
