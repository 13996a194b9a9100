import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { ESTIMATE_TTL_MS, type SearchProbeSizes } from '#adapters/persistence/browse-plan.ts';
import { BUDGET_BAND_INDEXES } from '#adapters/persistence/entities.ts';
import {
  projectFilterSql,
  SqlBidQuery,
  SqlProjectQuery,
  SqlStatsQuery,
} from '#adapters/persistence/marketplace-queries.ts';
import { closeOrm, createOrm } from '#adapters/persistence/orm.ts';
import { matchesProjectFilters, type ProjectFilters } from '#domain/project/browse.ts';
import type { ProjectSnapshot } from '#domain/project/project.ts';
import { ValidationError } from '#domain/shared/errors.ts';
import { openTestOrm, truncateAll } from '../support/database.ts';
import { minutes, storeBid, storeProject, storeUser, T0 } from './marketplace-fixtures.ts';

describe('SqlProjectQuery, SqlBidQuery, SqlStatsQuery (PostgreSQL)', () => {
  let orm: MikroORM;

  beforeAll(async () => {
    orm = await openTestOrm();
  });
  afterAll(async () => {
    await closeOrm(orm);
  });
  beforeEach(async () => {
    await truncateAll(orm);
  });

  const projects = () => new SqlProjectQuery(orm.em);

  describe('findView', () => {
    it('derives bid count, the rounded average bid and the owner', async () => {
      const owner = await storeUser(orm, 'client', { firstName: 'Olga', lastName: 'Owner' });
      const a = await storeUser(orm, 'contractor');
      const b = await storeUser(orm, 'contractor');
      const project = await storeProject(orm, owner.id);
      const empty = await storeProject(orm, owner.id);
      await storeBid(orm, project.id, a.id, { amountCents: 100_001 });
      await storeBid(orm, project.id, b.id, { amountCents: 100_002 });

      expect(await projects().findView(project.id)).toEqual({
        project,
        bidCount: 2,
        averageBidCents: 100_002, // 100001.5 rounds half up
        createdBy: {
          id: owner.id,
          firstName: 'Olga',
          lastName: 'Owner',
          ratingHundredths: 0,
          reviewCount: 0,
        },
        viewCount: 0,
        saveCount: 0,
      });
      expect(await projects().findView(empty.id)).toMatchObject({ bidCount: 0, averageBidCents: null });
      expect(await projects().findView(randomUUID())).toBeNull();
      expect(await projects().findView('not-a-uuid')).toBeNull();
    });
  });

  describe('findDetail', () => {
    it('reads the view with the viewer’s own bid in one statement, and nobody else’s', async () => {
      const owner = await storeUser(orm, 'client', { firstName: 'Olga', lastName: 'Owner' });
      const a = await storeUser(orm, 'contractor');
      const b = await storeUser(orm, 'contractor');
      const project = await storeProject(orm, owner.id);
      const bidA = await storeBid(orm, project.id, a.id, { amountCents: 100_000 });
      await storeBid(orm, project.id, b.id, { amountCents: 200_000 });

      const view = await projects().findView(project.id);
      expect(await projects().findDetail(project.id, a.id)).toEqual({
        ...view,
        viewerBid: bidA,
        review: null,
      });
      expect(await projects().findDetail(project.id, owner.id)).toEqual({
        ...view,
        viewerBid: null,
        review: null,
      });
      expect(await projects().findDetail(project.id, 'not-a-uuid')).toEqual({
        ...view,
        viewerBid: null,
        review: null,
      });
      expect(await projects().findDetail(randomUUID(), a.id)).toBeNull();
      expect(await projects().findDetail('nope', a.id)).toBeNull();
    });
  });

  describe('list', () => {
    /** A spread of projects over every filter dimension, created a minute apart (some at the same instant). */
    async function arrange(): Promise<{ all: ProjectSnapshot[]; owners: string[] }> {
      const o1 = await storeUser(orm, 'client');
      const o2 = await storeUser(orm, 'client');
      const texts = [
        ['Kitchen remodel in Nassau', 'Replace the cabinets and the worktops in our kitchen.'],
        ['Roof repair', 'Shingles blew off in the storm; KITCHEN ceiling leaks too.'],
        ['New deck and fencing', 'Build a cedar deck, twenty square metres, with a gate.'],
        ['Bathroom tiles', 'Retile the bathroom floor and the shower walls, 100% waterproof_seal.'],
        ['Solar panels', 'Install rooftop solar with battery storage for the whole house.'],
        ['Garage construction', 'A two-car garage with an electric door and workshop lighting.'],
      ];
      const budgets: [number | null, number | null][] = [
        [null, null],
        [100_000, 500_000],
        [null, 400_000],
        [500_000, 2_500_000],
        [500_000, null],
        [2_500_000, 9_000_000],
        [3_000_000, null],
        [600_000, 2_400_000],
      ];
      const all: ProjectSnapshot[] = [];
      for (let i = 0; i < 24; i++) {
        const [title, description] = texts[i % texts.length] as [string, string];
        const [budgetMinCents, budgetMaxCents] = budgets[i % budgets.length] as [
          number | null,
          number | null,
        ];
        all.push(
          await storeProject(orm, i % 3 === 0 ? o2.id : o1.id, {
            title: `${title} #${i}`,
            description,
            country: ['BS', 'US', 'CA'][i % 3] as string,
            island: null,
            city: null,
            category: ['Construction', 'residential'][i % 2] as string,
            status: (['active', 'active', 'completed', 'cancelled'] as const)[i % 4],
            budgetMinCents,
            budgetMaxCents,
            // Pairs share a created_at: the id breaks the tie.
            createdAt: minutes(Math.floor(i / 2)),
          }),
        );
      }
      return { all, owners: [o1.id, o2.id] };
    }

    function newestFirst(a: ProjectSnapshot, b: ProjectSnapshot): number {
      return b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);
    }

    async function everyPage(
      filters: Omit<ProjectFilters, 'limit' | 'cursor'>,
      limit: number,
      query: SqlProjectQuery = projects(),
    ) {
      const ids: string[] = [];
      const totals: number[] = [];
      let cursor: string | undefined;
      for (let guard = 0; guard < 100; guard++) {
        const page = await query.list({ ...filters, limit, ...(cursor ? { cursor } : {}) });
        expect(page.items.length).toBeLessThanOrEqual(limit);
        ids.push(...page.items.map((item) => item.project.id));
        totals.push(page.total);
        if (page.nextCursor === null) return { ids, totals };
        cursor = page.nextCursor;
      }
      throw new Error('too many pages');
    }

    const FILTER_TABLE: [string, Omit<ProjectFilters, 'limit'>][] = [
      ['no filter', {}],
      ['country', { country: 'US' }],
      ['category', { category: 'residential' }],
      ['status', { status: 'completed' }],
      ['budget 1k-5k', { budget: '1k-5k' }],
      ['budget 5k-25k', { budget: '5k-25k' }],
      ['budget 25k+', { budget: '25k+' }],
      ['q: a word, any case', { q: 'KITCHEN' }],
      ['q: a word prefix', { q: 'kitch' }],
      ['q: two words in order', { q: 'the bathroom' }],
      ['q: letters inside a word find nothing', { q: 'itche' }],
      ['q: letters inside a word, short', { q: 'oof' }],
      ['q: a prefix of a longer word', { q: 'roof' }],
      ['q: words in any order, title and description', { q: 'storm roof' }],
      ['q: one word missing', { q: 'kitchen zebrawood' }],
      ['q: words not adjacent', { q: 'cedar gate' }],
      ['q: punctuation and digits', { q: '100%' }],
      ['q: pattern characters', { q: 'waterproof_seal' }],
      ['q: only punctuation', { q: ';' }],
      ['q: no match', { q: 'zebrawood' }],
      ['everything at once', { q: 'kitchen', country: 'BS', status: 'active', category: 'Construction' }],
      ['q with a country and a band', { q: 'kitchen', country: 'BS', budget: '1k-5k' }],
      ['q with a country and a status', { q: 'roof', country: 'US', status: 'active' }],
      ['q with a category', { q: 'kitch', category: 'residential' }],
    ];

    it.each(FILTER_TABLE)('agrees with matchesProjectFilters: %s', async (_name, filters) => {
      const { all } = await arrange();
      const expected = all.filter((p) => matchesProjectFilters(p, filters)).sort(newestFirst);
      const { ids, totals } = await everyPage(filters, 5);
      expect(ids).toEqual(expected.map((p) => p.id));
      expect(new Set(totals)).toEqual(new Set([expected.length]));
    });

    it.each<[string, SearchProbeSizes]>([
      // The newest candidates are read first when 1 of the newest 4 matches; the walk stops after 6, so
      // most searches go on to the text index, and the few with at most 6 candidates are answered whole.
      ['a short walk', { minTableRows: 0, headRows: 4, headHits: 1, walkRows: 6 }],
      // Every candidate is walked: the walk is the whole answer.
      ['a walk over every candidate', { minTableRows: 0, headRows: 24, headHits: 1, walkRows: 1_000 }],
      // The head never shows enough: straight to the text index.
      ['no walk', { minTableRows: 0, headRows: 4, headHits: 5, walkRows: 1_000 }],
    ])('a search answers the same pages and totals with %s', async (_name, probe) => {
      const { all } = await arrange();
      const query = new SqlProjectQuery(orm.em, { probe });
      for (const [name, filters] of FILTER_TABLE) {
        const expected = all.filter((p) => matchesProjectFilters(p, filters)).sort(newestFirst);
        const { ids, totals } = await everyPage(filters, 5, query);
        expect(ids, name).toEqual(expected.map((p) => p.id));
        expect(new Set(totals), name).toEqual(new Set([expected.length]));
      }
    });

    it('each filter narrows the list', async () => {
      const { all, owners } = await arrange();
      const total = async (filters: Omit<ProjectFilters, 'limit'>) =>
        (await projects().list({ ...filters, limit: 100 })).total;
      expect(await total({})).toBe(all.length);
      for (const filters of [
        { country: 'US' },
        { category: 'residential' },
        { status: 'active' as const },
        { budget: '25k+' as const },
        { q: 'roof' },
        { clientId: owners[0] as string },
      ]) {
        const n = await total(filters);
        expect(n, JSON.stringify(filters)).toBeGreaterThan(0);
        expect(n, JSON.stringify(filters)).toBeLessThan(all.length);
      }
      expect(await total({ clientId: 'not-a-uuid' })).toBe(0);
    });

    it('pages newest first with a keyset cursor: never repeats or skips, also across equal timestamps', async () => {
      const { all } = await arrange();
      const expected = [...all].sort(newestFirst).map((p) => p.id);
      for (const limit of [1, 2, 3, 7, 24, 100]) {
        expect((await everyPage({}, limit)).ids).toEqual(expected);
      }
    });

    it('a row inserted before the cursor position does not shift the next page', async () => {
      const { all } = await arrange();
      const first = await projects().list({ limit: 5 });
      // A newer project arrives between two page loads.
      await storeProject(orm, all[0]?.clientId as string, { createdAt: minutes(999) });
      const second = await projects().list({ limit: 5, cursor: first.nextCursor as string });
      const expected = [...all].sort(newestFirst).map((p) => p.id);
      expect([...first.items, ...second.items].map((i) => i.project.id)).toEqual(expected.slice(0, 10));
    });

    it('views in a page carry bid count, average and owner', async () => {
      const owner = await storeUser(orm, 'client', { firstName: 'Pat', lastName: null });
      const c = await storeUser(orm, 'contractor');
      const p = await storeProject(orm, owner.id);
      await storeBid(orm, p.id, c.id, { amountCents: 123_45 });
      const page = await projects().list({ limit: 10 });
      expect(page.items).toEqual([
        {
          project: p,
          bidCount: 1,
          averageBidCents: 123_45,
          createdBy: { id: owner.id, firstName: 'Pat', lastName: null, ratingHundredths: 0, reviewCount: 0 },
          viewCount: 0,
          saveCount: 0,
        },
      ]);
      expect(page).toMatchObject({ total: 1, nextCursor: null });
    });

    it('refuses a cursor it did not make', async () => {
      for (const cursor of [
        'abc',
        Buffer.from('[1,2]').toString('base64url'),
        Buffer.from('["x","y"]').toString('base64url'),
      ]) {
        const error = await projects()
          .list({ limit: 5, cursor })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ValidationError);
        expect(error).toMatchObject({ code: 'INVALID_CURSOR', field: 'cursor' });
      }
    });

    it('finds words and prefixes through the GIN index on search_vector, one condition for the whole search', async () => {
      await arrange();
      const { sql, params } = projectFilterSql({ q: 'worktops kitch' });
      expect(params).toEqual(['worktops kitch']);
      await orm.em.getConnection().transactional(async (trx) => {
        // Tiny tables may be scanned whole; the index must be usable (seq scans off to see it).
        await orm.em.getConnection().execute('set local enable_seqscan = off', [], 'all', trx);
        const plan: { 'QUERY PLAN': string }[] = await orm.em
          .getConnection()
          .execute(`explain select id from projects p where ${sql}`, params, 'all', trx);
        expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('projects_search_vector_index');
      });
      const page = await projects().list({ q: 'worktops kitch', limit: 50 });
      expect(page.items.length).toBeGreaterThan(0);
      for (const item of page.items) expect(item.project.description).toContain('worktops');
    });

    it('walks the budget band’s own newest-first index for each band, alone or with a country, a category or both, on connections priced for memory', async () => {
      await arrange();
      const [settings] = await orm.em
        .getConnection()
        .execute<{ jit: string; random_page_cost: string }[]>(
          "select current_setting('jit') as jit, current_setting('random_page_cost') as random_page_cost",
        );
      expect(settings).toEqual({ jit: 'off', random_page_cost: '1.1' });
      for (const [budget, band] of [
        ['1k-5k', 'low'],
        ['5k-25k', 'mid'],
        ['25k+', 'high'],
      ] as const) {
        const names = BUDGET_BAND_INDEXES[budget].names;
        expect(names).toEqual({
          '': `projects_budget_${band}_created_at_id_index`,
          country: `projects_country_budget_${band}_created_at_id_index`,
          category: `projects_category_budget_${band}_created_at_id_index`,
          'country,category': `projects_country_category_budget_${band}_created_at_id_index`,
        });
        for (const [filters, expected] of [
          [{ budget }, names['']],
          [{ budget, country: 'BS' }, names.country],
          [{ budget, category: 'residential' }, names.category],
          [{ budget, country: 'BS', category: 'residential' }, names['country,category']],
        ] as const) {
          const { sql, params } = projectFilterSql(filters);
          await orm.em.getConnection().transactional(async (trx) => {
            // Tiny tables may be scanned whole or sorted; the index must serve the newest-first walk (scans
            // that do not keep the order are off to see it).
            for (const off of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) {
              await orm.em.getConnection().execute(`set local ${off} = off`, [], 'all', trx);
            }
            const plan: { 'QUERY PLAN': string }[] = await orm.em
              .getConnection()
              .execute(
                `explain select id from projects p where ${sql} order by p.created_at desc, p.id desc limit 21`,
                params,
                'all',
                trx,
              );
            expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain(expected);
          });
        }
      }
    });

    it('counts exactly up to 200; beyond, samples the total once per filter set for 30 s', async () => {
      const owner = await storeUser(orm, 'client');
      for (let i = 0; i < 205; i++) await storeProject(orm, owner.id, { createdAt: minutes(i) });
      let now = 0;
      const query = new SqlProjectQuery(orm.em, { now: () => now });
      // A table never analysed is sampled whole (100%): the estimate is then exact.
      expect((await query.list({ limit: 5 })).total).toBe(205);
      for (let i = 0; i < 3; i++) await storeProject(orm, owner.id, { createdAt: minutes(300 + i) });
      expect((await query.list({ limit: 5 })).total).toBe(205); // kept for this filter set
      expect((await query.list({ limit: 5, status: 'active' })).total).toBe(208); // another filter set
      now = ESTIMATE_TTL_MS + 1;
      expect((await query.list({ limit: 5 })).total).toBe(208);
    });

    it('pages through more than 200 matches and through a few among many, never repeating or skipping', async () => {
      const owner = await storeUser(orm, 'client');
      const all: ProjectSnapshot[] = [];
      for (let i = 0; i < 230; i++) {
        all.push(
          await storeProject(orm, owner.id, {
            title: i % 20 === 0 ? `Cistern repair #${i}` : `Kitchen refit #${i}`,
            createdAt: minutes(Math.floor(i / 2)),
          }),
        );
      }
      // Above the exact count: later pages walk the newest-first index from the cursor.
      const dense = await everyPage({ q: 'refit' }, 50);
      expect(dense.ids).toEqual(
        all
          .filter((p) => p.title.includes('refit'))
          .sort(newestFirst)
          .map((p) => p.id),
      );
      // Few matches among many rows: every page, the first and those after a cursor, come from the
      // matches found once.
      const sparse = await everyPage({ q: 'cistern' }, 4);
      expect(sparse.ids).toEqual(
        all
          .filter((p) => p.title.includes('Cistern'))
          .sort(newestFirst)
          .map((p) => p.id),
      );
      expect(new Set(sparse.totals)).toEqual(new Set([12]));
      // Two words, with another filter: the same pages, whether the words are dense or rare.
      const denseWords = await everyPage({ q: 'refit kitchen', clientId: owner.id }, 50);
      expect(denseWords.ids).toEqual(dense.ids);
      expect(denseWords.totals[0]).toBeGreaterThan(200);
      const sparseWords = await everyPage({ q: 'repair cistern', clientId: owner.id }, 4);
      expect(sparseWords.ids).toEqual(sparse.ids);
      expect(new Set(sparseWords.totals)).toEqual(new Set([12]));
      expect((await everyPage({ q: 'refit kitchen', clientId: randomUUID() }, 50)).ids).toEqual([]);
      // More than 200 matches among the newest candidates: the walk alone gives the page and the capped count.
      const walking = new SqlProjectQuery(orm.em, {
        probe: { minTableRows: 0, headRows: 10, headHits: 2, walkRows: 250 },
      });
      expect((await everyPage({ q: 'refit' }, 50, walking)).ids).toEqual(dense.ids);
      expect((await everyPage({ q: 'refit kitchen', clientId: owner.id }, 50, walking)).ids).toEqual(
        dense.ids,
      );
      // Exactly 200 matches among the 211 newest: not enough to stop there, so the index counts on.
      const edge = new SqlProjectQuery(orm.em, {
        probe: { minTableRows: 0, headRows: 10, headHits: 2, walkRows: 211 },
      });
      const atCap = await everyPage({ q: 'refit' }, 50, edge);
      expect(atCap.ids).toEqual(dense.ids);
      expect(atCap.totals[0]).toBeGreaterThan(200);
      const walkedSparse = await everyPage({ q: 'cistern' }, 4, walking);
      expect(walkedSparse.ids).toEqual(sparse.ids);
      expect(new Set(walkedSparse.totals)).toEqual(new Set([12]));
    });

    it('prepares the list statement once per connection, and reads inside a transaction on its connection', async () => {
      await arrange();
      const single = await createOrm({ clientUrl: inject('databaseUrl'), poolSize: 1 });
      try {
        const query = new SqlProjectQuery(single.em);
        const prepared = async () =>
          (
            await single.em
              .getConnection()
              .execute<{ n: string }[]>(
                `select count(*) as n from pg_prepared_statements where statement like '%from projects p%'`,
              )
          )[0]?.n;
        expect(await prepared()).toBe('0');
        const first = await query.list({ q: 'kitchen', country: 'BS', limit: 2 });
        const again = await query.list({ q: 'roof', country: 'US', limit: 2 });
        expect(first.items).toHaveLength(2);
        expect(again.items.length).toBeGreaterThan(0);
        // One text for both: the same filters with other values. The embedded PGlite shares one session
        // among its connections, so there the statement stays unnamed.
        const [server] = await single.em
          .getConnection()
          .execute<{ version: string }[]>('select version() as version');
        expect(await prepared()).toBe(server?.version.includes('PGlite') ? '0' : '1');
        // Many at once over a pool of several connections (on PGlite they share one session).
        const pages = await Promise.all(
          Array.from({ length: 8 }, () => projects().list({ q: 'kitchen', country: 'BS', limit: 2 })),
        );
        for (const page of pages)
          expect(page.items.map((item) => item.project.id)).toEqual(
            first.items.map((item) => item.project.id),
          );
        await single.em.transactional(async (em) => {
          const inside = await new SqlProjectQuery(em).list({ q: 'kitchen', country: 'BS', limit: 2 });
          expect(inside.items.map((item) => item.project.id)).toEqual(
            first.items.map((item) => item.project.id),
          );
        });
      } finally {
        await closeOrm(single);
      }
    });

    it('reads a list page in one statement', async () => {
      await arrange();
      const statements: string[] = [];
      const counting = {
        getConnection: () => ({
          execute: (sql: string, params: unknown[]) => {
            statements.push(sql);
            return orm.em.getConnection().execute(sql, params);
          },
        }),
        getTransactionContext: () => undefined,
      };
      const query = new SqlProjectQuery(counting as unknown as typeof orm.em);
      const page = await query.list({ q: 'kitchen', country: 'BS', limit: 2 });
      expect(page.items).toHaveLength(2);
      expect(statements).toHaveLength(1);
      expect(statements[0]).not.toMatch(/explain/i);
    });

    it('finds a word typed in any case, and the same projects after a title or description changes', async () => {
      const owner = await storeUser(orm, 'client');
      const project = await storeProject(orm, owner.id, {
        title: 'Roof Repair',
        description: 'Replace the SHINGLES before the storm season.',
      });
      const ids = async (q: string) =>
        (await projects().list({ q, limit: 10 })).items.map((i) => i.project.id);
      expect(await ids('shingles')).toEqual([project.id]);
      expect(await ids('rOOF sHiNgLeS')).toEqual([project.id]);
      // search_vector is generated by PostgreSQL: whatever writes the title or description, it follows.
      await orm.em
        .getConnection()
        .execute('update projects set title = ?, description = ? where id = ?', [
          'Deck Repair',
          'Cedar boards for the porch.',
          project.id,
        ]);
      expect(await ids('shingles')).toEqual([]);
      expect(await ids('CEDAR')).toEqual([project.id]);
    });
  });

  describe('bids', () => {
    it('lists a project’s bids newest first with their bidders, or only one bidder’s', async () => {
      const owner = await storeUser(orm, 'client');
      const a = await storeUser(orm, 'contractor', {
        firstName: 'Al',
        lastName: 'Builder',
        profileImageUrl: 'https://cdn.example.com/al.png',
        ratingHundredths: 475,
        reviewCount: 4,
      });
      const b = await storeUser(orm, 'vendor', { firstName: null, lastName: null });
      const project = await storeProject(orm, owner.id);
      const older = await storeBid(orm, project.id, a.id, { createdAt: minutes(1) });
      const newer = await storeBid(orm, project.id, b.id, { createdAt: minutes(2) });
      const query = new SqlBidQuery(orm.em);

      expect(await query.listForProject(project.id)).toEqual([
        {
          bid: newer,
          contractor: {
            id: b.id,
            firstName: null,
            lastName: null,
            profileImageUrl: null,
            ratingHundredths: 0,
            reviewCount: 0,
          },
        },
        {
          bid: older,
          contractor: {
            id: a.id,
            firstName: 'Al',
            lastName: 'Builder',
            profileImageUrl: 'https://cdn.example.com/al.png',
            ratingHundredths: 475,
            reviewCount: 4,
          },
        },
      ]);
      expect((await query.listForProject(project.id, { contractorId: a.id })).map((v) => v.bid)).toEqual([
        older,
      ]);
      expect(await query.listForProject(project.id, { contractorId: owner.id })).toEqual([]);
      expect(await query.listForProject('nope')).toEqual([]);
    });

    it('lists a contractor’s bids newest first with their projects', async () => {
      const owner = await storeUser(orm, 'client');
      const c = await storeUser(orm, 'contractor');
      const p1 = await storeProject(orm, owner.id, { tags: ['a', 'b'], location: null });
      const p2 = await storeProject(orm, owner.id, { title: 'Second project' });
      const b1 = await storeBid(orm, p1.id, c.id, { createdAt: minutes(1) });
      const b2 = await storeBid(orm, p2.id, c.id, { createdAt: minutes(2) });
      expect(await new SqlBidQuery(orm.em).listForContractor(c.id)).toEqual([
        {
          bid: b2,
          project: {
            id: p2.id,
            clientId: owner.id,
            title: 'Second project',
            location: p2.location,
            category: p2.category,
            tags: p2.tags,
            budgetMinCents: p2.budgetMinCents,
            budgetMaxCents: p2.budgetMaxCents,
            currentPhase: 'bidding',
            owner: expect.objectContaining({ id: owner.id, ratingHundredths: 0, reviewCount: 0 }),
          },
        },
        {
          bid: b1,
          project: {
            id: p1.id,
            clientId: owner.id,
            title: p1.title,
            location: null,
            category: p1.category,
            tags: ['a', 'b'],
            budgetMinCents: p1.budgetMinCents,
            budgetMaxCents: p1.budgetMaxCents,
            currentPhase: p1.currentPhase,
            owner: expect.objectContaining({ id: owner.id, ratingHundredths: 0, reviewCount: 0 }),
          },
        },
      ]);
      expect(await new SqlBidQuery(orm.em).listForContractor(owner.id)).toEqual([]);
    });
  });

  describe('stats', () => {
    it('counts projects by owner, bids by contractor, the month’s bids and the platform', async () => {
      const owner = await storeUser(orm, 'client');
      const c = await storeUser(orm, 'contractor');
      const other = await storeUser(orm, 'contractor');
      const active = await storeProject(orm, owner.id);
      const done = await storeProject(orm, owner.id, { status: 'completed', currentPhase: 'completed' });
      await storeProject(orm, owner.id, { status: 'cancelled' });
      await storeBid(orm, active.id, c.id, { createdAt: minutes(0) });
      await storeBid(orm, done.id, c.id, { status: 'accepted', createdAt: minutes(30) });
      await storeBid(orm, active.id, other.id, { status: 'rejected', createdAt: minutes(60) });
      const stats = new SqlStatsQuery(orm.em);

      expect(await stats.projectCountsByOwner(owner.id)).toEqual({ posted: 3, active: 1, completed: 1 });
      expect(await stats.projectCountsByOwner(c.id)).toEqual({ posted: 0, active: 0, completed: 0 });
      expect(await stats.bidCountsByContractor(c.id)).toEqual({ total: 2, pending: 1, accepted: 1 });
      expect(await stats.bidCountsByContractor(other.id)).toEqual({ total: 1, pending: 0, accepted: 0 });
      expect(await stats.countBidsCreatedBetween(c.id, T0, minutes(30))).toBe(1);
      expect(await stats.countBidsCreatedBetween(c.id, T0, minutes(31))).toBe(2);
      expect(await stats.platformCounts()).toEqual({ activeProjects: 1, totalBids: 3 });
      expect(await stats.projectCountsByOwner('x')).toEqual({ posted: 0, active: 0, completed: 0 });
    });
  });
});
