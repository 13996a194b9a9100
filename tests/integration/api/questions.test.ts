import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
  UNKNOWN_ID,
} from './marketplace-support.ts';

let t: MarketplaceApp;
let owner: Caller;
let asker: Caller;
let bidder: Caller;
let projectId: string;

beforeAll(async () => {
  t = await buildMarketplaceApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await truncateAll(t.composition.orm);
  owner = await signUp(t, 'client');
  asker = await signUp(t, 'contractor');
  bidder = await signUp(t, 'vendor');
  projectId = await createProject(t, owner.cookie);
  await placeBid(t, bidder.cookie, projectId);
});

const ask = (text: unknown, cookie = asker.cookie, id = projectId) =>
  send(t, 'POST', `/api/projects/${id}/questions`, cookie, { text });
const answer = (questionId: string, body: Record<string, unknown>, cookie = owner.cookie) =>
  send(t, 'POST', `/api/questions/${questionId}/answer`, cookie, body);
const list = (cookie: string) => get(t, `/api/projects/${projectId}/questions`, cookie);
const rows = () =>
  t.composition.orm.em
    .getConnection()
    .execute<{ id: string; answer: string | null; hidden: boolean }[]>(
      'select id, answer, hidden from project_questions order by created_at',
    );
const titles = async (c: Caller) =>
  ((await get(t, '/api/notifications', c.cookie)).json() as { title: string }[]).map((n) => n.title);

