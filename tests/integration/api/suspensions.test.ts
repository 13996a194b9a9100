import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { SqlOAuthModels } from '#adapters/persistence/oauth-models.ts';
import { lastDayOf } from '#domain/safety/suspension.ts';
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
 * Suspending an account on PostgreSQL (issue 27 item 3, decision 0223): the admin's calls and their audit log
 * (decision 0224); sessions, tokens, OAuth grants and sockets ended; sign-in refused with the end date; the
 * suspended owner's projects hidden and closed to bids; their pending bids withdrawn with the owners told;
 * their mail stopped but for the notices; lifting and running out bring everything back but the bids.
 */
let t: MarketplaceApp;
let admin: Caller;
let owner: Caller;
let roofer: Caller;
let other: Caller;

const PASSWORD = 'secret12';
const DAY = 86_400_000;

const sql = <T extends object>(query: string, params: unknown[] = []) =>
  t.composition.orm.em.getConnection().execute<T[]>(query, params);

beforeAll(async () => {
  t = await buildMarketplaceApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await truncateAll(t.composition.orm);
  admin = await signUp(t, 'admin', { firstName: 'Ada', lastName: 'Admin' });
  owner = await signUp(t, 'client', { firstName: 'Olga', lastName: 'Owner' });
  roofer = await signUp(t, 'contractor', { firstName: 'Rory', lastName: 'Roofer' });
  other = await signUp(t, 'contractor', { firstName: 'Otto', lastName: 'Other' });
  await makePro(t, roofer.id);
  await makePro(t, other.id);
});

const suspend = (
  who: Caller,
  body: Record<string, unknown> = { days: 7, reason: 'Asked to be paid in cash.' },
) => send(t, 'POST', `/api/admin/users/${who.id}/suspension`, admin.cookie, body);
const lift = (who: Caller, query = '') =>
  send(t, 'DELETE', `/api/admin/users/${who.id}/suspension${query}`, admin.cookie);
const signIn = (who: Caller, password = PASSWORD) =>
  send(t, 'POST', '/api/auth/signin', undefined, { email: who.email, password });
const session = async (cookie: string) => (await get(t, '/api/auth/session', cookie)).json().user;
const browse = async (cookie: string) =>
  ((await get(t, '/api/projects', cookie)).json() as Array<{ id: string }>).map((p) => p.id);
const mailsTo = async (who: Caller): Promise<Array<{ subject: string }>> =>
  sql<{ subject: string }>('select subject from email_outbox where user_id = ? order by created_at', [
    who.id,
  ]);
async function notificationsOf(caller: Caller, title: string) {
  for (let i = 0; i < 50; i++) {
    const list = (await get(t, '/api/notifications', caller.cookie)).json() as Array<{ title: string }>;
    const found = list.filter((n) => n.title === title);
    if (found.length > 0) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  return [];
}
function closed(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => socket.once('close', (code) => resolve(code)));
}

