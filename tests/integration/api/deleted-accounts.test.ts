import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SqlMailOutbox } from '#adapters/persistence/sql-mail-outbox.ts';
import { PurgeSentMail, SENT_MAIL_RETENTION_MS } from '#application/email/retention.ts';
import { truncateAll } from '../support/database.ts';
import {
  buildMarketplaceApp,
  type Caller,
  createProject,
  get,
  type MarketplaceApp,
  placeBid,
  send,
  signUp,
} from './marketplace-support.ts';

/**
 * Deleted accounts over HTTP on PostgreSQL (decisions 0193 and 0194): a deleted bidder's pending
 * bids are withdrawn and never accepted, nobody messages a deleted account, the export holds everything,
 * mails to a deleted person go at once and sent mails after the retention period, and the counts leave
 * deleted accounts out.
 */
let t: MarketplaceApp;

/** The password the support's signUp registers with. */
const PASSWORD = 'secret12';
const DAY = 24 * 60 * 60 * 1000;

const sql = <T extends object>(query: string, params: unknown[] = []) =>
  t.composition.orm.em.getConnection().execute<T[]>(query, params);

const deleteAccount = (who: Caller) =>
  send(t, 'POST', '/api/users/me/delete', who.cookie, { password: PASSWORD });

beforeAll(async () => {
  t = await buildMarketplaceApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await truncateAll(t.composition.orm);
});

