import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeOrm } from '#adapters/persistence/orm.ts';
import { SqlProjectEngagement } from '#adapters/persistence/sql-engagement.ts';
import { ViewBatch } from '#adapters/persistence/view-batch.ts';
import { openTestOrm, truncateAll } from '../support/database.ts';
import { storeProject, storeUser } from './marketplace-fixtures.ts';

/** Page views written in batches (decision 0218): once per viewer per project per day, counts that agree. */
describe('ViewBatch (PostgreSQL)', () => {
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

  async function projects(n: number): Promise<string[]> {
    const owner = await storeUser(orm, 'client');
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await storeProject(orm, owner.id)).id);
    return ids;
  }

  /** Each project's view_count and its rows in project_views, which must agree. */
  async function counts(ids: string[]): Promise<Map<string, { count: number; rows: number }>> {
    const found: { id: string; view_count: number; rows: string }[] = await orm.em.getConnection().execute(
      `select p.id, p.view_count, (select count(*) from project_views v where v.project_id = p.id) as rows
        from projects p where p.id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    return new Map(found.map((r) => [r.id, { count: r.view_count, rows: Number(r.rows) }]));
  }

  it('writes many views of many projects in one flush: a viewer once per project and day, counts equal to the rows', async () => {
    const ids = await projects(5);
    const batch = new ViewBatch(orm.em, { rowsPerStatement: 7 });
    let expected = 0;
    for (const projectId of ids) {
      for (let viewer = 0; viewer < 6; viewer++) {
        expect(batch.add({ projectId, viewerKey: `u:${viewer}`, day: '2026-11-26' })).toBe(true);
        expected++;
        // The same view again waits once.
        expect(batch.add({ projectId, viewerKey: `u:${viewer}`, day: '2026-11-26' })).toBe(false);
      }
      // The next day is another view.
      batch.add({ projectId, viewerKey: 'u:0', day: '2026-11-27' });
      expected++;
    }
    expect(await batch.flush()).toBe(expected);
    expect(batch.pendingCount).toBe(0);
    for (const [, { count, rows }] of await counts(ids))
      expect({ count, rows }).toEqual({ count: 7, rows: 7 });
    // Views already written are not counted again, by this batch or another one.
    const again = new ViewBatch(orm.em);
    again.add({ projectId: ids[0] as string, viewerKey: 'u:0', day: '2026-11-26' });
    again.add({ projectId: ids[0] as string, viewerKey: 'u:9', day: '2026-11-26' });
    expect(await again.flush()).toBe(1);
    expect((await counts(ids)).get(ids[0] as string)).toEqual({ count: 8, rows: 8 });
  });

  it('lets two instances flush overlapping projects at once without a deadlock or a lost count', async () => {
    const ids = await projects(40);
    const a = new ViewBatch(orm.em, { rowsPerStatement: 10 });
    const b = new ViewBatch(orm.em, { rowsPerStatement: 10 });
    for (const [i, projectId] of ids.entries()) {
      a.add({ projectId, viewerKey: 'u:a', day: '2026-11-26' });
      b.add({ projectId: ids[ids.length - 1 - i] as string, viewerKey: 'u:b', day: '2026-11-26' });
      // Both saw this viewer: the database keeps one.
      a.add({ projectId, viewerKey: 'u:both', day: '2026-11-26' });
      b.add({ projectId, viewerKey: 'u:both', day: '2026-11-26' });
    }
    const [fromA, fromB] = await Promise.all([a.flush(), b.flush()]);
    expect(fromA + fromB).toBe(ids.length * 3);
    for (const [, value] of await counts(ids)) expect(value).toEqual({ count: 3, rows: 3 });
  });

  it('drops the views of a project deleted meanwhile, and keeps a failed flush’s views for the next one', async () => {
    const [kept, gone] = await projects(2);
    let failures = 1;
    const flaky = {
      fork: () => {
        const real = orm.em.fork();
        return {
          transactional: (work: (em: EntityManager) => Promise<unknown>) => {
            if (failures-- > 0) return Promise.reject(new Error('connection lost'));
            return real.transactional(work);
          },
        };
      },
    } as unknown as EntityManager;
    const batch = new ViewBatch(flaky);
    batch.add({ projectId: kept as string, viewerKey: 'u:1', day: '2026-11-26' });
    batch.add({ projectId: gone as string, viewerKey: 'u:1', day: '2026-11-26' });
    await expect(batch.flush()).rejects.toThrow('connection lost');
    expect(batch.pendingCount).toBe(2);
    await orm.em.getConnection().execute('delete from projects where id = ?', [gone]);
    expect(await batch.flush()).toBe(1);
    expect(batch.pendingCount).toBe(0);
    expect((await counts([kept as string])).get(kept as string)).toEqual({ count: 1, rows: 1 });
  });

  it('answers the page at once from a read: a new view counts for its viewer before it is written, and stop() writes it', async () => {
    const [projectId] = (await projects(1)) as [string];
    const batch = new ViewBatch(orm.em, { intervalMs: 60_000 }).start();
    const engagement = new SqlProjectEngagement(orm.em, batch);
    const view = { viewerKey: 'u:reader', day: '2026-11-26' };
    expect(await engagement.open(randomUUID(), projectId, view)).toEqual({ added: true, saved: false });
    // A reload before the write: still counted for the page, still one pending view.
    expect(await engagement.open(randomUUID(), projectId, view)).toEqual({ added: true, saved: false });
    expect(batch.pendingCount).toBe(1);
    expect((await counts([projectId])).get(projectId)).toEqual({ count: 0, rows: 0 });
    await batch.stop();
    expect((await counts([projectId])).get(projectId)).toEqual({ count: 1, rows: 1 });
    expect(await engagement.open(randomUUID(), projectId, view)).toEqual({ added: false, saved: false });
    expect(await engagement.recordView(projectId, 'u:other', '2026-11-26')).toBe(true);
  });
});
