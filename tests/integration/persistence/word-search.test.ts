import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '#adapters/persistence/embedded-postgres.ts';
import { SqlProjectQuery } from '#adapters/persistence/marketplace-queries.ts';
import { closeOrm, createOrm, migrate } from '#adapters/persistence/orm.ts';
import { SqlModerationQuery } from '#adapters/persistence/sql-moderation.ts';
import { SqlSearchVocabulary } from '#adapters/persistence/sql-search-vocabulary.ts';
import { ListProjects } from '#application/projects/list-projects.ts';
import type { ProjectFilters } from '#domain/project/browse.ts';
import { aUser } from '../../fakes/mothers.ts';
import { truncateAll } from '../support/database.ts';
import { minutes, storeProject, storeUser } from './marketplace-fixtures.ts';

/**
 * Search as people expect it (issue 26, decision 0214), on PostgreSQL and on the embedded PGlite that
 * `npm start` runs without a server: both must give the same answers, so each case runs on both.
 */
const DATABASES: [string, () => Promise<{ url: string; stop?: () => Promise<void> }>][] = [
  ['PostgreSQL (the suite’s database)', async () => ({ url: inject('databaseUrl') })],
  [
    'the embedded PGlite',
    async () => {
      const embedded: EmbeddedPostgres = await startEmbeddedPostgres({ maxConnections: 8 });
      return { url: embedded.url, stop: () => embedded.stop() };
    },
  ],
];

const TEXTS = {
  roof: ['Roof repair after the storm', 'Replace the shingles on the north side.'],
  kitchen: ['Kitchen remodel', 'New cabinets and a tile floor, with painted walls.'],
  floor: ['Bathroom renovation', 'Tile the floor and the shower; paint the ceiling.'],
  roofer: ['Roofers wanted for a church', 'Metal roofing over the hall.'],
  deck: ['Cedar deck', 'A deck with a gate and steps to the garden.'],
} as const;
type Key = keyof typeof TEXTS;

describe.each(DATABASES)('word search on %s', (_name, open) => {
  let orm: MikroORM;
  let stop: (() => Promise<void>) | undefined;
  const ids = {} as Record<Key, string>;

  beforeAll(async () => {
    const database = await open();
    stop = database.stop;
    orm = await createOrm({ clientUrl: database.url, poolSize: 4 });
    if (stop) await migrate(orm);
    await truncateAll(orm);
    const owner = await storeUser(orm, 'client');
    let n = 0;
    for (const [key, [title, description]] of Object.entries(TEXTS)) {
      const project = await storeProject(orm, owner.id, { title, description, createdAt: minutes(n++) });
      ids[key as Key] = project.id;
    }
  }, 120_000);
  afterAll(async () => {
    await closeOrm(orm);
    await stop?.();
  });

  async function found(q: string, filters: Omit<ProjectFilters, 'limit' | 'q'> = {}): Promise<Key[]> {
    const page = await new SqlProjectQuery(orm.em).list({ ...filters, q, limit: 20 });
    const keys = Object.fromEntries(Object.entries(ids).map(([key, id]) => [id, key]));
    expect(page.total).toBe(page.items.length);
    return page.items.map((item) => keys[item.project.id] as Key);
  }

  it('matches by English stem: roofing finds Roof repair, painted finds paint', async () => {
    expect(await found('roofing')).toEqual(['roofer', 'roof']);
    expect(await found('painted')).toEqual(['floor', 'kitchen']);
    expect(await found('repairs')).toEqual(['roof']);
  });

  it('matches every word as a prefix while it is typed: kitch finds Kitchen', async () => {
    expect(await found('kitch')).toEqual(['kitchen']);
    expect(await found('shing')).toEqual(['roof']);
    expect(await found('K')).toEqual(['kitchen']);
  });

  it('needs every word, in any order, newest first', async () => {
    expect(await found('tile kitchen')).toEqual(['kitchen']);
    expect(await found('kitchen tile')).toEqual(['kitchen']);
    expect(await found('tile')).toEqual(['floor', 'kitchen']);
    expect(await found('tile deck')).toEqual([]);
  });

  it('matches a quoted phrase as a phrase', async () => {
    expect(await found('"tile floor"')).toEqual(['kitchen']);
    expect(await found('"floor tile"')).toEqual([]);
  });

  it('reads or and -word as a search engine does', async () => {
    expect(await found('deck or kitchen')).toEqual(['deck', 'kitchen']);
    expect(await found('tile -bathroom')).toEqual(['kitchen']);
  });

  it('finds no letters inside words, and takes any text safely', async () => {
    expect(await found('itche')).toEqual([]);
    expect(await found('oof')).toEqual([]);
    for (const q of ["o'brien", 'a:*', '&|!', '(((', "'; drop table projects; --", '\\', '%_']) {
      expect(Array.isArray(await found(q)), q).toBe(true);
    }
    expect((await found('cedar')).length).toBe(1);
  });

  it('keeps the vocabulary up to date as projects are posted and edited, and suggests from it', async () => {
    const vocabulary = new SqlSearchVocabulary(orm.em);
    expect(await vocabulary.nearest(['kitchn', 'shingels', 'zzqx', 'kitchen'])).toEqual(
      new Map([
        ['kitchn', 'kitchen'],
        ['shingels', 'shingles'],
        ['kitchen', 'kitchen'],
      ]),
    );
    expect((await vocabulary.nearest(['pergolla'])).size).toBe(0);
    const owner = await storeUser(orm, 'client');
    const pergola = await storeProject(orm, owner.id, {
      title: 'Pergola',
      description: 'Timber pergola by the pool.',
    });
    expect(await vocabulary.nearest(['pergolla'])).toEqual(new Map([['pergolla', 'pergola']]));
    await orm.em
      .getConnection()
      .execute('update projects set description = ? where id = ?', ['A gazebo instead.', pergola.id]);
    expect(await vocabulary.nearest(['gazbo'])).toEqual(new Map([['gazbo', 'gazebo']]));
  });

  it('answers "Did you mean" through ListProjects only with a search that finds projects', async () => {
    const list = new ListProjects({
      projects: new SqlProjectQuery(orm.em),
      vocabulary: new SqlSearchVocabulary(orm.em),
      hidden: new SqlModerationQuery(orm.em),
    });
    const actor = aUser();
    const missed = await list.execute(actor, { q: 'kitchn' });
    expect(missed.page.total).toBe(0);
    expect(missed.suggestion).toBe('kitchen');
    expect((await list.execute(actor, { q: 'Cedr Deck' })).suggestion).toBe('cedar deck');
    expect((await list.execute(actor, { q: 'kitchn', country: 'JM' })).suggestion).toBeNull();
    expect((await list.execute(actor, { q: 'kitchen' })).suggestion).toBeNull();
  });
});
