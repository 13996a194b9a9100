import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { truncateAll } from '../support/database.ts';
import {
  buildMarketplaceApp,
  type Caller,
  createProject,
  get,
  type MarketplaceApp,
  multipart,
  projectData,
  signUp,
} from './marketplace-support.ts';

/**
 * Idempotency-Key on the posts that create things (docs/security.md, Writes safe to retry): a client that lost the
 * answer and retries gets the first answer again instead of a second project, or a 409 for its own bid.
 */
let t: MarketplaceApp;
let owner: Caller;
let contractor: Caller;

beforeAll(async () => {
  t = await buildMarketplaceApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await truncateAll(t.composition.orm);
  owner = await signUp(t, 'client');
  contractor = await signUp(t, 'contractor');
});

async function post(cookie: string, key: string | undefined, title = 'Re-roof the beach house') {
  const body = await multipart(projectData({ title }));
  return t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: { ...body.headers, cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body.payload,
  });
}

const bid = (projectId: string, key: string, amount = 12500) =>
  t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/bids`,
    headers: { cookie: contractor.cookie, 'idempotency-key': key },
    payload: { amount, timeline: 30, proposal: 'Licensed crew, twelve years of Nassau roofs.' },
  });

const myProjects = async (cookie: string) =>
  (await get(t, '/api/users/me/projects', cookie)).json() as Array<{ id: string }>;

describe('Idempotency-Key', () => {
  it('a retried project post answers the first project again and posts nothing more', async () => {
    const key = crypto.randomUUID();
    const first = await post(owner.cookie, key);
    expect(first.statusCode).toBe(201);
    const again = await post(owner.cookie, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await myProjects(owner.cookie)).toHaveLength(1);
    // Without a key, or with a new one, each post is a new project.
    expect((await post(owner.cookie, undefined)).statusCode).toBe(201);
    expect((await post(owner.cookie, crypto.randomUUID())).statusCode).toBe(201);
    expect(await myProjects(owner.cookie)).toHaveLength(3);
  });

  it('the same key for another bid is refused (409) and changes nothing; keys are per user', async () => {
    const projectId = await createProject(t, owner.cookie);
    const otherProject = await createProject(t, owner.cookie);
    const key = crypto.randomUUID();
    expect((await bid(projectId, key)).statusCode).toBe(201);
    const other = await bid(projectId, key, 9900);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', field: 'Idempotency-Key' });
    expect((await bid(otherProject, key)).statusCode).toBe(409);
    const mine = (await get(t, '/api/users/me/bids', contractor.cookie)).json() as Array<{ amount: string }>;
    expect(mine.map((b) => Number(b.amount))).toEqual([12500]);
    // Another user's key of the same value is theirs.
    const someoneElse = await signUp(t, 'client');
    expect((await post(someoneElse.cookie, key)).statusCode).toBe(201);
  });

  it('a multipart post counts by its address: the key reused for another project answers the first', async () => {
    const key = crypto.randomUUID();
    const first = await post(owner.cookie, key);
    const other = await post(owner.cookie, key, 'Paint the whole veranda, two coats');
    expect(other.statusCode).toBe(201);
    expect(other.json().id).toBe(first.json().id);
    expect(await myProjects(owner.cookie)).toHaveLength(1);
  });

  it('a failed post keeps no answer: the same key may be retried once the input is fixed', async () => {
    const key = crypto.randomUUID();
    const body = await multipart(projectData({ title: 'ab' }));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { ...body.headers, cookie: owner.cookie, 'idempotency-key': key },
      payload: body.payload,
    });
    expect(refused.statusCode).toBe(400);
    // The fixed request is another body: a released key takes it.
    expect((await post(owner.cookie, key)).statusCode).toBe(201);
  });

  it('a retried bid answers the first bid instead of 409 BID_ALREADY_EXISTS', async () => {
    const projectId = await createProject(t, owner.cookie);
    const key = crypto.randomUUID();
    const first = await bid(projectId, key);
    expect(first.statusCode).toBe(201);
    const again = await bid(projectId, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // Without the key the duplicate is the usual conflict.
    const plain = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/bids`,
      headers: { cookie: contractor.cookie },
      payload: { amount: 12500, timeline: 30, proposal: 'Licensed crew, twelve years of Nassau roofs.' },
    });
    expect(plain.statusCode).toBe(409);
    expect(plain.json().code).toBe('BID_ALREADY_EXISTS');
  });

  it('refuses a malformed key with 400 and posts nothing', async () => {
    for (const key of ['', 'has space', 'ü-key', 'x'.repeat(101)]) {
      const res = await post(owner.cookie, key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
    }
    expect(await myProjects(owner.cookie)).toHaveLength(0);
  });

  it('two identical posts at once: one project; the other is told to wait (409) or replayed', async () => {
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([post(owner.cookie, key), post(owner.cookie, key)]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    if (statuses[1] === 409) {
      expect([a, b].find((r) => r.statusCode === 409)?.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
    }
    expect(await myProjects(owner.cookie)).toHaveLength(1);
  });
});
