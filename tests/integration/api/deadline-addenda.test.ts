import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatDay } from '#domain/shared/time-zone.ts';
import { truncateAll } from '../support/database.ts';
import {
  bidOn,
  buildMarketplaceApp,
  type Caller,
  createProject,
  get,
  type MarketplaceApp,
  multipart,
  placeBid,
  SAMPLE,
  send,
  signUp,
  UNKNOWN_ID,
  type UploadFile,
} from './marketplace-support.ts';

let t: MarketplaceApp;
let owner: Caller;
let contractor: Caller;
let projectId: string;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

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
  projectId = await createProject(t, owner.cookie, { bidDeadline: inDays(3) });
});

async function sql<T extends object>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.composition.orm.em.getConnection().execute<T[]>(query, params);
}

const extend = (bidDeadline: unknown, cookie = owner.cookie, id = projectId) =>
  send(t, 'POST', `/api/projects/${id}/bid-deadline`, cookie, { bidDeadline });

async function postAddendum(
  cookie: string,
  text: string | undefined,
  files: readonly UploadFile[] = [],
  id = projectId,
) {
  const form = new FormData();
  if (text !== undefined) form.append('text', text);
  for (const file of files) {
    form.append('files', new Blob([new Uint8Array(file.data)], { type: file.type ?? '' }), file.name);
  }
  const response = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: `/api/projects/${id}/addenda`,
    headers: { 'content-type': response.headers.get('content-type') as string, cookie },
    payload: Buffer.from(await response.arrayBuffer()),
  });
}

async function notificationsOf(caller: Caller) {
  return (await get(t, '/api/notifications', caller.cookie)).json() as {
    title: string;
    relatedEntityId: string;
  }[];
}