describe("a deleted contractor's pending bids", () => {
  let owner: Caller;
  let leaving: Caller;
  let staying: Caller;

  beforeEach(async () => {
    owner = await signUp(t, 'client', { firstName: 'Olga', lastName: 'Owner' });
    leaving = await signUp(t, 'contractor', { firstName: 'Lea', lastName: 'Leaving' });
    staying = await signUp(t, 'contractor', { firstName: 'Sam', lastName: 'Staying' });
  });

  it('are withdrawn with the account, the owner is told, and accepting or declining one answers 409 and changes nothing', async () => {
    const projectId = await createProject(t, owner.cookie, { title: 'Porch repair' });
    const goneBid = await placeBid(t, leaving.cookie, projectId, { amount: 1250 });
    const otherBid = await placeBid(t, staying.cookie, projectId);
    // A bid the owner already declined stays declined.
    const declinedProject = await createProject(t, owner.cookie, { title: 'Fence' });
    const declinedBid = await placeBid(t, leaving.cookie, declinedProject);
    await send(t, 'PATCH', `/api/bids/${declinedBid}/status`, owner.cookie, { status: 'rejected' });

    expect((await deleteAccount(leaving)).statusCode).toBe(204);

    const bids = (await get(t, `/api/projects/${projectId}/bids`, owner.cookie)).json();
    expect(bids.find((b: { id: string }) => b.id === goneBid)).toMatchObject({
      status: 'withdrawn',
      contractor: { firstName: 'Deleted', lastName: 'user' },
    });
    expect(bids.find((b: { id: string }) => b.id === otherBid)).toMatchObject({ status: 'pending' });
    expect(await sql('select status from bids where id = ?', [declinedBid])).toEqual([
      { status: 'rejected' },
    ]);

    // The owner is told, once, through the outbox (delivered and emptied).
    const notes = (await get(t, '/api/notifications', owner.cookie)).json();
    expect(notes.filter((n: { title: string }) => n.title === 'Bid withdrawn')).toEqual([
      expect.objectContaining({
        type: 'system',
        message: 'A bid of $1,250.00 on “Porch repair” was withdrawn: its bidder deleted their account.',
        relatedEntityId: projectId,
      }),
    ]);
    await t.composition.settled();
    expect(await sql(`select 1 from event_outbox`)).toEqual([]);

    for (const status of ['accepted', 'rejected']) {
      const refused = await send(t, 'PATCH', `/api/bids/${goneBid}/status`, owner.cookie, { status });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'BID_WITHDRAWN',
        message:
          "This bid was withdrawn: its bidder's account was deleted or suspended, so it can no longer be accepted or declined",
      });
    }
    const project = (await get(t, `/api/projects/${projectId}`, owner.cookie)).json();
    expect(project).toMatchObject({ currentPhase: 'bidding', acceptedBidId: null });
    expect(await sql('select status from bids where id = ?', [otherBid])).toEqual([{ status: 'pending' }]);

    // The bids of people still here are decided as before.
    const accepted = await send(t, 'PATCH', `/api/bids/${otherBid}/status`, owner.cookie, {
      status: 'accepted',
    });
    expect(accepted.statusCode).toBe(200);
    expect(await sql('select status from bids where id = ?', [goneBid])).toEqual([{ status: 'withdrawn' }]);
  });

  it('a withdrawn bid no longer counts: the bid count and average leave it out, and it holds no bid deadline', async () => {
    const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();
    const projectId = await createProject(t, owner.cookie, { title: 'Roof repair', bidDeadline: inDays(10) });
    await placeBid(t, leaving.cookie, projectId, { amount: 3000 });
    await placeBid(t, staying.cookie, projectId, { amount: 1000 });
    const before = (await get(t, `/api/projects/${projectId}`, owner.cookie)).json();
    expect(before).toMatchObject({ bidCount: 2, averageBid: '2000.00' });

    expect((await deleteAccount(leaving)).statusCode).toBe(204);
    const after = (await get(t, `/api/projects/${projectId}`, owner.cookie)).json();
    expect(after).toMatchObject({ bidCount: 1, averageBid: '1000.00' });

    // With only a withdrawn bid left, the owner may set the bid deadline earlier, as before any bid.
    const alone = await createProject(t, owner.cookie, { title: 'Garden shed', bidDeadline: inDays(10) });
    const other = await signUp(t, 'contractor');
    await placeBid(t, other.cookie, alone);
    const shorten = () =>
      send(t, 'POST', `/api/projects/${alone}/bid-deadline`, owner.cookie, { bidDeadline: inDays(5) });
    expect((await shorten()).json()).toMatchObject({ code: 'BID_DEADLINE_SHORTENED' });
    expect(
      (await send(t, 'POST', '/api/users/me/delete', other.cookie, { password: PASSWORD })).statusCode,
    ).toBe(204);
    expect((await shorten()).statusCode).toBe(200);
  });

  it('a pending bid left by a deletion before withdrawals existed is never accepted (409 BIDDER_DELETED)', async () => {
    const projectId = await createProject(t, owner.cookie, { title: 'Old deck' });
    const bidId = await placeBid(t, leaving.cookie, projectId);
    expect((await deleteAccount(leaving)).statusCode).toBe(204);
    // As such a bid was left before this release (the migration withdraws those too).
    await sql(`update bids set status = 'pending' where id = ?`, [bidId]);

    const refused = await send(t, 'PATCH', `/api/bids/${bidId}/status`, owner.cookie, { status: 'accepted' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'BIDDER_DELETED',
      message: 'This bidder deleted their account, so their bid can no longer be accepted',
    });
    expect(await sql('select status from bids where id = ?', [bidId])).toEqual([{ status: 'pending' }]);
    expect(
      await sql<{ accepted_bid_id: string | null; current_phase: string }>(
        'select accepted_bid_id, current_phase from projects where id = ?',
        [projectId],
      ),
    ).toEqual([{ accepted_bid_id: null, current_phase: 'bidding' }]);
  });
});

