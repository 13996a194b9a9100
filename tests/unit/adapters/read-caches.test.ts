import { describe, expect, it } from 'vitest';
import { CachingProjectQuery } from '../../../adapters/caching/caching-project-query.ts';
import { CachingSessionStore } from '../../../adapters/caching/caching-session-store.ts';
import { UserReadCache } from '../../../adapters/caching/user-read-cache.ts';
import type { ProjectPage, ProjectQuery } from '../../../application/projects/ports.ts';
import type { ProjectFilters } from '../../../domain/project/browse.ts';
import { User } from '../../../domain/user/user.ts';
import { InMemorySessionStore } from '../../fakes/accounts.ts';

class CountingQuery implements ProjectQuery {
  calls = 0;
  fail = false;
  async findView() {
    this.calls += 1;
    return null;
  }
  async list(): Promise<ProjectPage> {
    this.calls += 1;
    if (this.fail) throw new Error('database down');
    return { items: [], total: this.calls, nextCursor: null };
  }
}

const filters = (extra: Partial<ProjectFilters> = {}) => ({ limit: 20, ...extra }) as ProjectFilters;

describe('CachingProjectQuery', () => {
  it('answers identical lists from one query within the time to live, and asks again after it', async () => {
    let now = 0;
    const inner = new CountingQuery();
    const cache = new CachingProjectQuery(inner, { ttlMs: 1000, now: () => now });
    const [a, b] = await Promise.all([cache.list(filters()), cache.list(filters())]);
    expect(a).toBe(b);
    expect(inner.calls).toBe(1);
    await cache.list(filters({ country: 'BS' }));
    expect(inner.calls).toBe(2);
    now = 1000;
    expect((await cache.list(filters())).total).toBe(3);
  });

  it('forgets everything on clear, so a writer reads its own writes', async () => {
    const inner = new CountingQuery();
    const cache = new CachingProjectQuery(inner, { now: () => 0 });
    await cache.list(filters());
    cache.clear();
    await cache.list(filters());
    expect(inner.calls).toBe(2);
  });

  it('does not keep a failed query, and never caches the detail view', async () => {
    const inner = new CountingQuery();
    const cache = new CachingProjectQuery(inner, { now: () => 0 });
    inner.fail = true;
    await expect(cache.list(filters())).rejects.toThrow('database down');
    inner.fail = false;
    await expect(cache.list(filters())).resolves.toMatchObject({ total: 2 });
    await cache.findView('p1');
    await cache.findView('p1');
    expect(inner.calls).toBe(4);
  });

  it('is off with a time to live of 0', async () => {
    const inner = new CountingQuery();
    const cache = new CachingProjectQuery(inner, { ttlMs: 0 });
    await cache.list(filters());
    await cache.list(filters());
    expect(inner.calls).toBe(2);
  });
});

describe('CachingSessionStore', () => {
  it('trusts a found session for the time to live, never past its own expiry', async () => {
    let now = 0;
    const inner = new InMemorySessionStore();
    const store = new CachingSessionStore(inner, { ttlMs: 5000, now: () => now });
    const session = await inner.create('u1', new Date(3000));
    expect(await store.find(session.sid, new Date(0))).toEqual(session);
    inner.sessions.delete(session.sid); // gone from the table, e.g. revoked by another instance
    now = 1000;
    expect(await store.find(session.sid, new Date(1000))).toEqual(session);
    expect(await store.find(session.sid, new Date(3000))).toBeNull();
  });

  it('forgets a revoked session at once and rereads after the time to live', async () => {
    let now = 0;
    const inner = new InMemorySessionStore();
    const store = new CachingSessionStore(inner, { ttlMs: 5000, now: () => now });
    const a = await store.create('u1', new Date(60_000));
    const b = await store.create('u2', new Date(60_000));
    await store.find(a.sid, new Date(0));
    await store.revoke(a.sid);
    expect(await store.find(a.sid, new Date(0))).toBeNull();
    await store.find(b.sid, new Date(0));
    inner.sessions.delete(b.sid);
    now = 5000;
    expect(await store.find(b.sid, new Date(0))).toBeNull();
  });
});

describe('UserReadCache', () => {
  it('keeps a user for the time to live, and keeps a written user out while the write commits', () => {
    let now = 0;
    const cache = new UserReadCache({ ttlMs: 2000, quietMs: 5000, now: () => now });
    const user = User.register({ id: 'u1', email: 'ann@example.com', passwordHash: 'h', now: new Date(0) });
    cache.set(user.toSnapshot());
    expect(cache.get('u1')?.email).toBe('ann@example.com');
    now = 2000;
    expect(cache.get('u1')).toBeUndefined();

    cache.set(user.toSnapshot());
    cache.invalidate('u1');
    expect(cache.get('u1')).toBeUndefined();
    cache.set(user.toSnapshot()); // a read racing the write's commit is not kept
    expect(cache.get('u1')).toBeUndefined();
    now = 7000;
    cache.set(user.toSnapshot());
    expect(cache.get('u1')?.id).toBe('u1');
  });
});
