import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCOPE_NAMES } from '#domain/access/scopes.ts';
import { createApi } from '#openapi/client.ts';
import { truncateAll } from '../support/database.ts';
import {
  buildMarketplaceApp,
  type Caller,
  createProject,
  type MarketplaceApp,
  send,
  signUp,
  UNKNOWN_ID,
} from './marketplace-support.ts';

/**
 * Personal access tokens as a third party uses them (decision 0211): no cookie and no Origin, on the real
 * database. The scope of every operation is checked by tests/integration/api/scope-matrix.test.ts.
 */
let t: MarketplaceApp;
let now = Date.now();

beforeAll(async () => {
  t = await buildMarketplaceApp({ clock: { now: () => new Date(now) } });
});
afterAll(async () => t.close());
beforeEach(async () => {
  now = Date.now();
  await truncateAll(t.composition.orm);
});

async function createToken(
  owner: Caller,
  body: Record<string, unknown> = { name: 'Script', scopes: SCOPE_NAMES },
): Promise<{ token: string; id: string }> {
  const res = await send(t, 'POST', '/api/access-tokens', owner.cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return { token: res.json().token, id: res.json().accessToken.id };
}

/** A request as a script makes it: the token, no cookie, no Origin. */
function asScript(
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload ? { payload } : {}),
  });
}