describe('messages to a deleted account', () => {
  it('are refused with 409 RECIPIENT_DELETED and nothing is stored; the conversation reads as closed', async () => {
    const owner = await signUp(t, 'client');
    const leaving = await signUp(t, 'contractor');
    const first = await send(t, 'POST', '/api/messages', owner.cookie, {
      receiverId: leaving.id,
      content: 'Can you start Monday?',
      type: 'text',
    });
    expect(first.statusCode).toBe(201);
    const open = await get(t, `/api/messages/status?otherUserId=${leaving.id}`, owner.cookie);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({
      otherUserId: leaving.id,
      closed: false,
      closedReason: null,
      blockedByMe: false,
    });

    expect((await deleteAccount(leaving)).statusCode).toBe(204);

    const refused = await send(t, 'POST', '/api/messages', owner.cookie, {
      receiverId: leaving.id,
      content: 'Hello?',
      type: 'text',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'RECIPIENT_DELETED',
      message: 'This account has been deleted; the conversation is closed',
      field: 'receiverId',
    });
    expect(await sql('select content from messages')).toEqual([{ content: 'Can you start Monday?' }]);
    const closed = await get(t, `/api/messages/status?otherUserId=${leaving.id}`, owner.cookie);
    expect(closed.json()).toEqual({
      otherUserId: leaving.id,
      closed: true,
      closedReason: 'This account has been deleted; the conversation is closed',
      blockedByMe: false,
    });
    // The old conversation still reads.
    const history = (await get(t, `/api/messages?otherUserId=${leaving.id}`, owner.cookie)).json();
    expect(history).toHaveLength(1);

    const unknown = await get(
      t,
      '/api/messages/status?otherUserId=00000000-0000-4000-8000-000000000000',
      owner.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    expect((await get(t, `/api/messages/status?otherUserId=${leaving.id}`)).statusCode).toBe(401);
  });
});

describe("'Download my data' (decision 0194)", () => {
  it('holds the saved searches, the saved projects and the notifications', async () => {
    const owner = await signUp(t, 'client');
    const contractor = await signUp(t, 'contractor');
    const projectId = await createProject(t, owner.cookie, { title: 'Kitchen refit' });
    const search = await send(t, 'POST', '/api/saved-searches', contractor.cookie, {
      name: 'Kitchens',
      filters: { q: 'kitchen', country: 'BS' },
      alerts: 'daily',
    });
    expect(search.statusCode).toBe(201);
    expect((await send(t, 'PUT', `/api/projects/${projectId}/save`, contractor.cookie)).statusCode).toBe(200);
    const bidId = await placeBid(t, contractor.cookie, projectId);
    await send(t, 'PATCH', `/api/bids/${bidId}/status`, owner.cookie, { status: 'accepted' });

    const res = await get(t, '/api/users/me/export', contractor.cookie);
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.savedSearches).toEqual([
      expect.objectContaining({
        id: search.json().id,
        name: 'Kitchens',
        q: 'kitchen',
        country: 'BS',
        alerts: 'daily',
      }),
    ]);
    expect(data.savedProjects).toEqual([
      expect.objectContaining({ projectId, projectTitle: 'Kitchen refit', savedAt: expect.any(String) }),
    ]);
    expect(data.notifications).toEqual([
      expect.objectContaining({
        type: 'bid_accepted',
        title: 'Your bid was accepted',
        relatedEntityId: projectId,
        isRead: false,
      }),
    ]);
    // Only the caller's own.
    const owners = (await get(t, '/api/users/me/export', owner.cookie)).json();
    expect(owners.savedSearches).toEqual([]);
    expect(owners.savedProjects).toEqual([]);
    expect(owners.notifications.map((n: { type: string }) => n.type)).toEqual(['bid_received']);
  });
});

