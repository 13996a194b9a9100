import { describe, expect, it } from 'vitest';
import { CachingSessionStore } from '#adapters/caching/caching-session-store.ts';
import { CachingSignedInUsers } from '#adapters/caching/caching-signed-in-users.ts';
import { UserReadCache } from '#adapters/caching/user-read-cache.ts';
import type { SessionWithUser } from '#adapters/persistence/mikro-orm-session-store.ts';
import { User } from '#domain/user/user.ts';
import { InMemorySessionStore } from '../../fakes/accounts.ts';

/** Decision 0111: the session and its user in one read, or from decision 0007's caches when both hold them. */
describe('CachingSignedInUsers', () => {
  const user = User.register({ id: 'u1', email: 'ann@example.com', passwordHash: 'h', now: new Date(0) });
  const session = { sid: 's1', userId: 'u1', expiresAt: new Date(10_000) };

  function setup(ttls: { session: number; user: number }) {
    let now = 0;
    const rows = new Map<string, SessionWithUser>([['s1', { session, user: user.toSnapshot() }]]);
    let reads = 0;
    const sessions = new CachingSessionStore(new InMemorySessionStore(), {
      ttlMs: ttls.session,
      now: () => now,
    });
    const users = new UserReadCache({ ttlMs: ttls.user, now: () => now });
    const signedIn = new CachingSignedInUsers(
      async (sid, at) => {
        reads += 1;
        const row = rows.get(sid);
        return row && row.session.expiresAt > at ? row : null;
      },
      sessions,
      users,
    );
    return {
      signedIn,
      sessions,
      users,
      rows,
      reads: () => reads,
      at: (ms: number) => {
        now = ms;
      },
    };
  }

  it('reads session and user once, then answers from the caches until either expires', async () => {
    const t = setup({ session: 5000, user: 2000 });
    expect((await t.signedIn.find('s1', new Date(0)))?.email).toBe('ann@example.com');
    expect(await t.signedIn.find('s1', new Date(0))).not.toBeNull();
    expect(t.reads()).toBe(1);
    t.at(2000); // the user's entry is stale: one read again, which refills both
    expect(await t.signedIn.find('s1', new Date(2000))).not.toBeNull();
    expect(t.reads()).toBe(2);
    expect(t.sessions.cached('s1', new Date(2000))).toEqual(session);
  });

  it('reads every time with the caches off, and answers null for unknown, expired or orphaned sessions', async () => {
    const t = setup({ session: 0, user: 0 });
    expect(await t.signedIn.find('s1', new Date(0))).not.toBeNull();
    expect(await t.signedIn.find('s1', new Date(0))).not.toBeNull();
    expect(t.reads()).toBe(2);
    expect(await t.signedIn.find('nope', new Date(0))).toBeNull();
    expect(await t.signedIn.find('s1', new Date(10_000))).toBeNull();
    t.rows.set('s1', { session, user: null });
    expect(await t.signedIn.find('s1', new Date(0))).toBeNull();
  });

  it('does not answer a revoked session from the cache', async () => {
    const t = setup({ session: 5000, user: 2000 });
    await t.signedIn.find('s1', new Date(0));
    await t.sessions.revoke('s1');
    t.rows.delete('s1');
    expect(await t.signedIn.find('s1', new Date(0))).toBeNull();
  });
});
