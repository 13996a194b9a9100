import { describe, expect, it } from 'vitest';
import { CacheInvalidationBus } from '#adapters/caching/cache-invalidation.ts';
import { CachingProjectQuery } from '#adapters/caching/caching-project-query.ts';
import { CachingSessionStore } from '#adapters/caching/caching-session-store.ts';
import { UserReadCache } from '#adapters/caching/user-read-cache.ts';
import type { ProjectPage, ProjectQuery } from '#application/projects/ports.ts';
import type { ProjectFilters } from '#domain/project/browse.ts';
import { User } from '#domain/user/user.ts';
import { InMemorySessionStore } from '../../fakes/accounts.ts';

class CountingQuery implements ProjectQuery {
  calls = 0;
  fail = false;
  async findView() {
    this.calls += 1;
    return null;
  }
  async findDetail() {
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
    await cache.findDetail('p1', 'u1');
    await cache.findDetail('p1', 'u1');
    expect(inner.calls).toBe(6);
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

describe('cross-instance invalidation (CacheInvalidationBus)', () => {
  function caches() {
    const now = () => 0;
    const sessions = new CachingSessionStore(new InMemorySessionStore(), { ttlMs: 60_000, now });
    const users = new UserReadCache({ ttlMs: 60_000, quietMs: 5000, now });
    const projects = new CachingProjectQuery(new CountingQuery(), { ttlMs: 60_000, now });
    return { sessions, users, projects };
  }

  it('tells the other instances when this one revokes a session or writes a user', async () => {
    const announced: string[] = [];
    const inner = new InMemorySessionStore();
    const store = new CachingSessionStore(inner, { onRevoked: (sid) => announced.push(`session ${sid}`) });
    const users = new UserReadCache({ onInvalidated: (id) => announced.push(`user ${id}`) });
    const session = await store.create('u1', new Date(Date.now() + 60_000));
    await store.revoke(session.sid);
    users.invalidate('u1');
    expect(announced).toEqual([`session ${session.sid}`, 'user u1']);
  });

  it('drops what another instance announced: a session, a user, every list page', async () => {
    const { users, projects } = caches();
    const bus = CacheInvalidationBus.local({ warn() {}, error() {} });
    const inner = new InMemorySessionStore();
    const store = new CachingSessionStore(inner, { ttlMs: 60_000 });
    bus.attach({ projects, sessions: store, users });
    const session = await store.create('u1', new Date(Date.now() + 60_000));
    expect(await store.find(session.sid, new Date())).not.toBeNull();
    inner.sessions.delete(session.sid); // revoked by the other instance, straight in the database
    expect(await store.find(session.sid, new Date())).not.toBeNull(); // still cached here...
    bus.apply({ c: 'session', id: session.sid });
    expect(await store.find(session.sid, new Date())).toBeNull(); // ...until it is announced

    const user = User.register({
      id: 'u2',
      email: 'u2@example.com',
      passwordHash: 'h',
      now: new Date(0),
    }).toSnapshot();
    users.set(user);
    expect(users.get('u2')).toBeDefined();
    bus.apply({ c: 'user', id: 'u2' });
    expect(users.get('u2')).toBeUndefined();
    users.set(user); // a read racing the other instance's commit is not cached
    expect(users.get('u2')).toBeUndefined();

    const first = await projects.list(filters());
    expect(await projects.list(filters())).toBe(first);
    bus.apply({ c: 'projects' });
    expect(await projects.list(filters())).not.toBe(first);
  });
});
