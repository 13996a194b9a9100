import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { truncateAll } from '../support/database.ts';
import { CookieJar, pkce } from '../support/oauth-browser.ts';
import {
  buildMarketplaceApp,
  type Caller,
  type MarketplaceApp,
  send,
  signUp,
} from './marketplace-support.ts';

/**
 * OAuth apps wired into the real API (docs/decisions/0213-oauth-apps-with-oidc-provider.md), over real
 * HTTP on PostgreSQL: a developer registers an app, a user goes through /oauth/auth, the consent calls
 * (with their session cookie) and the app exchanges the code at /oauth/token; the app's token then calls
 * the API within its scopes, and stops working once the user disconnects the app. The core flow's edge
 * cases are tests/integration/oauth/authorization-code-flow.test.ts's.
 */
const REDIRECT_URI = 'https://sitediary.example/callback';

let t: MarketplaceApp;
let base: string;

beforeAll(async () => {
  t = await buildMarketplaceApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());
beforeEach(async () => truncateAll(t.composition.orm));

/** One request of the user's browser: its session cookie and the jar's cookies, redirects not followed. */
async function browse(jar: CookieJar, session: string, url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('cookie', [session, jar.headerFor(url)].filter(Boolean).join('; '));
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(response);
  return response;
}

/** A URL the provider built from PUBLIC_URL, on the server this test listens on. */
const here = (url: string) => {
  const { pathname, search } = new URL(url, base);
  return `${base}${pathname}${search}`;
};

async function registerApp(developer: Caller) {
  const res = await send(t, 'POST', '/api/oauth-apps', developer.cookie, {
    name: 'Site Diary',
    homepageUrl: 'https://sitediary.example',
    redirectUris: [REDIRECT_URI],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { client_id: string; client_secret: string; app: { id: string } };
}

/** The whole authorization of `user` for `scopes`, ending with the app's tokens. */
async function connect(user: Caller, app: { client_id: string; client_secret: string }, scopes: string[]) {
  const jar = new CookieJar();
  const { verifier, challenge } = pkce();
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: app.client_id,
    redirect_uri: REDIRECT_URI,
    scope: scopes.join(' '),
    state: 'st-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const start = await browse(jar, user.cookie, `${base}/oauth/auth?${query}`);
  expect(start.status).toBe(303);
  const consentPage = start.headers.get('location') as string;
  const uid = /^\/oauth\/consent\/([\w-]+)$/.exec(consentPage)?.[1] as string;
  expect(uid, consentPage).toBeDefined();

  const details = await browse(jar, user.cookie, `${base}/oauth/consent/${uid}/details`);
  expect(details.status).toBe(200);
  expect(details.headers.get('cache-control')).toBe('no-store');
  const shown = (await details.json()) as { app: { name: string }; scopes: { scope: string }[] };
  expect(shown.app.name).toBe('Site Diary');
  expect(shown.scopes.map((s) => s.scope)).toEqual(scopes);

  const allowed = await browse(jar, user.cookie, `${base}/oauth/consent/${uid}/allow`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scopes }),
  });
  expect(allowed.status, await allowed.clone().text()).toBe(200);
  const { redirectTo } = (await allowed.json()) as { redirectTo: string };
  const back = await browse(jar, user.cookie, here(redirectTo));
  expect(back.status).toBe(303);
  const callback = new URL(back.headers.get('location') as string);
  expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);

  const token = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') as string,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    }),
  });
  const body = (await token.json()) as { access_token: string };
  expect(token.status, JSON.stringify(body)).toBe(200);
  return body.access_token;
}

const withToken = (token: string, url: string, method: 'GET' | 'DELETE' = 'GET') =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