describe('the mail outbox keeps no deleted person (decision 0194)', () => {
  async function queueMail(
    userId: string | null,
    recipient: string,
    sentAt: Date | null,
    createdAt = new Date(),
  ) {
    await sql(
      `insert into email_outbox
         (id, user_id, recipient, subject, text_body, html_body, headers, attempts, next_attempt_at, sent_at, created_at)
       values (gen_random_uuid(), ?, ?, 'Hello', 'Hi Lea Leaving', '<p>Hi Lea Leaving</p>', '{}'::jsonb, 1, ?, ?, ?)`,
      [userId, recipient, createdAt, sentAt, createdAt],
    );
  }

  it("removes every mail to a deleted person at once, sent or not, and keeps everyone else's", async () => {
    const leaving = await signUp(t, 'contractor', { firstName: 'Lea', lastName: 'Leaving' });
    const staying = await signUp(t, 'contractor');
    await queueMail(leaving.id, leaving.email, new Date());
    await queueMail(leaving.id, leaving.email, null);
    // Queued for the address alone (no user id).
    await queueMail(null, leaving.email, new Date());
    await queueMail(staying.id, staying.email, new Date());
    await queueMail(staying.id, staying.email, null);

    expect((await deleteAccount(leaving)).statusCode).toBe(204);

    expect(
      await sql('select 1 from email_outbox where user_id = ? or recipient = ?', [leaving.id, leaving.email]),
    ).toEqual([]);
    expect(
      await sql(`select 1 from email_outbox where text_body like '%Lea Leaving%' and user_id is null`),
    ).toEqual([]);
    expect(await sql('select 1 from email_outbox where user_id = ?', [staying.id])).toHaveLength(2);
  });

  it('purges sent mails after 30 days by the Clock, and never an unsent one', async () => {
    expect(SENT_MAIL_RETENTION_MS).toBe(30 * DAY);
    const someone = await signUp(t, 'client');
    const now = Date.now();
    await queueMail(someone.id, someone.email, new Date(now - 31 * DAY), new Date(now - 31 * DAY));
    await queueMail(someone.id, someone.email, new Date(now - 29 * DAY), new Date(now - 29 * DAY));
    await queueMail(someone.id, someone.email, null, new Date(now - 40 * DAY));

    // The composed background step, on the system clock.
    expect(await t.composition.get(PurgeSentMail).execute()).toBe(1);
    const left = await sql<{ sent_at: Date | null }>(
      'select sent_at from email_outbox where user_id = ? order by created_at',
      [someone.id],
    );
    expect(left.map((m: { sent_at: Date | null }) => (m.sent_at ? 'sent' : 'unsent'))).toEqual([
      'unsent',
      'sent',
    ]);

    // Two days on (the Clock port), the other sent mail has had its 30 days too; the unsent one stays.
    const later = new PurgeSentMail({
      outbox: new SqlMailOutbox(t.composition.orm.em),
      clock: {
        now: () => new Date(now + 2 * DAY),
      },
    });
    expect(await later.execute()).toBe(1);
    expect(await sql('select sent_at from email_outbox where user_id = ?', [someone.id])).toEqual([
      { sent_at: null },
    ]);
  });
});

describe('counts leave deleted accounts out (decision 0194)', () => {
  it("the landing page's contractors registered and the admin's user count", async () => {
    const admin = await signUp(t, 'admin');
    await signUp(t, 'contractor');
    const leaving = await signUp(t, 'contractor');
    await signUp(t, 'client');

    const figures = async () => (await get(t, '/api/landing')).json().figures.contractorsRegistered;
    const userCount = async (role = '') => {
      const res = await get(t, `/api/admin/users?role=${role}`, admin.cookie);
      expect(res.statusCode).toBe(200);
      return {
        total: Number(res.headers['x-total-count']),
        ids: res.json().map((u: { id: string }) => u.id),
      };
    };
    expect(await figures()).toBe(2);
    expect((await userCount()).total).toBe(4);
    expect((await userCount('contractor')).total).toBe(2);

    expect((await deleteAccount(leaving)).statusCode).toBe(204);

    expect(await figures()).toBe(1);
    const everyone = await userCount();
    expect(everyone.total).toBe(3);
    expect(everyone.ids).not.toContain(leaving.id);
    expect((await userCount('contractor')).total).toBe(1);
  });
});
