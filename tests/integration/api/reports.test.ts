import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPORTS_PER_HOUR } from '#domain/safety/report.ts';
import { truncateAll } from '../support/database.ts';
import {
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
 * Reports and the moderation queue on PostgreSQL (issue 27 items 1 and 2, decision 0221): reporting and its
 * rules, the queue grouped by item, claims between two admins, the decisions (dismiss, hide, warn) with the
 * moderation log and the notices, and hidden content left out of every read path of projects, bids, messages,
 * questions and reviews.
 */
let t: MarketplaceApp;
let ann: Caller; // a client, the project's owner
let bob: Caller; // a contractor who bids and reports
let eve: Caller; // another contractor who reports
let ada: Caller; // an admin
let max: Caller; // another admin
let projectId: string;

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
  ada = await signUp(t, 'admin', { firstName: 'Ada', lastName: 'Admin' });
  max = await signUp(t, 'admin', { firstName: 'Max', lastName: 'Admin' });
  await makePro(t, bob.id);
  projectId = await createProject(t, ann.cookie);
});

const report = (by: Caller, targetType: string, targetId: string, reason = 'scam', details?: string) =>
  send(t, 'POST', '/api/reports', by.cookie, {
    targetType,
    targetId,
    reason,
    ...(details ? { details } : {}),
  });
const item = (type: string, id: string) => `/api/admin/moderation/items/${type}/${id}`;
const claim = (by: Caller, type: string, id: string) => send(t, 'PUT', `${item(type, id)}/claim`, by.cookie);
const decide = (by: Caller, type: string, id: string, body: Record<string, unknown>) =>
  send(t, 'POST', `${item(type, id)}/decision`, by.cookie, body);
const json = async <T = Record<string, unknown>>(url: string, caller: Caller) => {
  const res = await get(t, url, caller.cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as T;
};
async function notificationsOf(caller: Caller, count: number) {
  for (let i = 0; i < 100; i++) {
    const list = await json<Array<Record<string, unknown>>>('/api/notifications', caller);
    if (list.length >= count) return list;
    await new Promise((r) => setTimeout(r, 20));
  }
  return json<Array<Record<string, unknown>>>('/api/notifications', caller);
}
const messageFrom = async (from: Caller, to: Caller, content: string) => {
  const res = await send(t, 'POST', '/api/messages', from.cookie, {
    receiverId: to.id,
    projectId: null,
    content,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
};

describe('POST /api/reports', () => {
  it('reports: 201, listed in your open reports; a second open report of yours on it is 409', async () => {
    const res = await report(bob, 'project', projectId, 'scam', 'Asks for a wire transfer');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ targetType: 'project', targetId: projectId, reason: 'scam' });
    expect(await json('/api/users/me/reports?targetType=project', bob)).toMatchObject([
      { targetId: projectId },
    ]);
    expect(await json('/api/users/me/reports?targetType=message', bob)).toEqual([]);
    const again = await report(bob, 'project', projectId, 'spam');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_REPORTED' });
    expect((await report(eve, 'project', projectId)).statusCode).toBe(201);
  });

  it('refuses your own content (400), an unknown item (404), a bad reason and "other" without words (400)', async () => {
    expect((await report(ann, 'project', projectId)).json()).toMatchObject({ code: 'CANNOT_REPORT_OWN' });
    expect((await report(bob, 'user', bob.id)).statusCode).toBe(400);
    const unknown = await report(bob, 'project', UNKNOWN_ID);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'REPORT_TARGET_NOT_FOUND' });
    expect((await report(bob, 'project', projectId, 'fake_review')).json()).toMatchObject({
      code: 'INVALID_REPORT_REASON',
    });
    expect((await report(bob, 'project', projectId, 'other')).json()).toMatchObject({
      code: 'REPORT_DETAILS_REQUIRED',
    });
    expect((await report(bob, 'project', projectId, 'rude')).statusCode).toBe(400);
    const anonymous = { targetType: 'project', targetId: projectId, reason: 'spam' };
    expect((await send(t, 'POST', '/api/reports', undefined, anonymous)).statusCode).toBe(401);
  });

  it('answers 404 for a message between two other people and a bid that is not yours nor on your project', async () => {
    const messageId = await messageFrom(ann, bob, 'Pay me outside BuildBid.');
    expect((await report(eve, 'message', messageId)).statusCode).toBe(404);
    expect((await report(bob, 'message', messageId, 'off_platform_payment')).statusCode).toBe(201);
    const bidId = await placeBid(t, bob.cookie, projectId);
    expect((await report(eve, 'bid', bidId)).statusCode).toBe(404);
    expect((await report(ann, 'bid', bidId, 'spam')).statusCode).toBe(201);
  });

  it(`limits reports to ${REPORTS_PER_HOUR} an hour per user (429)`, async () => {
    const others = await Promise.all(Array.from({ length: REPORTS_PER_HOUR + 1 }, () => signUp(t, 'client')));
    for (const [i, other] of others.entries()) {
      const res = await report(eve, 'user', other.id, 'spam');
      expect(res.statusCode).toBe(i < REPORTS_PER_HOUR ? 201 : 429);
    }
  });
});