describe('OAuth apps on the API (decision 0213)', () => {
  it('registers an app, connects it, calls the API within its scopes, and disconnects it', async () => {
    const developer = await signUp(t, 'contractor');
    const user = await signUp(t, 'client');
    const app = await registerApp(developer);
    expect(app.client_id).toBe(app.app.id);
    expect(app.client_secret).toMatch(/^bbcs_/);
    const listed = await t.app.inject({ url: '/api/oauth-apps', headers: { cookie: developer.cookie } });
    expect(listed.json().map((a: { id: string }) => a.id)).toEqual([app.client_id]);
    expect(listed.body).not.toContain(app.client_secret);

    const token = await connect(user, app, ['projects:read']);
    const projects = await withToken(token, '/api/projects');
    expect(projects.statusCode, projects.body).toBe(200);
    expect(projects.headers['ratelimit-limit']).toBeDefined();
    expect(projects.headers['ratelimit-remaining']).toBeDefined();
    const outside = await withToken(token, '/api/notifications');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().code).toBe('INSUFFICIENT_SCOPE');
    // No token may manage apps or connections, whatever its scopes.
    const closed = await withToken(token, '/api/connected-apps');
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe('TOKEN_NOT_ALLOWED');

    const connected = await t.app.inject({ url: '/api/connected-apps', headers: { cookie: user.cookie } });
    expect(connected.statusCode).toBe(200);
    expect(connected.json()).toEqual([
      expect.objectContaining({
        clientId: app.client_id,
        name: 'Site Diary',
        scopes: [{ scope: 'projects:read', description: expect.any(String) }],
      }),
    ]);

    const disconnected = await send(t, 'DELETE', `/api/connected-apps/${app.client_id}`, user.cookie);
    expect(disconnected.statusCode).toBe(204);
    const after = await withToken(token, '/api/projects');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('INVALID_TOKEN');
    const again = await send(t, 'DELETE', `/api/connected-apps/${app.client_id}`, user.cookie);
    expect(again.json().code).toBe('CONNECTION_NOT_FOUND');
  });

  it("deletes an app with its users' connections; only its owner may", async () => {
    const developer = await signUp(t, 'contractor');
    const user = await signUp(t, 'client');
    const app = await registerApp(developer);
    const token = await connect(user, app, ['projects:read']);
    const stranger = await send(t, 'DELETE', `/api/oauth-apps/${app.client_id}`, user.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('APP_NOT_FOUND');
    expect((await send(t, 'DELETE', `/api/oauth-apps/${app.client_id}`, developer.cookie)).statusCode).toBe(
      204,
    );
    expect((await withToken(token, '/api/projects')).json().code).toBe('INVALID_TOKEN');
  });

  it('refuses an invalid app with its field', async () => {
    const developer = await signUp(t, 'contractor');
    const res = await send(t, 'POST', '/api/oauth-apps', developer.cookie, {
      name: 'Site Diary',
      homepageUrl: 'https://sitediary.example',
      redirectUris: ['http://sitediary.example/callback'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'REDIRECT_URI_INVALID', field: 'redirectUris' });
  });

  it('keeps the origin check on the consent calls (not on the token endpoint), and answers an unknown interaction 404', async () => {
    const user = await signUp(t, 'client');
    const forged = await fetch(`${base}/oauth/consent/abc/deny`, {
      method: 'POST',
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { code: string }).code).toBe('ORIGIN_FORBIDDEN');
    // The app's own endpoints answer for themselves (the provider), whatever Origin a browser app sends.
    const token = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x', client_id: 'nobody' }),
    });
    expect(token.status).not.toBe(403);
    expect(((await token.json()) as { error: string }).error).toBe('invalid_client');
    const unknown = await t.app.inject({
      url: '/oauth/consent/abc/details',
      headers: { cookie: user.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('INTERACTION_NOT_FOUND');
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('publishes the RFC 8414 metadata with the API scopes', async () => {
    const res = await fetch(`${base}/.well-known/oauth-authorization-server`);
    expect(res.status).toBe(200);
    const metadata = (await res.json()) as Record<string, unknown>;
    const issuer = t.config.publicUrl;
    expect(metadata.issuer).toBe(issuer);
    expect(metadata.authorization_endpoint).toBe(`${issuer}/oauth/auth`);
    expect(metadata.token_endpoint).toBe(`${issuer}/oauth/token`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['projects:read', 'offline_access']));
  });
});
