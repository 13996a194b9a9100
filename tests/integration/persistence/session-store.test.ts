import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MikroOrmSessionStore } from '#adapters/persistence/mikro-orm-session-store.ts';
import { closeOrm } from '#adapters/persistence/orm.ts';
import { openTestOrm, truncateAll } from '../support/database.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

describe('MikroOrmSessionStore (PostgreSQL)', () => {
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

  function store(): MikroOrmSessionStore {
    return new MikroOrmSessionStore(orm.em.fork());
  }

  it('creates a session with an unguessable id and finds it', async () => {
    const userId = randomUUID();
    const created = await store().create(userId, minutes(60));

    expect(created.sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created).toEqual({ sid: created.sid, userId, expiresAt: minutes(60) });
    expect(await store().find(created.sid, NOW)).toEqual(created);
  });

  it('stores the spec columns: sid, sess {userId}, expire', async () => {
    const userId = randomUUID();
    const { sid } = await store().create(userId, minutes(5));
    const rows: { sid: string; sess: unknown; expire: Date }[] = await orm.em
      .getConnection()
      .execute('select sid, sess, expire from session');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sid).toBe(sid);
    expect(rows[0]?.sess).toEqual({ userId });
    expect(new Date(rows[0]?.expire ?? 0)).toEqual(minutes(5));
  });

  it('gives every session its own id', async () => {
    const userId = randomUUID();
    const s = store();
    const a = await s.create(userId, minutes(60));
    const b = await s.create(userId, minutes(60));
    expect(a.sid).not.toBe(b.sid);
  });

  it('does not find unknown or expired sessions', async () => {
    const { sid } = await store().create(randomUUID(), minutes(10));

    expect(await store().find('no-such-session', NOW)).toBeNull();
    expect(await store().find(sid, minutes(9))).not.toBeNull();
    expect(await store().find(sid, minutes(10))).toBeNull();
    expect(await store().find(sid, minutes(11))).toBeNull();
  });

  it('revokes a session, also in a unit of work that has loaded it', async () => {
    const { sid } = await store().create(randomUUID(), minutes(60));
    const other = await store().create(randomUUID(), minutes(60));

    const s = store();
    expect(await s.find(sid, NOW)).not.toBeNull();
    await s.revoke(sid);

    expect(await s.find(sid, NOW)).toBeNull();
    expect(await store().find(sid, NOW)).toBeNull();
    expect(await store().find(other.sid, NOW)).toEqual(other);
    await expect(store().revoke('already-gone')).resolves.toBeUndefined();
  });

  it('deleteExpired removes only expired sessions', async () => {
    const expired = await store().create(randomUUID(), minutes(-1));
    const atNow = await store().create(randomUUID(), NOW);
    const live = await store().create(randomUUID(), minutes(1));

    expect(await store().deleteExpired(NOW)).toBe(2);

    const rows: { sid: string }[] = await orm.em.getConnection().execute('select sid from session');
    expect(rows.map((row) => row.sid)).toEqual([live.sid]);
    expect(await store().find(expired.sid, minutes(-5))).toBeNull();
    expect(await store().find(atNow.sid, minutes(-5))).toBeNull();
  });
});
