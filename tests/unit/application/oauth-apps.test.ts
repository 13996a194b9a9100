import { describe, expect, it } from 'vitest';
import { CLIENT_SECRET_PREFIX, hashClientSecret, RandomClientSecrets } from '#adapters/oauth/credentials.ts';
import {
  AuthenticateOAuthToken,
  DeleteOAuthApp,
  DisconnectApp,
  ListConnectedApps,
  ListMyOAuthApps,
  RegisterOAuthApp,
} from '#application/oauth-apps/index.ts';
import type {
  OAuthAccessTokenInfo,
  OAuthAppRepository,
  OAuthGrantSummary,
  OAuthGrants,
} from '#application/oauth-apps/ports.ts';
import type { OAuthAppSnapshot } from '#domain/oauth/oauth-app.ts';
import { InMemoryUserRepository } from '../../fakes/accounts.ts';
import { FakeClock, SequentialIds } from '../../fakes/in-memory.ts';
import { aClient, aContractor } from '../../fakes/mothers.ts';

/** OAuthAppRepository and OAuthGrants in memory, as the oauth_apps and oauth_models tables keep them. */
class MemoryOAuth implements OAuthAppRepository, OAuthGrants {
  readonly apps: OAuthAppSnapshot[] = [];
  grants: (OAuthGrantSummary & { userId: string })[] = [];

  async add(app: OAuthAppSnapshot) {
    this.apps.push(structuredClone(app));
  }
  async findById(id: string) {
    return this.apps.find((app) => app.id === id) ?? null;
  }
  async listForOwner(ownerUserId: string) {
    return this.apps.filter((app) => app.ownerUserId === ownerUserId).reverse();
  }
  async delete(ownerUserId: string, id: string) {
    const at = this.apps.findIndex((app) => app.id === id && app.ownerUserId === ownerUserId);
    if (at === -1) return false;
    this.apps.splice(at, 1);
    this.grants = this.grants.filter((grant) => grant.clientId !== id);
    return true;
  }
  async listForUser(userId: string) {
    return this.grants.filter((grant) => grant.userId === userId).map(({ userId: _, ...grant }) => grant);
  }
  async revokeForUser(userId: string, clientId: string) {
    const before = this.grants.length;
    this.grants = this.grants.filter((grant) => grant.userId !== userId || grant.clientId !== clientId);
    return this.grants.length < before;
  }
  async revokeAllForUser(userId: string) {
    const before = this.grants.length;
    this.grants = this.grants.filter((grant) => grant.userId !== userId);
    return before - this.grants.length;
  }
}

function setup() {
  const clock = new FakeClock('2027-03-01T12:00:00Z');
  const store = new MemoryOAuth();
  const users = new InMemoryUserRepository();
  const developer = aClient('dev');
  const member = aContractor('member');
  void users.add(developer);
  void users.add(member);
  const tokens = new Map<string, OAuthAccessTokenInfo>();
  const deps = {
    apps: store,
    grants: store,
    secrets: new RandomClientSecrets(),
    ids: new SequentialIds('app'),
    clock,
    loopbackRedirects: false,
    users,
    tokens: { find: async (token: string) => tokens.get(token) ?? null },
  };
  return {
    store,
    users,
    developer,
    member,
    tokens,
    register: new RegisterOAuthApp(deps),
    registerInDevelopment: new RegisterOAuthApp({ ...deps, loopbackRedirects: true }),
    mine: new ListMyOAuthApps(deps),
    remove: new DeleteOAuthApp(deps),
    connected: new ListConnectedApps(deps),
    disconnect: new DisconnectApp(deps),
    bearer: new AuthenticateOAuthToken(deps),
  };
}

const app = {
  name: 'Site Diary',
  homepageUrl: 'https://diary.example',
  redirectUris: ['https://diary.example/callback'],
};

