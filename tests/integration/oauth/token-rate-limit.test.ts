import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMarketplaceApp,
  type Caller,
  type MarketplaceApp,
  send,
  signUp,
} from '../api/marketplace-support.ts';
import { CookieJar, pkce } from '../support/oauth-browser.ts';

/**
 * Each OAuth app's own budget at the token endpoint (docs/decisions/0213-oauth-apps-with-oidc-provider.md,
 * apps/api/src/http/oauth-token-budget.ts), on the real API over HTTP with a budget of 3 a minute
 * (`OAUTH_TOKEN_RATE_LIMIT_PER_MINUTE`). The API's clock is the test's, so the minute windows are known.
 */
const REDIRECT_URI = 'https://sitediary.example/callback';
const LIMIT = 3;

let t: MarketplaceApp;
let base: string;
/** The middle of a minute: a window the test fills, then leaves by moving the clock on. */
let now = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;

beforeAll(async () => {
  t = await buildMarketplaceApp({
    env: { OAUTH_TOKEN_RATE_LIMIT_PER_MINUTE: String(LIMIT) },
    clock: { now: () => new Date(now) },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

interface App {
  client_id: string;
  client_secret: string | null;
}

async function registerApp(developer: Caller, clientType: 'confidential' | 'public'): Promise<App> {
  const res = await send(t, 'POST', '/api/oauth-apps', developer.cookie, {
    name: `Site Diary (${clientType})`,
    homepageUrl: 'https://sitediary.example',
    redirectUris: [REDIRECT_URI],
    clientType,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as App;
}

/** The user's browser through /oauth/auth and the consent calls, to the code at the app's redirect URI. */
async function authorizationCode(user: Caller, app: App, challenge: string): Promise<string> {
  const jar = new CookieJar();
  const browse = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', [user.cookie, jar.headerFor(url)].filter(Boolean).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    jar.store(response);
    return response;
  };
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: app.client_id,
    redirect_uri: REDIRECT_URI,
    scope: 'projects:read offline_access',
    state: 'st-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const start = await browse(`${base}/oauth/auth?${query}`);
  const uid = /^\/oauth\/consent\/([\w-]+)$/.exec(start.headers.get('location') ?? '')?.[1];
  expect(uid).toBeDefined();
  const allowed = await browse(`${base}/oauth/consent/${uid}/allow`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scopes: ['projects:read', 'offline_access'] }),
  });
  expect(allowed.status).toBe(200);
  const { pathname, search } = new URL(((await allowed.json()) as { redirectTo: string }).redirectTo);
  const back = await browse(`${base}${pathname}${search}`);
  const code = new URL(back.headers.get('location') as string).searchParams.get('code');
  expect(code).toBeTruthy();
  return code as string;
}

/** A token request as the app sends it: HTTP Basic for a confidential app, client_id in the form for a public one. */
async function tokenRequest(app: App, form: Record<string, string>) {
  const confidential = app.client_secret !== null;
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(confidential
        ? {
            authorization: `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString('base64')}`,
          }
        : {}),
    },
    body: new URLSearchParams(confidential ? form : { ...form, client_id: app.client_id }),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, string>,
  };
}

const budget = (answer: { headers: Headers }) =>
  ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((name) => answer.headers.get(name));

describe('the token endpoint’s budget per app (decision 0213)', () => {
  it('counts every token request of an app, answers 429 with Retry-After past it, and the provider never sees that request', async () => {
    const developer = await signUp(t, 'contractor');
    const user = await signUp(t, 'client');
    const diary = await registerApp(developer, 'confidential');
    const { verifier, challenge } = pkce();
    const code = await authorizationCode(user, diary, challenge);

    // 1 of 3: the code for tokens.
    const issued = await tokenRequest(diary, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(budget(issued)).toEqual(['3', '2', '30']);
    const refreshToken = issued.body.refresh_token as string;
    expect(refreshToken).toBeTruthy();

    // 2 and 3 of 3: refused by the provider, and counted all the same.
    for (const remaining of ['1', '0']) {
      const wrong = await tokenRequest(diary, {
        grant_type: 'authorization_code',
        code: 'not-a-code',
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe('invalid_grant');
      expect(wrong.headers.get('ratelimit-remaining')).toBe(remaining);
    }

    // 4 of 3: a refresh that would have worked is answered 429 and never reaches the provider.
    const spent = await tokenRequest(diary, { grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(spent.status).toBe(429);
    expect(budget(spent)).toEqual(['3', '0', '30']);
    expect(spent.headers.get('retry-after')).toBe('30');
    expect(spent.headers.get('cache-control')).toBe('no-store');
    expect(spent.body).toEqual({
      error: 'rate_limited',
      error_description: 'This app has used its 3 token requests for this minute. Try again in 30 seconds.',
      code: 'RATE_LIMITED',
      message: 'This app has used its 3 token requests for this minute. Try again in 30 seconds.',
    });

    // Another app, a public one named in the form, has its own budget.
    const cli = await registerApp(developer, 'public');
    const other = await tokenRequest(cli, { grant_type: 'refresh_token', refresh_token: 'not-a-token' });
    expect(other.status).toBe(400);
    expect(budget(other)).toEqual(['3', '2', '30']);

    // A request that names no app is left to the provider, uncounted.
    const anonymous = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(anonymous.status).toBe(400);
    expect(((await anonymous.json()) as { error: string }).error).toBe('invalid_request');
    expect(anonymous.headers.get('ratelimit-limit')).toBeNull();

    // The next minute the app has a fresh budget, and its refresh token still works: the refused request
    // never reached the provider (a refresh token used twice would have revoked the whole grant).
    now += 60_000;
    const refreshed = await tokenRequest(diary, { grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(budget(refreshed)).toEqual(['3', '2', '30']);
    const api = await t.app.inject({
      url: '/api/projects',
      headers: { authorization: `Bearer ${refreshed.body.access_token}` },
    });
    expect(api.statusCode).toBe(200);
  });

  it('refuses a body larger than the provider accepts with 413, before counting it', async () => {
    const developer = await signUp(t, 'contractor');
    const app = await registerApp(developer, 'public');
    const response = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: app.client_id, padding: 'x'.repeat(60 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_request');
    expect(response.headers.get('ratelimit-limit')).toBeNull();
  });
});