describe('POST /api/admin/users/{id}/suspension', () => {
  it('suspends through the end of the last day in Nassau, names it in the users table and the audit log', async () => {
    const res = await suspend(roofer, {
      days: 7,
      reason: '  Asked to be paid in cash.  ',
      reportId: UNKNOWN_ID,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      userId: roofer.id,
      reason: 'Asked to be paid in cash.',
      liftedAt: null,
      reportId: UNKNOWN_ID,
    });
    const ends = new Date(body.endsAt);
    // The last instant of a Nassau day (04:59:59.999Z in winter, 03:59:59.999Z in summer), 7 or 8 days on.
    expect(ends.getUTCMinutes()).toBe(59);
    expect(ends.getUTCMilliseconds()).toBe(999);
    expect(ends.getTime() - Date.now()).toBeGreaterThan(7 * DAY - DAY);
    expect(ends.getTime() - Date.now()).toBeLessThanOrEqual(8 * DAY);

    const users = (await get(t, '/api/admin/users', admin.cookie)).json() as Array<{
      id: string;
      suspension: unknown;
    }>;
    expect(users.find((u) => u.id === roofer.id)?.suspension).toMatchObject({
      id: body.id,
      endsAt: body.endsAt,
    });
    expect(users.find((u) => u.id === owner.id)?.suspension).toBeNull();

    const log = await get(t, '/api/admin/actions', admin.cookie);
    expect(log.headers['x-total-count']).toBe('1');
    expect(log.json()).toEqual([
      expect.objectContaining({
        action: 'user_suspended',
        admin: { id: admin.id, name: 'Ada Admin', email: admin.email },
        user: { id: roofer.id, name: 'Rory Roofer', email: roofer.email },
        reason: 'Asked to be paid in cash.',
        endsAt: body.endsAt,
        reportId: UNKNOWN_ID,
      }),
    ]);
  });

  it('ends every session, personal access token, OAuth grant and socket of the user at once', async () => {
    const token = (
      await send(t, 'POST', '/api/access-tokens', roofer.cookie, {
        name: 'Script',
        scopes: ['projects:read'],
      })
    ).json().token as string;
    const second = (await signIn(roofer)).headers['set-cookie'];
    const secondCookie = String(Array.isArray(second) ? second[0] : second).split(';')[0] as string;
    const grants = new SqlOAuthModels(t.composition.orm.em);
    await grants
      .adapterFor('Grant')
      .upsert('grant-1', { jti: 'grant-1', kind: 'Grant', accountId: roofer.id }, 600);
    await grants
      .adapterFor('AccessToken')
      .upsert(
        'oauth-token',
        { jti: 'oauth-token', kind: 'AccessToken', grantId: 'grant-1', accountId: roofer.id },
        600,
      );
    const socket = await t.app.injectWS('/ws', { headers: { cookie: roofer.cookie } });
    const code = closed(socket);
    const bearer = () =>
      t.app.inject({ method: 'GET', url: '/api/projects', headers: { authorization: `Bearer ${token}` } });
    expect((await bearer()).statusCode).toBe(200);
    expect(await session(roofer.cookie)).not.toBeNull();

    expect((await suspend(roofer)).statusCode).toBe(201);

    expect(await code).toBe(4401);
    expect(await session(roofer.cookie)).toBeNull();
    expect(await session(secondCookie)).toBeNull();
    expect((await get(t, '/api/users/me/bids', roofer.cookie)).statusCode).toBe(401);
    expect((await bearer()).statusCode).toBe(401);
    expect(
      await sql('select model from oauth_models where account_id = ? or grant_id = ?', [
        roofer.id,
        'grant-1',
      ]),
    ).toEqual([]);
    // Nobody else's session is touched.
    expect(await session(owner.cookie)).toMatchObject({ id: owner.id });
  });

  it('refuses sign-in with the end date, or until lifted; a wrong password is still only a wrong password', async () => {
    const res = await suspend(roofer);
    const endsAt = new Date(res.json().endsAt);
    const refused = await signIn(roofer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      message: `Your account is suspended through ${lastDayOf(endsAt)}. You can sign in again after that day.`,
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await sql('select 1 from session where sess->>? = ?', ['userId', roofer.id])).toEqual([]);
    expect((await signIn(roofer, 'not the password')).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    await suspend(owner, { days: null, reason: 'Fraud.' });
    expect((await signIn(owner)).json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      message: 'Your account is suspended until an admin lifts the suspension.',
    });
  });

  it("withdraws the user's pending bids, tells each owner once, and leaves decided bids as they are", async () => {
    const porch = await createProject(t, owner.cookie, { title: 'Porch repair' });
    const fence = await createProject(t, owner.cookie, { title: 'Fence' });
    const pending = await placeBid(t, roofer.cookie, porch, { amount: 1250 });
    const declined = await placeBid(t, roofer.cookie, fence);
    await send(t, 'PATCH', `/api/bids/${declined}/status`, owner.cookie, { status: 'rejected' });
    const others = await placeBid(t, other.cookie, porch);

    expect((await suspend(roofer)).statusCode).toBe(201);
    await t.composition.settled();

    const bids = (await get(t, `/api/projects/${porch}/bids`, owner.cookie)).json() as Array<{ id: string }>;
    expect(bids.find((b) => b.id === pending)).toMatchObject({ status: 'withdrawn' });
    expect(bids.find((b) => b.id === others)).toMatchObject({ status: 'pending' });
    expect(await sql('select status from bids where id = ?', [declined])).toEqual([{ status: 'rejected' }]);
    expect(await notificationsOf(owner, 'Bid withdrawn')).toEqual([
      expect.objectContaining({
        type: 'system',
        message: "A bid of $1,250.00 on “Porch repair” was withdrawn: its bidder's account was suspended.",
        relatedEntityId: porch,
      }),
    ]);
    const accept = await send(t, 'PATCH', `/api/bids/${pending}/status`, owner.cookie, {
      status: 'accepted',
    });
    expect(accept.json()).toMatchObject({ code: 'BID_WITHDRAWN' });
  });

  it("hides the suspended owner's projects from browse and from others' project pages, and closes them to bids", async () => {
    const mine = await createProject(t, owner.cookie, { title: 'Roof over the garage' });
    const theirs = await createProject(t, (await signUp(t, 'client')).cookie, { title: 'Deck repair' });
    expect(await browse(roofer.cookie)).toEqual(expect.arrayContaining([mine, theirs]));

    expect((await suspend(owner)).statusCode).toBe(201);

    expect(await browse(roofer.cookie)).toEqual([theirs]);
    expect((await get(t, `/api/projects?q=garage`, roofer.cookie)).json()).toEqual([]);
    const page = await get(t, `/api/projects/${mine}`, roofer.cookie);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    // Admins still see it (a report about it is read in its context).
    expect((await get(t, `/api/projects/${mine}`, admin.cookie)).statusCode).toBe(200);
    const bid = await bidOn(t, roofer.cookie, mine);
    expect(bid.statusCode).toBe(409);
    expect(bid.json()).toMatchObject({
      code: 'PROJECT_NOT_BIDDING',
      message: 'This project is not accepting bids',
    });
  });

  it('stops their mail: what was queued goes, nothing new is queued, only the suspension notice', async () => {
    for (const who of [roofer, other])
      await send(t, 'PATCH', '/api/users/me', who.cookie, { services: ['roofing'] });
    await sql(
      `insert into email_outbox (id, user_id, recipient, subject, text_body, html_body, headers, attempts, next_attempt_at, created_at)
        values (gen_random_uuid(), ?, ?, 'Queued before', 't', 'h', '{}'::jsonb, 0, now() + interval '1 hour', now())`,
      [roofer.id, roofer.email],
    );
    expect((await mailsTo(roofer)).map((m) => m.subject)).toContain('Queued before');

    expect((await suspend(roofer)).statusCode).toBe(201);
    expect((await mailsTo(roofer)).map((m) => m.subject)).toEqual(['Your BuildBid account is suspended']);
    const [notice] = await sql<{ text_body: string }>(
      'select text_body from email_outbox where user_id = ?',
      [roofer.id],
    );
    expect(notice?.text_body).toContain('Reason: Asked to be paid in cash.');

    // A project that matches their services mails both specialists; the suspended one gets nothing.
    await createProject(t, owner.cookie, { title: 'New roof', services: ['roofing'] });
    await t.composition.settled();
    expect(
      await sql('select 1 from email_outbox where user_id = ? and subject like ?', [
        other.id,
        'New project%',
      ]),
    ).toHaveLength(1);
    expect((await mailsTo(roofer)).map((m) => m.subject)).toEqual(['Your BuildBid account is suspended']);
  });

  it('refuses what the rules refuse', async () => {
    const cases: Array<[Caller | { id: string }, Record<string, unknown>, number, string]> = [
      [roofer, { days: 0, reason: 'x' }, 400, 'INVALID_SUSPENSION_DAYS'],
      [roofer, { days: 366, reason: 'x' }, 400, 'INVALID_SUSPENSION_DAYS'],
      [roofer, { days: 3, reason: '   ' }, 400, 'SUSPENSION_REASON_REQUIRED'],
      [roofer, { days: 3 }, 400, 'VALIDATION_FAILED'],
      [admin, { days: 3, reason: 'x' }, 403, 'CANNOT_SUSPEND_ADMIN'],
      [{ id: UNKNOWN_ID }, { days: 3, reason: 'x' }, 404, 'USER_NOT_FOUND'],
    ];
    for (const [who, body, status, code] of cases) {
      const res = await send(t, 'POST', `/api/admin/users/${who.id}/suspension`, admin.cookie, body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    const notAdmin = await send(t, 'POST', `/api/admin/users/${other.id}/suspension`, owner.cookie, {
      days: 3,
      reason: 'x',
    });
    expect(notAdmin.json()).toMatchObject({ code: 'ADMIN_ONLY' });
    expect((await suspend(roofer)).statusCode).toBe(201);
    const again = await suspend(roofer, { days: null, reason: 'Again.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_SUSPENDED');
    expect(await sql('select 1 from suspensions')).toHaveLength(1);
    expect(await sql('select 1 from admin_actions')).toHaveLength(1);
  });
});

describe('DELETE /api/admin/users/{id}/suspension', () => {
  it('brings the user and their projects back, but not their withdrawn bids; mails that it is over', async () => {
    const mine = await createProject(t, owner.cookie, { title: 'Roof over the garage' });
    const elsewhere = await createProject(t, (await signUp(t, 'client')).cookie, { title: 'Deck repair' });
    const withdrawn = await placeBid(t, roofer.cookie, elsewhere);
    expect((await suspend(owner)).statusCode).toBe(201);
    expect((await suspend(roofer)).statusCode).toBe(201);

    const lifted = await lift(owner, `?reportId=${UNKNOWN_ID}`);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toMatchObject({ userId: owner.id });
    expect(lifted.json().liftedAt).not.toBeNull();
    expect((await signIn(owner)).statusCode).toBe(200);
    expect(await browse(other.cookie)).toEqual(expect.arrayContaining([mine]));
    expect((await get(t, `/api/projects/${mine}`, other.cookie)).statusCode).toBe(200);
    expect((await bidOn(t, other.cookie, mine)).statusCode).toBe(201);
    expect((await mailsTo(owner)).map((m) => m.subject)).toEqual([
      'Your BuildBid account is suspended',
      'Your BuildBid account is active again',
    ]);

    expect((await lift(roofer)).statusCode).toBe(200);
    expect(await sql('select status from bids where id = ?', [withdrawn])).toEqual([{ status: 'withdrawn' }]);

    const again = await lift(owner);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NOT_SUSPENDED', message: 'This user is not suspended' });
    const log = (await get(t, '/api/admin/actions', admin.cookie)).json() as Array<Record<string, unknown>>;
    expect(log.map((e) => [e.action, (e.user as { id: string }).id, e.reportId])).toEqual([
      ['suspension_lifted', roofer.id, null],
      ['suspension_lifted', owner.id, UNKNOWN_ID],
      ['user_suspended', roofer.id, null],
      ['user_suspended', owner.id, null],
    ]);
  });

  it('a suspension that ran out is over with nothing to run: sign-in, browse and bids come back; a new one may start', async () => {
    const mine = await createProject(t, owner.cookie, { title: 'Roof over the garage' });
    expect((await suspend(owner, { days: 1, reason: 'Cooling off.' })).statusCode).toBe(201);
    expect((await signIn(owner)).statusCode).toBe(403);
    await sql(`update suspensions set ends_at = now() - interval '1 second' where user_id = ?`, [owner.id]);

    expect((await signIn(owner)).statusCode).toBe(200);
    expect(await browse(other.cookie)).toEqual([mine]);
    expect((await bidOn(t, other.cookie, mine)).statusCode).toBe(201);
    expect((await lift(owner)).json()).toMatchObject({ code: 'NOT_SUSPENDED' });
    expect((await suspend(owner, { days: 2, reason: 'Again.' })).statusCode).toBe(201);
    expect(await browse(other.cookie)).toEqual([]);
  });
});