describe('project questions (RFIs)', () => {
  it('a contractor asks, the owner answers; then everyone sees it without the asker’s name', async () => {
    const asked = await ask('  Is the existing sheathing to be replaced?  ');
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({
      question: 'Is the existing sheathing to be replaced?',
      answer: null,
      mine: true,
    });
    expect(await titles(owner)).toContain('New question');
    // Unanswered: the owner and the asker see it, the other bidder does not.
    expect((await list(owner.cookie)).json()).toMatchObject([{ askerName: 'Contractor Tester' }]);
    expect((await list(bidder.cookie)).json()).toEqual([]);

    const answered = await answer(asked.json().id, { answer: 'Yes, all of it.' });
    expect(answered.statusCode).toBe(200);
    const seen = (await list(bidder.cookie)).json();
    expect(seen).toMatchObject([
      { question: 'Is the existing sheathing to be replaced?', answer: 'Yes, all of it.' },
    ]);
    expect(seen[0].askerName).toBeNull();
    expect(await titles(asker)).toContain('Your question was answered');
    expect(await titles(bidder)).toContain('New answer');
    const mails = await t.composition.orm.em
      .getConnection()
      .execute<{ recipient: string }[]>(
        `select recipient from email_outbox where subject like '%answered%' order by recipient`,
      );
    expect(mails.map((m: { recipient: string }) => m.recipient).sort()).toEqual(
      [asker.email, bidder.email].sort(),
    );
  });

  it('shows the asker’s name when the owner chooses to', async () => {
    const { id } = (await ask('Can we visit the site on Saturday?')).json();
    await answer(id, { answer: 'Yes, from 9am.', showAsker: true });
    expect((await list(bidder.cookie)).json()).toMatchObject([
      { askerName: 'Contractor Tester', showAsker: true },
    ]);
  });

  it('the owner posts a clarification; every bidder is told', async () => {
    const res = await send(t, 'POST', `/api/projects/${projectId}/clarifications`, owner.cookie, {
      text: 'Work hours are 8am to 5pm.',
    });
    expect(res.statusCode).toBe(201);
    expect((await list(asker.cookie)).json()).toMatchObject([
      { kind: 'clarification', answer: 'Work hours are 8am to 5pm.' },
    ]);
    expect(await titles(bidder)).toContain('New clarification');
  });

  it('a user who saved the project hears of a clarification and an answer too, once, like the bidders', async () => {
    const saver = await signUp(t, 'contractor');
    expect((await send(t, 'PUT', `/api/projects/${projectId}/save`, saver.cookie)).statusCode).toBe(200);
    // The bidder saved it too: still one notification each.
    await send(t, 'PUT', `/api/projects/${projectId}/save`, bidder.cookie);
    await send(t, 'POST', `/api/projects/${projectId}/clarifications`, owner.cookie, {
      text: 'Parking is on site.',
    });
    const asked = await ask('Is the roof pitched?');
    await answer(asked.json().id, { answer: 'Yes, 30 degrees.' });
    expect((await titles(saver)).sort()).toEqual(['New answer', 'New clarification']);
    expect((await titles(bidder)).filter((x) => x === 'New clarification')).toHaveLength(1);
    expect(await titles(asker)).toContain('Your question was answered');
    expect(await titles(owner)).not.toContain('New clarification');
  });

  it('permissions and bad input: clear 4xx, nothing written', async () => {
    const { id } = (await ask('A fair question?')).json();
    const admin = await signUp(t, 'admin');
    const otherClient = await signUp(t, 'client');
    const cases: [Awaited<ReturnType<typeof ask>>, number, string][] = [
      [await ask(''), 400, 'QUESTION_REQUIRED'],
      [await ask('x'.repeat(1001)), 400, 'QUESTION_TOO_LONG'],
      [await ask('Mine?', owner.cookie), 403, 'ROLE_CANNOT_ASK'],
      [await ask('Client?', otherClient.cookie), 403, 'ROLE_CANNOT_ASK'],
      [await ask('Nowhere?', asker.cookie, UNKNOWN_ID), 404, 'PROJECT_NOT_FOUND'],
      [await answer(id, { answer: 'I am not the owner' }, bidder.cookie), 403, 'NOT_PROJECT_OWNER'],
      [await answer(id, { answer: 'Admins do not answer' }, admin.cookie), 403, 'NOT_PROJECT_OWNER'],
      [await answer(id, { answer: '  ' }), 400, 'ANSWER_REQUIRED'],
      [await answer(UNKNOWN_ID, { answer: 'x' }), 404, 'QUESTION_NOT_FOUND'],
      [
        await send(t, 'POST', `/api/projects/${projectId}/clarifications`, bidder.cookie, {
          text: 'Not mine',
        }),
        403,
        'NOT_PROJECT_OWNER',
      ],
      [
        await send(t, 'POST', `/api/questions/${id}/hidden`, owner.cookie, { hidden: true }),
        403,
        'ADMIN_ONLY',
      ],
    ];
    for (const [res, status, code] of cases) {
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
    }
    expect(await rows()).toEqual([{ id, answer: null, hidden: false }]);
    expect((await ask('Signed out?', '')).statusCode).toBe(401);
  });

  it('nobody asks on a closed project', async () => {
    expect((await send(t, 'POST', `/api/projects/${projectId}/cancel`, owner.cookie)).statusCode).toBe(200);
    const res = await ask('Still open?');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PROJECT_NOT_ACTIVE');
    expect(await rows()).toEqual([]);
  });

  it('an answer is given once', async () => {
    const { id } = (await ask('Once?')).json();
    expect((await answer(id, { answer: 'Yes.' })).statusCode).toBe(200);
    const again = await answer(id, { answer: 'Changed my mind.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('QUESTION_ALREADY_ANSWERED');
  });

  it('an admin hides an abusive question: nobody else sees it, and it cannot be answered', async () => {
    const { id } = (await ask('Abusive text')).json();
    const admin = await signUp(t, 'admin');
    const hidden = await send(t, 'POST', `/api/questions/${id}/hidden`, admin.cookie, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ hidden: true });
    expect((await list(owner.cookie)).json()).toEqual([]);
    expect((await list(asker.cookie)).json()).toEqual([]);
    expect((await list(admin.cookie)).json()).toMatchObject([{ id, hidden: true }]);
    expect((await answer(id, { answer: 'x' })).statusCode).toBe(409);
  });

  it('limits how many questions one user asks per hour (429)', async () => {
    for (let i = 0; i < 10; i += 1) expect((await ask(`Question ${i}?`)).statusCode).toBe(201);
    const res = await ask('One too many?');
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('QUESTION_RATE_LIMITED');
    expect(await rows()).toHaveLength(10);
  });
});
