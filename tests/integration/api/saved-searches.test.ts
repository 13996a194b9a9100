import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SqlSavedSearches } from '#adapters/persistence/sql-saved-searches.ts';
import { SendSavedSearchDigests } from '#application/email/index.ts';
import { matchesProjectFilters } from '#domain/project/browse.ts';
import type { ProjectSnapshot } from '#domain/project/project.ts';
import { DIGEST_INTERVAL_MS, type SavedSearchFilters } from '#domain/project/saved-search.ts';
import { truncateAll } from '../support/database.ts';
import {
  buildMarketplaceApp,
  type Caller,
  createProject,
  get,
  type MarketplaceApp,
  send,
  signUp,
  UNKNOWN_ID,
} from './marketplace-support.ts';

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
  // Alerts of an earlier test's posts run in the background: let them finish before the tables are emptied.
  await t.composition.settled();
  await truncateAll(t.composition.orm);
  owner = await signUp(t, 'client');
  contractor = await signUp(t, 'contractor');
});

const create = (body: Record<string, unknown>, cookie = contractor.cookie) =>
  send(t, 'POST', '/api/saved-searches', cookie, body);
const list = async (cookie = contractor.cookie) =>
  (await get(t, '/api/saved-searches', cookie)).json() as { id: string; name: string; alerts: string }[];
const sql = <T extends object>(query: string, params: unknown[] = []) =>
  t.composition.orm.em.getConnection().execute<T[]>(query, params);
const titles = async (c: Caller) =>
  ((await get(t, '/api/notifications', c.cookie)).json() as { title: string; message: string }[]).map(
    (n) => n.title,
  );