describe('the moderation queue', () => {
  it('groups open reports by item with the number of reporters and the reasons, for admins only', async () => {
    await report(bob, 'project', projectId, 'scam');
    await report(eve, 'project', projectId, 'spam');
    const messageId = await messageFrom(ann, bob, 'Send the deposit to my personal account.');
    await report(bob, 'message', messageId, 'off_platform_payment');

    const res = await get(t, '/api/admin/moderation/queue', ada.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json()).toMatchObject([
      {
        targetType: 'project',
        targetId: projectId,
        openReports: 2,
        reporters: 2,
        reasons: expect.arrayContaining([
          { reason: 'scam', count: 1 },
          { reason: 'spam', count: 1 },
        ]),
        author: { id: ann.id, name: 'Ann Owner' },
        projectId,
        claim: null,
        hidden: false,
      },
      {
        targetType: 'message',
        targetId: messageId,
        reporters: 1,
        summary: 'Send the deposit to my personal account.',
      },
    ]);
    expect((await get(t, '/api/admin/moderation/queue', bob.cookie)).statusCode).toBe(403);
    expect((await get(t, item('project', projectId), ann.cookie)).statusCode).toBe(403);
  });

  it('shows a message in its conversation: the few messages before and after it', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 9; i++)
      ids.push(await messageFrom(i % 2 ? ann : bob, i % 2 ? bob : ann, `Message ${i}`));
    const reported = ids[4] as string;
    await report(bob, 'message', reported, 'offensive');
    const view = await json<{ conversation: Array<{ content: string; reported: boolean }>; content: string }>(
      item('message', reported),
      ada,
    );
    expect(view.content).toBe('Message 5');
    expect(view.conversation.map((m) => m.content)).toEqual([
      'Message 2',
      'Message 3',
      'Message 4',
      'Message 5',
      'Message 6',
      'Message 7',
      'Message 8',
    ]);
    expect(view.conversation.filter((m) => m.reported).map((m) => m.content)).toEqual(['Message 5']);
    expect((await get(t, item('message', UNKNOWN_ID), ada.cookie)).json()).toMatchObject({
      code: 'NO_OPEN_REPORTS',
    });
  });

  it("claims: the queue shows who holds it, and another admin's claim or decision is 409", async () => {
    await report(bob, 'project', projectId, 'scam');
    expect((await claim(ada, 'project', projectId)).statusCode).toBe(204);
    expect((await claim(ada, 'project', projectId)).statusCode).toBe(204);
    const [queued] = await json<Array<{ claim: { admin: { name: string } } }>>(
      '/api/admin/moderation/queue',
      max,
    );
    expect(queued?.claim.admin.name).toBe('Ada Admin');
    const stolen = await claim(max, 'project', projectId);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json()).toMatchObject({
      code: 'CLAIMED_BY_ANOTHER_ADMIN',
      message: 'Ada Admin claimed this item. Only they can act on it until they release it.',
    });
    expect((await decide(max, 'project', projectId, { action: 'dismiss' })).json()).toMatchObject({
      code: 'CLAIMED_BY_ANOTHER_ADMIN',
    });
    expect((await send(t, 'DELETE', `${item('project', projectId)}/claim`, max.cookie)).statusCode).toBe(409);
    expect((await send(t, 'DELETE', `${item('project', projectId)}/claim`, ada.cookie)).statusCode).toBe(204);
    expect((await decide(max, 'project', projectId, { action: 'dismiss' })).statusCode).toBe(200);
    expect((await claim(ada, 'project', UNKNOWN_ID)).statusCode).toBe(404);
  });

  it('lets one of two simultaneous decisions through; the other finds the reports decided (409)', async () => {
    await report(bob, 'project', projectId, 'scam');
    const answers = await Promise.all([
      decide(ada, 'project', projectId, { action: 'dismiss' }),
      decide(max, 'project', projectId, { action: 'hide', reason: 'scam' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json()).toMatchObject({
      code: 'REPORTS_ALREADY_DECIDED',
    });
    const log = await json<unknown[]>('/api/admin/moderation/actions', ada);
    expect(log).toHaveLength(1);
  });
});

describe('deciding', () => {
  it('hides a project from everyone but its owner and admins, tells each side, and logs the reports it closed', async () => {
    const other = await createProject(t, ann.cookie);
    const bidId = await placeBid(t, bob.cookie, projectId);
    expect((await send(t, 'PUT', `/api/projects/${projectId}/save`, eve.cookie)).statusCode).toBe(200);
    const first = (await report(bob, 'project', projectId, 'scam')).json().id as string;
    const second = (await report(eve, 'project', projectId, 'spam')).json().id as string;
    await claim(ada, 'project', projectId);

    const res = await decide(ada, 'project', projectId, {
      action: 'hide',
      reason: 'scam',
      note: 'Deposits go through BuildBid.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'hidden', closedReportIds: [first, second] });

    // Detail: 404 to others, readable (and marked hidden) to its owner and admins.
    expect((await get(t, `/api/projects/${projectId}`, bob.cookie)).statusCode).toBe(404);
    expect((await get(t, `/api/projects/${projectId}`, ann.cookie)).json()).toMatchObject({ hidden: true });
    expect((await get(t, `/api/projects/${projectId}`, ada.cookie)).json()).toMatchObject({ hidden: true });
    // Browse, with the total; My Projects; saved projects; My Bids; the project's bids.
    const browse = await get(t, '/api/projects', eve.cookie);
    expect((browse.json() as Array<{ id: string }>).map((p) => p.id)).toEqual([other]);
    expect(browse.headers['x-total-count']).toBe('1');
    expect((await json<unknown[]>('/api/users/me/projects', ann)).length).toBe(2);
    expect(await json('/api/users/me/saved-projects', eve)).toEqual([]);
    expect((await json<Array<{ id: string }>>('/api/users/me/bids', bob)).map((b) => b.id)).not.toContain(
      bidId,
    );
    expect((await get(t, `/api/projects/${projectId}/bids`, eve.cookie)).statusCode).toBe(404);
    // The reports are closed: no longer 'Reported', out of the queue, in the log with the reports it closed.
    expect(await json('/api/users/me/reports', bob)).toEqual([]);
    expect(await json('/api/admin/moderation/queue', ada)).toEqual([]);
    expect(await json('/api/admin/moderation/actions', max)).toMatchObject([
      {
        admin: { id: ada.id, name: 'Ada Admin' },
        action: 'hide',
        targetType: 'project',
        targetId: projectId,
        user: { id: ann.id },
        reason: 'scam',
        note: 'Deposits go through BuildBid.',
        reportIds: [first, second],
      },
    ]);
    // The reporters are told the outcome; the owner why.
    for (const reporter of [bob, eve]) {
      const told = await notificationsOf(reporter, 1);
      expect(told).toContainEqual(
        expect.objectContaining({
          title: 'Your report was reviewed',
          message: expect.stringContaining('We hid the project “'),
        }),
      );
    }
    const owner = await notificationsOf(ann, 2);
    expect(owner).toContainEqual(
      expect.objectContaining({
        title: 'Content hidden by BuildBid',
        message: expect.stringContaining('Reason: Scam or fraud. Deposits go through BuildBid.'),
      }),
    );
    // Hidden content cannot be reported again by others.
    expect((await report(eve, 'project', projectId)).statusCode).toBe(404);
  });

  it('hides a message from the other party only; its sender still reads it', async () => {
    const kept = await messageFrom(ann, bob, 'Hello Bob.');
    const abusive = await messageFrom(ann, bob, 'Pay me in cash, not through BuildBid.');
    await report(bob, 'message', abusive, 'off_platform_payment');
    expect(
      (await decide(ada, 'message', abusive, { action: 'hide', reason: 'off_platform_payment' })).statusCode,
    ).toBe(200);
    const seenBy = async (caller: Caller, other: Caller) =>
      (await json<Array<{ id: string }>>(`/api/messages?otherUserId=${other.id}`, caller)).map((m) => m.id);
    expect(await seenBy(bob, ann)).toEqual([kept]);
    expect(await seenBy(ann, bob)).toEqual([kept, abusive]);
  });

  it("hides a bid from the project's owner; its bidder still sees it", async () => {
    const bidId = await placeBid(t, bob.cookie, projectId);
    await report(ann, 'bid', bidId, 'spam');
    expect((await decide(ada, 'bid', bidId, { action: 'hide', reason: 'spam' })).statusCode).toBe(200);
    const ids = async (caller: Caller) =>
      (await json<Array<{ id: string }>>(`/api/projects/${projectId}/bids`, caller)).map((b) => b.id);
    expect(await ids(ann)).toEqual([]);
    expect(await ids(bob)).toEqual([bidId]);
    expect(await ids(ada)).toEqual([bidId]);
  });

  it('hides a question (and its answer) from the project page', async () => {
    const asked = await send(t, 'POST', `/api/projects/${projectId}/questions`, bob.cookie, {
      text: 'Can I pay the supplier directly in cash?',
    });
    const questionId = asked.json().id as string;
    await send(t, 'POST', `/api/questions/${questionId}/answer`, ann.cookie, {
      answer: 'Yes, outside BuildBid.',
    });
    await report(eve, 'answer', questionId, 'off_platform_payment');
    expect(
      (await decide(ada, 'answer', questionId, { action: 'hide', reason: 'off_platform_payment' }))
        .statusCode,
    ).toBe(200);
    expect(await json(`/api/projects/${projectId}/questions`, eve)).toEqual([]);
    const told = await notificationsOf(ann, 2);
    expect(told).toContainEqual(expect.objectContaining({ title: 'Content hidden by BuildBid' }));
  });

  it('warns the author: a notification with the reason; the content stays; reporters are told', async () => {
    await report(bob, 'user', ann.id, 'offensive');
    const warned = await decide(ada, 'user', ann.id, {
      action: 'warn',
      reason: 'offensive',
      note: 'Be civil.',
    });
    expect(warned.json()).toMatchObject({ outcome: 'warned' });
    expect(await notificationsOf(ann, 1)).toContainEqual(
      expect.objectContaining({
        title: 'A warning from BuildBid',
        message: expect.stringContaining(
          'We received reports about your profile. Reason: Offensive or harassing. Be civil.',
        ),
      }),
    );
    expect(await notificationsOf(bob, 1)).toContainEqual(
      expect.objectContaining({
        message: 'Thank you for your report. We warned the person responsible for the profile.',
      }),
    );
    expect((await get(t, `/api/projects/${projectId}`, bob.cookie)).statusCode).toBe(200);
  });

  it('dismisses: the reporter is told, nothing is hidden; a profile cannot be hidden; hide and warn need a reason', async () => {
    await report(bob, 'user', ann.id, 'spam');
    expect((await decide(ada, 'user', ann.id, { action: 'hide', reason: 'spam' })).json()).toMatchObject({
      code: 'CANNOT_HIDE_PROFILE',
    });
    await report(bob, 'project', projectId, 'spam');
    expect((await decide(ada, 'project', projectId, { action: 'hide' })).json()).toMatchObject({
      code: 'MODERATION_REASON_REQUIRED',
    });
    expect((await decide(ada, 'project', projectId, { action: 'dismiss' })).json()).toMatchObject({
      outcome: 'dismissed',
    });
    expect((await get(t, `/api/projects/${projectId}`, eve.cookie)).statusCode).toBe(200);
    expect(await notificationsOf(bob, 1)).toContainEqual(
      expect.objectContaining({ message: expect.stringContaining("does not break BuildBid's rules") }),
    );
    // Decided: Bob may report it again.
    expect((await report(bob, 'project', projectId, 'scam')).statusCode).toBe(201);
    expect((await decide(bob, 'project', projectId, { action: 'dismiss' })).statusCode).toBe(403);
  });
});