describe('OAuth apps: the use cases (decision 0213)', () => {
  it('registers a confidential app with a secret shown once and kept as its SHA-256', async () => {
    const t = setup();
    const { app: view, clientId, clientSecret } = await t.register.execute(t.developer, app);
    expect(clientId).toBe('app-1');
    expect(clientSecret).toMatch(new RegExp(`^${CLIENT_SECRET_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(t.store.apps[0]?.secretHash).toBe(hashClientSecret(clientSecret as string));
    expect(view).toEqual({
      id: 'app-1',
      ownerUserId: t.developer.id,
      name: 'Site Diary',
      homepageUrl: 'https://diary.example',
      logoUrl: null,
      redirectUris: ['https://diary.example/callback'],
      createdAt: new Date('2027-03-01T12:00:00Z'),
      clientType: 'confidential',
    });
  });

  it('registers a public app without a secret, and localhost redirects only in development', async () => {
    const t = setup();
    const local = { ...app, redirectUris: ['http://localhost:5173/callback'], clientType: 'public' as const };
    await expect(t.register.execute(t.developer, local)).rejects.toMatchObject({
      code: 'REDIRECT_URI_INVALID',
    });
    const registered = await t.registerInDevelopment.execute(t.developer, local);
    expect(registered.clientSecret).toBeNull();
    expect(t.store.apps.at(-1)?.secretHash).toBeNull();
    expect(registered.app.clientType).toBe('public');
  });

  it("lists the developer's own apps, newest first, and deletes only their own", async () => {
    const t = setup();
    await t.register.execute(t.developer, app);
    await t.register.execute(t.developer, { ...app, name: 'Second' });
    await t.register.execute(t.member, { ...app, name: 'Theirs' });
    expect((await t.mine.execute(t.developer)).map((a) => a.name)).toEqual(['Second', 'Site Diary']);
    expect(await t.mine.execute(t.developer)).not.toContainEqual(
      expect.objectContaining({ secretHash: expect.anything() }),
    );

    await expect(t.remove.execute(t.member, 'app-1')).rejects.toMatchObject({ code: 'APP_NOT_FOUND' });
    await t.remove.execute(t.developer, 'app-1');
    expect((await t.mine.execute(t.developer)).map((a) => a.id)).toEqual(['app-2']);
  });

  it('lists connected apps with their scopes in words, and disconnects one', async () => {
    const t = setup();
    await t.register.execute(t.developer, app);
    const grantedAt = new Date('2027-02-01T00:00:00Z');
    t.store.grants.push(
      {
        userId: t.member.id,
        clientId: 'app-1',
        scopes: ['offline_access', 'bids:read', 'openid'],
        grantedAt,
      },
      { userId: t.member.id, clientId: 'gone', scopes: ['bids:read'], grantedAt },
    );
    expect(await t.connected.execute(t.member)).toEqual([
      {
        clientId: 'app-1',
        name: 'Site Diary',
        homepageUrl: 'https://diary.example',
        logoUrl: null,
        scopes: [
          { scope: 'bids:read', description: 'See your bids and the bids on your projects' },
          {
            scope: 'offline_access',
            description: 'Keep this access while you are away, until you disconnect the app',
          },
        ],
        grantedAt,
      },
    ]);
    expect(await t.connected.execute(t.developer)).toEqual([]);

    await t.disconnect.execute(t.member, 'app-1');
    expect(await t.connected.execute(t.member)).toEqual([]);
    await expect(t.disconnect.execute(t.member, 'app-1')).rejects.toMatchObject({
      code: 'CONNECTION_NOT_FOUND',
    });
  });

  it('resolves an app token to its user, its grant and its BuildBid scopes, as a bearer credential', async () => {
    const t = setup();
    t.tokens.set('at-1', {
      grantId: 'grant-1',
      clientId: 'app-1',
      accountId: t.member.id,
      scopes: ['offline_access', 'bids:read', 'projects:read'],
    });
    const credential = await t.bearer.execute('at-1');
    expect(credential).toEqual({
      kind: 'oauth_app',
      id: 'grant-1',
      clientId: 'app-1',
      user: t.member,
      scopes: ['projects:read', 'bids:read'],
    });
  });

  it('answers INVALID_TOKEN for an unknown token, an empty one and one of a deleted account', async () => {
    const t = setup();
    t.tokens.set('at-ghost', { grantId: 'g', clientId: 'app-1', accountId: 'nobody', scopes: ['bids:read'] });
    t.tokens.set('at-deleted', { grantId: 'g', clientId: 'app-1', accountId: t.member.id, scopes: [] });
    t.member.erase(new Date('2027-03-01T00:00:00Z'));
    await t.users.save(t.member);
    for (const token of ['', 'at-unknown', 'at-ghost', 'at-deleted']) {
      await expect(t.bearer.execute(token)).rejects.toMatchObject({
        code: 'INVALID_TOKEN',
        kind: 'unauthenticated',
      });
    }
  });
});