describe('saved searches: the calls', () => {
  it('saves the browse filters under a name, lists, renames, switches alerts and deletes', async () => {
    const created = await create({
      name: '  Kitchens   in BS ',
      filters: { q: 'kitchen', country: 'bs', category: '', budget: 'all' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Kitchens in BS',
      filters: { q: 'kitchen', country: 'BS', category: null, budget: null },
      alerts: 'instant',
    });
    const id = created.json().id as string;
    expect(await list()).toMatchObject([{ id, name: 'Kitchens in BS' }]);
    const patched = await send(t, 'PATCH', `/api/saved-searches/${id}`, contractor.cookie, {
      name: 'Kitchens',
      alerts: 'daily',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Kitchens', alerts: 'daily', filters: { q: 'kitchen' } });
    expect((await send(t, 'DELETE', `/api/saved-searches/${id}`, contractor.cookie)).statusCode).toBe(204);
    expect(await list()).toEqual([]);
  });

  it('keeps at most 10 per user (409), names unique ignoring case (409), and refuses bad input (400)', async () => {
    for (let i = 1; i <= 10; i++) expect((await create({ name: `Search ${i}` })).statusCode).toBe(201);
    const eleventh = await create({ name: 'Search 11' });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toMatchObject({ code: 'SAVED_SEARCH_LIMIT' });
    // Another user has their own ten.
    expect((await create({ name: 'Search 1' }, owner.cookie)).statusCode).toBe(201);

    await send(t, 'DELETE', `/api/saved-searches/${(await list())[0]?.id}`, contractor.cookie);
    const taken = await create({ name: 'SEARCH 1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SAVED_SEARCH_NAME_TAKEN', field: 'name' });
    for (const [body, code] of [
      [{ name: '   ' }, 'SAVED_SEARCH_NAME_REQUIRED'],
      [{ name: 'x'.repeat(81) }, 'SAVED_SEARCH_NAME_TOO_LONG'],
      [{ name: 'Budget', filters: { budget: '10k' } }, 'UNKNOWN_BUDGET_BAND'],
      [{ name: 'Alerts', alerts: 'hourly' }, 'UNKNOWN_ALERTS'],
    ] as const) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code });
    }
    expect(await list()).toHaveLength(9);
  });

  it("another user's search is 404 to change or delete, and stays as it was; no session is 401", async () => {
    const id = (await create({ name: 'Mine' })).json().id as string;
    for (const res of [
      await send(t, 'PATCH', `/api/saved-searches/${id}`, owner.cookie, { name: 'Theirs' }),
      await send(t, 'DELETE', `/api/saved-searches/${id}`, owner.cookie),
      await send(t, 'PATCH', `/api/saved-searches/${UNKNOWN_ID}`, contractor.cookie, { name: 'x' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'SAVED_SEARCH_NOT_FOUND' });
    }
    expect(await list()).toMatchObject([{ id, name: 'Mine' }]);
    expect((await get(t, '/api/saved-searches', undefined)).statusCode).toBe(401);
    expect((await send(t, 'POST', '/api/saved-searches', undefined, { name: 'x' })).statusCode).toBe(401);
  });
});

describe('saved searches: matching new projects', () => {
  it('matches by the browse list’s own rules (matchesProjectFilters), evaluated in the database', async () => {
    const filterSets: SavedSearchFilters[] = [
      {},
      { q: 'ROOF' },
      { q: 'oof' },
      { q: 'metal roof' },
      { q: 'roof zebrawood' },
      { q: 'hurricane-rated' },
      { country: 'BS' },
      { country: 'US' },
      { category: 'Construction' },
      { category: 'Residential' },
      { budget: '5k-25k' },
      { budget: '25k+' },
      { budget: '1k-5k' },
      { q: 'shingle', country: 'BS', category: 'Construction', budget: '5k-25k' },
    ];
    const searcher = await signUp(t, 'vendor');
    const repo = new SqlSavedSearches(t.composition.orm.em);
    for (const [i, filters] of filterSets.entries()) {
      await repo.add(
        {
          id: crypto.randomUUID(),
          userId: searcher.id,
          name: `s${i}`,
          filters,
          alerts: 'instant',
          createdAt: new Date(),
          updatedAt: new Date(),
        },
        () => undefined,
      );
    }
    const projectIds = [
      await createProject(t, owner.cookie),
      await createProject(t, owner.cookie, {
        title: 'Kitchen refit',
        description: 'New cabinets and a tiled splashback.',
        budgetMin: 1000,
        budgetMax: 4000,
      }),
      await createProject(t, owner.cookie, { country: 'US', budgetMin: 30000, budgetMax: null }),
    ];
    for (const projectId of projectIds) {
      const [row] = await sql<{
        title: string;
        description: string;
        country: string;
        category: string;
        budget_min: string | null;
        budget_max: string | null;
        client_id: string;
        status: string;
      }>(
        'select title, description, country, category, budget_min, budget_max, client_id, status from projects where id = ?',
        [projectId],
      );
      const cents = (v: string | null) => (v === null ? null : Math.round(Number(v) * 100));
      const project = {
        ...row,
        clientId: row?.client_id,
        budgetMinCents: cents(row?.budget_min ?? null),
        budgetMaxCents: cents(row?.budget_max ?? null),
      } as unknown as ProjectSnapshot;
      const expected = filterSets
        .map((filters, i) => (matchesProjectFilters(project, filters) ? `s${i}` : null))
        .filter((n) => n !== null)
        .sort();
      const { matches } = await repo.matching(projectId);
      expect(matches.map((m) => m.name).sort(), projectId).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(filterSets.length);
    }
  });

  it('tells each searcher once in-app; mails instant ones at once and daily ones in one digest a day', async () => {
    const daily = await signUp(t, 'vendor');
    const muted = await signUp(t, 'contractor');
    await create({ name: 'Roofs', filters: { q: 'roof' }, alerts: 'instant' });
    await create({ name: 'Bahamas', filters: { country: 'BS' }, alerts: 'instant' });
    await create({ name: 'Roofs daily', filters: { q: 'roof' }, alerts: 'daily' }, daily.cookie);
    await create({ name: 'Roofs muted', filters: { q: 'roof' }, alerts: 'off' }, muted.cookie);
    await create({ name: 'My own', filters: { q: 'roof' } }, owner.cookie);
    await create({ name: 'Kitchens', filters: { q: 'kitchen' } }, muted.cookie);

    const projectId = await createProject(t, owner.cookie);
    // The alerts run after the post answered (its owner does not wait for them).
    await t.composition.settled();
    expect(await titles(contractor)).toEqual(['New project matches your search']);
    expect(await titles(daily)).toEqual(['New project matches your search']);
    expect(await titles(muted)).toEqual([]);
    expect(await titles(owner)).not.toContain('New project matches your search');

    const mails = await sql<{ recipient: string; subject: string }>(
      `select recipient, subject from email_outbox where subject like 'New project for%'`,
    );
    expect(mails).toEqual([
      { recipient: contractor.email, subject: 'New project for “Roofs”: Re-roof a two-storey house' },
    ]);

    const digests = t.composition.get(SendSavedSearchDigests);
    const now = new Date();
    expect(await digests.execute(now)).toBe(1);
    const [digest] = await sql<{ recipient: string; subject: string; text_body: string }>(
      `select recipient, subject, text_body from email_outbox where subject like '%for your saved searches'`,
    );
    expect(digest).toMatchObject({
      recipient: daily.email,
      subject: '1 new project for your saved searches',
    });
    expect(digest?.text_body).toContain(`/projects/${projectId}`);
    // Nothing waits any more; a new match waits a day after the last digest.
    expect(await digests.execute(now)).toBe(0);
    await createProject(t, owner.cookie, { title: 'Roof repair after the storm' });
    await t.composition.settled();
    expect(await digests.execute(new Date(now.getTime() + 60_000))).toBe(0);
    expect(await digests.execute(new Date(now.getTime() + DIGEST_INTERVAL_MS))).toBe(1);
  });
});