describe('POST /api/projects/{id}/bid-deadline', () => {
  it('extends the deadline, keeps pending bids, and tells the bidder in-app and by mail', async () => {
    const bidId = await placeBid(t, contractor.cookie, projectId);
    const to = inDays(10);
    const res = await extend(to);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: projectId, bidDeadline: to });
    const [bid] = await sql<{ status: string }>('select status from bids where id = ?', [bidId]);
    expect(bid?.status).toBe('pending');
    expect(await notificationsOf(contractor)).toMatchObject([
      { title: 'Bid deadline changed', relatedEntityId: projectId },
    ]);
    const mails = await sql<{ recipient: string; subject: string; headers: Record<string, string> }>(
      `select recipient, subject, headers from email_outbox where subject like 'Bid deadline changed%'`,
    );
    expect(mails).toMatchObject([{ recipient: contractor.email }]);
    expect(mails[0]?.headers['List-Unsubscribe']).toContain('/api/unsubscribe?token=');
  });

  it('names the new deadline as the page does, in Nassau, in the notification and the mail', async () => {
    await placeBid(t, contractor.cookie, projectId);
    // The case, Jan 10 (a fixed year far ahead keeps the test true): the owner picks Jan 10, stored
    // as the end of that day in Nassau, 04:59:59.999Z on Jan 11, which read '2099-01-11T04:59:59.999Z'.
    const res = await extend('2099-01-10');
    expect(res.statusCode).toBe(200);
    expect(res.json().bidDeadline).toBe('2099-01-11T04:59:59.999Z');
    const [notification] = (await get(t, '/api/notifications', contractor.cookie)).json() as {
      title: string;
      message: string;
    }[];
    expect(notification).toMatchObject({ title: 'Bid deadline changed' });
    expect(notification?.message).toMatch(/^The bid deadline of “.+” is now Jan 10, 2099\. You may revise/);
    const [mail] = await sql<{ subject: string; text_body: string; html_body: string }>(
      `select subject, text_body, html_body from email_outbox where subject like 'Bid deadline changed%'`,
    );
    expect(mail?.text_body).toContain('is now Jan 10, 2099.');
    expect(mail?.html_body).toContain('is now Jan 10, 2099.');
    for (const text of [notification?.message, mail?.text_body, mail?.html_body]) {
      expect(text).not.toContain('2099-01-11');
      expect(text).not.toContain('Jan 11');
    }
  });

  it('sends no mail to a bidder who turned email notifications off (the in-app one still arrives)', async () => {
    await placeBid(t, contractor.cookie, projectId);
    await send(t, 'PATCH', '/api/users/me', contractor.cookie, { emailNotifications: false });
    expect((await extend(inDays(9))).statusCode).toBe(200);
    expect(await sql(`select 1 from email_outbox where subject like 'Bid deadline changed%'`)).toEqual([]);
    expect(await notificationsOf(contractor)).toHaveLength(1);
  });

  it('lets a late bidder in once the passed deadline is extended; before that 409 names the deadline', async () => {
    const passed = new Date(Date.now() - 3_600_000);
    await sql('update projects set bid_deadline = ? where id = ?', [passed, projectId]);
    const late = await bidOn(t, contractor.cookie, projectId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'BID_DEADLINE_PASSED' });
    // The day as the page shows it (decision 0200), not a timestamp.
    expect(late.json().message).toContain(`, ${formatDay(passed)}, has passed`);

    expect((await extend(inDays(2))).statusCode).toBe(200);
    expect((await bidOn(t, contractor.cookie, projectId)).statusCode).toBe(201);
  });

  it('refuses bad input and other people with a clear 4xx, changing nothing', async () => {
    await placeBid(t, contractor.cookie, projectId);
    const before = await sql<{ bid_deadline: Date }>('select bid_deadline from projects where id = ?', [
      projectId,
    ]);
    const admin = await signUp(t, 'admin');
    const cases: [Awaited<ReturnType<typeof extend>>, number, string][] = [
      [await extend(inDays(1)), 409, 'BID_DEADLINE_SHORTENED'],
      [await extend(inDays(-1)), 400, 'BID_DEADLINE_IN_PAST'],
      [await extend('next tuesday'), 400, 'INVALID_DATE'],
      [
        await send(t, 'POST', `/api/projects/${projectId}/bid-deadline`, owner.cookie, {}),
        400,
        'VALIDATION_FAILED',
      ],
      [await extend(inDays(9), contractor.cookie), 403, 'NOT_PROJECT_OWNER'],
      [await extend(inDays(9), admin.cookie), 403, 'NOT_PROJECT_OWNER'],
      [await extend(inDays(9), owner.cookie, UNKNOWN_ID), 404, 'PROJECT_NOT_FOUND'],
    ];
    for (const [res, status, code] of cases) {
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await extend(inDays(9), '')).statusCode).toBe(401);
    expect(await sql('select bid_deadline from projects where id = ?', [projectId])).toEqual(before);
    expect(await notificationsOf(contractor)).toEqual([]);
  });

  it('refuses once the project is no longer bidding (409)', async () => {
    expect((await send(t, 'POST', `/api/projects/${projectId}/cancel`, owner.cookie)).statusCode).toBe(200);
    const res = await extend(inDays(9));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PROJECT_NOT_ACTIVE');
  });

  it('applies the same rule when the edit form moves the deadline earlier while bids exist', async () => {
    await placeBid(t, contractor.cookie, projectId);
    const body = await multipart({ bidDeadline: inDays(1) });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/projects/${projectId}`,
      headers: { ...body.headers, cookie: owner.cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('BID_DEADLINE_SHORTENED');
  });
});

describe('addenda', () => {
  it('the owner posts text and a file; everyone signed in reads it; the bidder is told', async () => {
    await placeBid(t, contractor.cookie, projectId);
    const res = await postAddendum(owner.cookie, 'The island moves two feet east.', [
      SAMPLE.pdf('plan v2.pdf'),
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      projectId,
      text: 'The island moves two feet east.',
      attachments: [{ originalName: 'plan v2.pdf', mimeType: 'application/pdf' }],
    });
    const other = await signUp(t, 'vendor');
    const listed = await get(t, `/api/projects/${projectId}/addenda`, other.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject([{ id: res.json().id, text: 'The island moves two feet east.' }]);
    expect(await notificationsOf(contractor)).toMatchObject([{ title: 'Addendum posted' }]);
    expect(await sql(`select recipient from email_outbox where subject like 'Addendum posted%'`)).toEqual([
      { recipient: contractor.email },
    ]);
  });

  it('a user who saved the project hears of an addendum and a deadline change, in-app and by mail', async () => {
    const saver = await signUp(t, 'vendor');
    expect((await send(t, 'PUT', `/api/projects/${projectId}/save`, saver.cookie)).statusCode).toBe(200);
    expect((await postAddendum(owner.cookie, 'Tiles are now porcelain.')).statusCode).toBe(201);
    expect((await extend(inDays(20))).statusCode).toBe(200);
    expect((await notificationsOf(saver)).map((n) => n.title).sort()).toEqual([
      'Addendum posted',
      'Bid deadline changed',
    ]);
    expect(await sql(`select recipient from email_outbox where subject like 'Addendum posted%'`)).toEqual([
      { recipient: saver.email },
    ]);
  });

  it('refuses bad input and other people with a clear 4xx, keeping no row and no file', async () => {
    const cases: [Awaited<ReturnType<typeof postAddendum>>, number, string][] = [
      [await postAddendum(contractor.cookie, 'Not my project', [SAMPLE.pdf()]), 403, 'NOT_PROJECT_OWNER'],
      [await postAddendum(owner.cookie, '   ', [SAMPLE.pdf()]), 400, 'ADDENDUM_TEXT_REQUIRED'],
      [await postAddendum(owner.cookie, undefined, [SAMPLE.pdf()]), 400, 'ADDENDUM_TEXT_REQUIRED'],
      [await postAddendum(owner.cookie, 'x'.repeat(5001)), 400, 'ADDENDUM_TEXT_TOO_LONG'],
      [await postAddendum(owner.cookie, 'Bad file', [SAMPLE.exe()]), 400, 'UNSUPPORTED_FILE_TYPE'],
      [
        await postAddendum(
          owner.cookie,
          'Too many',
          Array.from({ length: 6 }, (_, i) => SAMPLE.png(`p${i}.png`)),
        ),
        400,
        'TOO_MANY_FILES',
      ],
      [await postAddendum(owner.cookie, 'Nowhere', [], UNKNOWN_ID), 404, 'PROJECT_NOT_FOUND'],
    ];
    for (const [res, status, code] of cases) {
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
    }
    expect(await sql('select id from project_addenda')).toEqual([]);
    expect(t.storedFiles()).toEqual([]);
  });

  it('deleting the project removes its addenda and their files', async () => {
    expect((await postAddendum(owner.cookie, 'Plan', [SAMPLE.pdf()])).statusCode).toBe(201);
    expect(t.storedFiles().length).toBeGreaterThan(0);
    expect((await send(t, 'DELETE', `/api/projects/${projectId}`, owner.cookie)).statusCode).toBe(204);
    expect(await sql('select id from project_addenda')).toEqual([]);
    expect(t.storedFiles()).toEqual([]);
  });
});