describe('personal access tokens (decision 0211)', () => {
  it('shows the secret once, works with no cookie and no Origin, and lists its last use', async () => {
    const client = await signUp(t, 'client');
    const created = await send(t, 'POST', '/api/access-tokens', client.cookie, {
      name: 'Nightly report',
      scopes: ['projects:read', 'bids:read'],
    });
    expect(created.statusCode).toBe(201);
    const { token, accessToken } = created.json();
    expect(token).toMatch(/^bbpat_[0-9A-Za-z]{42}$/);
    expect(accessToken).toMatchObject({
      name: 'Nightly report',
      scopes: ['projects:read', 'bids:read'],
      status: 'active',
      hint: token.slice(-4),
      lastUsedAt: null,
    });
    expect(Date.parse(accessToken.expiresAt) - Date.parse(accessToken.createdAt)).toBe(90 * 86_400_000);

    const listed = await asScript(token, 'GET', '/api/projects?status=active');
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['ratelimit-limit']).toBe('600');
    expect(listed.headers['ratelimit-remaining']).toBe('599');
    expect(Number(listed.headers['ratelimit-reset'])).toBeGreaterThan(0);

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/access-tokens',
      headers: { cookie: client.cookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toHaveLength(1);
    expect(mine.json()[0]).toMatchObject({ lastUsedIp: '127.0.0.1', status: 'active' });
    expect(mine.json()[0].lastUsedAt).not.toBeNull();
    expect(mine.body).not.toContain(token);
    const stored = await t.composition.orm.em.getConnection().execute('select * from access_tokens');
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("acts as its owner: the owner's role and rules, a bid with an Idempotency-Key from another site's page", async () => {
    const client = await signUp(t, 'client');
    const contractor = await signUp(t, 'contractor');
    const projectId = await createProject(t, client.cookie);
    const { token } = await createToken(contractor, { name: 'Bidder', scopes: ['bids:write'] });
    const bid = { amount: 12500, timeline: 30, proposal: 'Licensed crew, twelve years of Nassau roofs.' };
    const headers = { 'idempotency-key': 'bid-1', origin: 'https://tools.example' };
    const first = await asScript(token, 'POST', `/api/projects/${projectId}/bids`, bid, headers);
    expect(first.statusCode, first.body).toBe(201);
    const again = await asScript(token, 'POST', `/api/projects/${projectId}/bids`, bid, headers);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    // The same rules as the owner's session: a second bid on the project is refused.
    const second = await asScript(token, 'POST', `/api/projects/${projectId}/bids`, bid);
    expect(second.json().code).toBe('BID_ALREADY_EXISTS');

    const { token: clientToken } = await createToken(client, { name: 'Client', scopes: ['bids:write'] });
    const clientBid = await asScript(clientToken, 'POST', `/api/projects/${projectId}/bids`, bid);
    expect(clientBid.statusCode).toBe(403);
    expect(clientBid.json().code).not.toBe('INSUFFICIENT_SCOPE');
  });

  it('refuses a missing scope with 403 and an RFC 6750 challenge, and closes the account and admin operations to tokens', async () => {
    const admin = await signUp(t, 'admin');
    const { token } = await createToken(admin, { name: 'Reader', scopes: ['projects:read'] });
    const write = await asScript(token, 'POST', `/api/projects/${UNKNOWN_ID}/bids`, {});
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
    expect(write.headers['www-authenticate']).toBe(
      'Bearer realm="BuildBid", error="insufficient_scope", scope="bids:write"',
    );
    const { token: everything } = await createToken(admin);
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/access-tokens'],
      ['POST', '/api/access-tokens'],
      ['PUT', '/api/users/me/password'],
      ['POST', '/api/users/me/delete'],
    ] as const) {
      const res = await asScript(everything, method, url, method === 'GET' ? undefined : {});
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, 'TOKEN_NOT_ALLOWED']);
    }
    // A public operation serves a token as a visitor.
    expect((await asScript(token, 'GET', '/api/catalog')).statusCode).toBe(200);
  });

  it('answers a bad, malformed, expired or revoked token with 401 INVALID_TOKEN and a challenge', async () => {
    const client = await signUp(t, 'client');
    const refused = async (authorization: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/projects', headers: { authorization } });
      expect([res.statusCode, res.json().code]).toEqual([401, 'INVALID_TOKEN']);
      expect(res.headers['www-authenticate']).toMatch(
        /^Bearer realm="BuildBid", error="invalid_(token|request)"$/,
      );
    };
    await refused('Bearer bbpat_000000000000000000000000000000000000000000');
    await refused('Bearer');
    await refused('Basic dXNlcjpwYXNz');
    const short = await createToken(client, { name: 'Short', scopes: ['projects:read'], expiresInDays: 1 });
    expect((await asScript(short.token, 'GET', '/api/projects')).statusCode).toBe(200);
    now += 86_400_000;
    await refused(`Bearer ${short.token}`);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/access-tokens',
      headers: { cookie: client.cookie },
    });
    expect(mine.json()[0].status).toBe('expired');

    const kept = await createToken(client, { name: 'Kept', scopes: ['projects:read'] });
    expect((await send(t, 'DELETE', `/api/access-tokens/${kept.id}`, client.cookie)).statusCode).toBe(204);
    await refused(`Bearer ${kept.token}`);
    const other = await signUp(t, 'client');
    const notTheirs = await send(t, 'DELETE', `/api/access-tokens/${kept.id}`, other.cookie);
    expect([notTheirs.statusCode, notTheirs.json().code]).toEqual([404, 'TOKEN_NOT_FOUND']);
  });

  it('ends every token with a password change, and with the account', async () => {
    const client = await signUp(t, 'client');
    const a = await createToken(client);
    const b = await createToken(client, { name: 'Second', scopes: ['profile:read'] });
    expect((await asScript(b.token, 'GET', '/api/auth/user')).statusCode).toBe(200);
    const changed = await send(t, 'PUT', '/api/users/me/password', client.cookie, {
      currentPassword: 'secret12',
      newPassword: 'a new long passphrase',
    });
    expect(changed.statusCode).toBe(204);
    for (const { token } of [a, b])
      expect((await asScript(token, 'GET', '/api/auth/user')).statusCode).toBe(401);

    const c = await createToken(client, { name: 'After', scopes: ['profile:read'] });
    const deleted = await send(t, 'POST', '/api/users/me/delete', client.cookie, {
      password: 'a new long passphrase',
    });
    expect(deleted.statusCode).toBe(204);
    expect((await asScript(c.token, 'GET', '/api/auth/user')).statusCode).toBe(401);
  });

  it('checks what a token is made of and how many one may hold', async () => {
    const client = await signUp(t, 'client');
    const refused = async (body: Record<string, unknown>, code: string) => {
      const res = await send(t, 'POST', '/api/access-tokens', client.cookie, body);
      expect([res.statusCode, res.json().code]).toEqual([400, code]);
    };
    await refused({ name: ' ', scopes: ['projects:read'] }, 'TOKEN_NAME_REQUIRED');
    await refused({ name: 'x', scopes: [] }, 'TOKEN_SCOPES_REQUIRED');
    await refused({ name: 'x', scopes: ['admin'] }, 'UNKNOWN_SCOPE');
    await refused({ name: 'x', scopes: ['projects:read'], expiresInDays: 366 }, 'TOKEN_EXPIRY_INVALID');
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => createToken(client, { name: `t${i}`, scopes: ['projects:read'] })),
    );
    const over = await send(t, 'POST', '/api/access-tokens', client.cookie, {
      name: 'one more',
      scopes: ['projects:read'],
    });
    expect([over.statusCode, over.json().code]).toEqual([409, 'TOKEN_LIMIT_REACHED']);
    const count = await t.composition.orm.em
      .getConnection()
      .execute('select count(*)::int as n from access_tokens');
    expect(count[0].n).toBe(50);
  });
});

describe('the typed client with a token (docs/api-quickstart.md)', () => {
  it('calls the API from Node over HTTP with the token and no cookie', async () => {
    const client = await signUp(t, 'client');
    await createProject(t, client.cookie);
    const { token } = await createToken(client, { name: 'Node script', scopes: ['projects:read'] });
    // Over real HTTP (closed with the app after the file).
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const api = createApi(address, { token });
    const { data, response } = await api.GET('/api/projects', { params: { query: { limit: 3 } } });
    expect(response.status).toBe(200);
    expect(data?.map((p) => p.title)).toHaveLength(1);
    expect(response.headers.get('ratelimit-remaining')).toBe('599');
    const refused = await api.POST('/api/access-tokens', {
      body: { name: 'x', scopes: ['projects:read'] },
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error).toMatchObject({ code: 'TOKEN_NOT_ALLOWED' });
  });
});

describe('rate limits per credential (decision 0211)', () => {
  let limited: MarketplaceApp;
  beforeAll(async () => {
    limited = await buildMarketplaceApp({ env: { API_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => limited.close());

  it('gives each token its own budget, says so on every answer, and answers 429 with Retry-After when spent', async () => {
    const client = await signUp(limited, 'client');
    const first = await send(limited, 'POST', '/api/access-tokens', client.cookie, {
      name: 'A',
      scopes: ['projects:read'],
    });
    const second = await send(limited, 'POST', '/api/access-tokens', client.cookie, {
      name: 'B',
      scopes: ['projects:read'],
    });
    const call = (token: string) =>
      limited.app.inject({
        method: 'GET',
        url: '/api/projects',
        headers: { authorization: `Bearer ${token}` },
      });
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await call(first.json().token));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.map((a) => a.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    const spent = answers[3];
    expect(spent?.json().code).toBe('RATE_LIMITED');
    expect(Number(spent?.headers['retry-after'])).toBeGreaterThan(0);
    expect(spent?.headers['retry-after']).toBe(spent?.headers['ratelimit-reset']);
    // Another token of the same person has its own budget; the person's browser session has none of these.
    expect((await call(second.json().token)).statusCode).toBe(200);
    const browser = await limited.app.inject({
      method: 'GET',
      url: '/api/projects',
      headers: { cookie: client.cookie },
    });
    expect(browser.statusCode).toBe(200);
    expect(browser.headers['ratelimit-limit']).toBeUndefined();
  });
});
