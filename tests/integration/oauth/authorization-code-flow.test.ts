import { randomBytes, randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderAccessTokens, RandomClientSecrets } from '#adapters/oauth/credentials.ts';
import {
  type ConsentRequest,
  denyConsent,
  finishConsent,
  interactionDetails,
} from '#adapters/oauth/interactions.ts';
import {
  CONSENT_PATH,
  createOAuthProvider,
  METADATA_PATHS,
  OAUTH_PREFIX,
  OAUTH_TTL,
  type OAuthServer,
} from '#adapters/oauth/provider.ts';
import { MikroOrmUserRepository } from '#adapters/persistence/mikro-orm-user-repository.ts';
import { SqlOAuthApps } from '#adapters/persistence/oauth-apps.ts';
import { SqlOAuthModels } from '#adapters/persistence/oauth-models.ts';
import { closeOrm } from '#adapters/persistence/orm.ts';
import { runSql } from '#adapters/persistence/sql.ts';
import {
  AuthenticateOAuthToken,
  DeleteOAuthApp,
  DisconnectApp,
  ListConnectedApps,
  ListMyOAuthApps,
  RegisterOAuthApp,
} from '#application/oauth-apps/index.ts';
import { DomainError } from '#domain/shared/errors.ts';
import { User } from '#domain/user/user.ts';
import { openTestOrm, truncateAll } from '../support/database.ts';
import { CookieJar, pkce } from '../support/oauth-browser.ts';

/**
 * The OAuth 2.0 core of docs/decisions/0213-oauth-apps-with-oidc-provider.md end to end over real HTTP:
 * the provider mounted on a small Fastify server the way apps/api will mount it, PostgreSQL storage, a
 * cookie jar, and the consent step through adapters/oauth/interactions.ts with the signed-in user
 * simulated by a header.
 */

const REDIRECT_URI = 'https://app.example/callback';
const STATUS = { invalid: 400, unauthenticated: 401, forbidden: 403, not_found: 404, conflict: 409 } as const;

let orm: MikroORM;
let app: FastifyInstance;
let base: string;
let oauth: OAuthServer;
let apps: SqlOAuthApps;
let models: SqlOAuthModels;
let users: MikroOrmUserRepository;

beforeAll(async () => {
  orm = await openTestOrm();
  apps = new SqlOAuthApps(orm.em);
  models = new SqlOAuthModels(orm.em);
  users = new MikroOrmUserRepository(orm.em.fork());
  app = Fastify();
  // The mount apps/api will use: the provider gets the raw request before Fastify reads its body.
  const toProvider = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    oauth.handle(request.raw, reply.raw);
  };
  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: `${OAUTH_PREFIX}/*`,
    onRequest: toProvider,
    handler: async () => {},
  });
  for (const url of METADATA_PATHS) app.get(url, { onRequest: toProvider }, async () => {});
  const consent = (
    request: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
  ): ConsentRequest => ({
    req: request.raw,
    res: reply.raw,
    uid: request.params.uid,
  });
  const signedIn = (request: FastifyRequest) =>
    (request.headers['x-test-user'] as string | undefined) ?? null;
  app.get<{ Params: { uid: string } }>(`${CONSENT_PATH}/:uid/details`, (request, reply) =>
    interactionDetails(oauth, consent(request, reply), signedIn(request)),
  );
  app.post<{ Params: { uid: string }; Body: { scopes: string[] } }>(
    `${CONSENT_PATH}/:uid/allow`,
    (request, reply) =>
      finishConsent(oauth, consent(request, reply), signedIn(request) as string, request.body.scopes),
  );
  app.post<{ Params: { uid: string } }>(`${CONSENT_PATH}/:uid/deny`, (request, reply) =>
    denyConsent(oauth, consent(request, reply)),
  );
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof DomainError) {
      return reply.status(STATUS[error.kind as keyof typeof STATUS]).send({ code: error.code });
    }
    return reply.status(500).send({ message: String(error) });
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  oauth = createOAuthProvider({ issuer: base, secret: randomBytes(32), apps, storage: models, users });
});

afterAll(async () => {
  await app?.close();
  await closeOrm(orm);
});

let user: User;
let clientId: string;
let clientSecret: string | null;
const ids = { next: () => randomUUID() };
const clock = { now: () => new Date() };
const jar = () => new CookieJar();

function registerApp(owner: User, clientType: 'confidential' | 'public' = 'confidential') {
  return new RegisterOAuthApp({
    apps,
    secrets: new RandomClientSecrets(),
    ids,
    clock,
    loopbackRedirects: false,
  }).execute(owner, {
    name: 'Site Diary',
    homepageUrl: 'https://app.example',
    logoUrl: 'https://app.example/logo.png',
    redirectUris: [REDIRECT_URI],
    clientType,
  });
}

async function aUser(): Promise<User> {
  const someone = User.register({
    id: randomUUID(),
    email: `oauth-${randomUUID()}@example.com`,
    passwordHash: 'h',
    now: new Date(),
  });
  await new MikroOrmUserRepository(orm.em.fork()).add(someone);
  return someone;
}

beforeEach(async () => {
  await truncateAll(orm);
  users = new MikroOrmUserRepository(orm.em.fork());
  user = await aUser();
  ({ clientId, clientSecret } = await registerApp(user));
});

/** One request of the browser: cookies sent and kept, redirects not followed. */
async function browse(cookies: CookieJar, url: string, init: RequestInit & { user?: string } = {}) {
  const headers = new Headers(init.headers);
  const cookie = cookies.headerFor(url);
  if (cookie) headers.set('cookie', cookie);
  if (init.user) headers.set('x-test-user', init.user);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  cookies.store(response);
  return response;
}

function authorizeUrl(params: Record<string, string>) {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'projects:read bids:read offline_access',
    state: 'st-1',
    ...params,
  });
  return `${base}/oauth/auth?${query}`;
}

/** The browser's way to the consent page: the uid of the interaction, with the cookies it set. */
async function startAuthorization(challenge: string, params: Record<string, string> = {}, cookies = jar()) {
  const response = await browse(
    cookies,
    authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256', ...params }),
  );
  expect(response.status).toBe(303);
  const location = response.headers.get('location') as string;
  const uid = /^\/oauth\/consent\/([\w-]+)$/.exec(location)?.[1];
  expect(uid, location).toBeDefined();
  return { cookies, uid: uid as string };
}

/** Authorization through consent (by `as`, in the browser holding `jar`) to the code at the app's redirect URI. */
async function authorize(
  challenge: string,
  { approve = ['projects:read', 'offline_access'], as = user.id, cookies: browser = jar() } = {},
) {
  const { cookies, uid } = await startAuthorization(challenge, {}, browser);
  const allowed = await browse(cookies, `${base}/oauth/consent/${uid}/allow`, {
    method: 'POST',
    user: as,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scopes: approve }),
  });
  expect(allowed.status).toBe(200);
  const { redirectTo } = (await allowed.json()) as { redirectTo: string };
  const back = await browse(cookies, redirectTo);
  expect(back.status).toBe(303);
  const callback = new URL(back.headers.get('location') as string);
  expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
  expect(callback.searchParams.get('state')).toBe('st-1');
  return { code: callback.searchParams.get('code') as string, cookies, callback };
}

const basic = (id = clientId, secret = clientSecret) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** A request to the token endpoint: a confidential app authenticates with HTTP Basic, a public one names itself. */
async function tokenRequest(
  form: Record<string, string>,
  authorization = clientSecret === null ? null : basic(),
) {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(authorization ? { authorization } : {}),
    },
    body: new URLSearchParams(authorization ? form : { ...form, client_id: clientId }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string | number> };
}

const exchange = (code: string, verifier: string) =>
  tokenRequest({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
const refresh = (refreshToken: string) =>
  tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });

async function tokens(approve?: string[]) {
  const { verifier, challenge } = pkce();
  const { code } = await authorize(challenge, { approve });
  const { status, body } = await exchange(code, verifier);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { access_token: string; refresh_token: string; scope: string; expires_in: number };
}

const bearer = (token: string) =>
  new AuthenticateOAuthToken({ tokens: new ProviderAccessTokens(oauth), users }).execute(token);

async function bearerError(token: string) {
  return bearer(token).then(
    () => null,
    (error: DomainError) => error.code,
  );
}

describe('OAuth 2.0 authorization code with PKCE (decision 0213)', () => {
  it('sends the browser to the consent page, which shows the app and the scopes in words', async () => {
    const { cookies, uid } = await startAuthorization(pkce().challenge);
    const signedIn = await browse(cookies, `${base}/oauth/consent/${uid}/details`, { user: user.id });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({
      uid,
      app: {
        clientId,
        name: 'Site Diary',
        homepageUrl: 'https://app.example',
        logoUrl: 'https://app.example/logo.png',
      },
      scopes: [
        { scope: 'projects:read', description: 'See projects, their questions, addenda and files' },
        { scope: 'bids:read', description: 'See your bids and the bids on your projects' },
        {
          scope: 'offline_access',
          description: 'Keep this access while you are away, until you disconnect the app',
        },
      ],
      redirectUri: REDIRECT_URI,
      loginRequired: false,
    });

    const signedOut = await browse(cookies, `${base}/oauth/consent/${uid}/details`);
    expect(((await signedOut.json()) as { loginRequired: boolean }).loginRequired).toBe(true);
    // Another interaction's path, or no interaction cookie, finds nothing.
    const otherPath = await browse(cookies, `${base}/oauth/consent/${uid}x/details`, { user: user.id });
    expect(otherPath.status).toBe(404);
    expect(await otherPath.json()).toEqual({ code: 'INTERACTION_NOT_FOUND' });
    const noCookie = await browse(jar(), `${base}/oauth/consent/${uid}/details`, { user: user.id });
    expect(noCookie.status).toBe(404);
  });

  it('issues tokens for the code with the right verifier only, and the token acts as the user with the scopes allowed', async () => {
    const { verifier, challenge } = pkce();
    const wrong = await authorize(challenge);
    const refused = await exchange(wrong.code, pkce().verifier);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');

    const { code, callback } = await authorize(challenge);
    expect(callback.searchParams.get('iss')).toBe(base);
    const { status, body } = await exchange(code, verifier);
    expect(status).toBe(200);
    // The access token's scope names what it opens: offline_access earned the refresh token.
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: OAUTH_TTL.AccessToken,
      scope: 'projects:read',
    });
    expect(body.refresh_token).toEqual(expect.any(String));
    const credential = await bearer(body.access_token as string);
    expect(credential).toMatchObject({ kind: 'oauth_app', clientId, scopes: ['projects:read'] });
    expect(credential.user.id).toBe(user.id);
    const [grant] = await runSql<{ id: string }>(orm.em, "select id from oauth_models where model = 'Grant'");
    expect(credential.id).toBe(grant?.id);

    // A code works once; a second try revokes what it gave (RFC 6749 section 4.1.2).
    expect((await exchange(code, verifier)).body.error).toBe('invalid_grant');
    expect(await bearerError(body.access_token as string)).toBe('INVALID_TOKEN');
  });

  it('refuses an authorization request without PKCE, with the plain method, or with a wrong client secret', async () => {
    const { challenge, verifier } = pkce();
    for (const params of [
      { code_challenge: verifier, code_challenge_method: 'plain' },
      { code_challenge: challenge, code_challenge_method: '' },
    ]) {
      const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value));
      const response = await browse(jar(), authorizeUrl(query));
      const location = new URL(response.headers.get('location') as string);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
      expect(location.searchParams.get('error')).toBe('invalid_request');
    }
    const { code } = await authorize(challenge);
    const wrongSecret = await tokenRequest(
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier },
      basic(clientId, 'bbcs_wrong'),
    );
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.error).toBe('invalid_client');
    // The secret may also come in the form (client_secret_post).
    const posted = await tokenRequest(
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
        client_id: clientId,
        client_secret: clientSecret as string,
      },
      null,
    );
    expect(posted.status).toBe(200);
  });

  it('rotates refresh tokens, and a reused one revokes the whole grant', async () => {
    const first = await tokens();
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await bearer(second.body.access_token as string)).user.id).toBe(user.id);

    const reused = await refresh(first.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    expect(await bearerError(second.body.access_token as string)).toBe('INVALID_TOKEN');
    expect(await bearerError(first.access_token)).toBe('INVALID_TOKEN');
    expect((await refresh(second.body.refresh_token as string)).body.error).toBe('invalid_grant');
  });

  it('revokes one token at the RFC 7009 endpoint, and introspects only the app’s own tokens', async () => {
    const issued = await tokens();
    const introspect = async (token: string, authorization = basic()) => {
      const response = await fetch(`${base}/oauth/token/introspection`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
        body: new URLSearchParams({ token }),
      });
      return (await response.json()) as { active: boolean; scope?: string };
    };
    expect(await introspect(issued.access_token)).toMatchObject({ active: true, scope: 'projects:read' });
    const other = await registerApp(user);
    expect(await introspect(issued.access_token, basic(other.clientId, other.clientSecret))).toEqual({
      active: false,
    });

    const revoked = await fetch(`${base}/oauth/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic() },
      body: new URLSearchParams({ token: issued.access_token, token_type_hint: 'access_token' }),
    });
    expect(revoked.status).toBe(200);
    expect(await bearerError(issued.access_token)).toBe('INVALID_TOKEN');
    expect(await introspect(issued.access_token)).toEqual({ active: false });
    // oidc-provider ends the token chain with it (the refresh token too), but the connection stays.
    expect((await refresh(issued.refresh_token)).body.error).toBe('invalid_grant');
    expect(await new ListConnectedApps({ grants: models, apps }).execute(user)).toHaveLength(1);
    // Another app's token is left alone, with the same 200 (RFC 7009 section 2.2).
    const kept = await tokens();
    const notYours = await fetch(`${base}/oauth/token/revocation`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(other.clientId, other.clientSecret),
      },
      body: new URLSearchParams({ token: kept.access_token }),
    });
    expect(notYours.status).toBe(200);
    expect((await bearer(kept.access_token)).user.id).toBe(user.id);
  });

  it('lists the connected app with its scopes in words, and DisconnectApp ends the grant and its tokens', async () => {
    const before = new Date(Date.now() - 1000);
    const issued = await tokens();
    const list = new ListConnectedApps({ grants: models, apps });
    const [connected, ...more] = await list.execute(user);
    expect(more).toEqual([]);
    expect(connected).toMatchObject({
      clientId,
      name: 'Site Diary',
      scopes: [
        { scope: 'projects:read', description: 'See projects, their questions, addenda and files' },
        {
          scope: 'offline_access',
          description: 'Keep this access while you are away, until you disconnect the app',
        },
      ],
    });
    expect(connected?.grantedAt.getTime()).toBeGreaterThan(before.getTime());

    // A second consent changes the same grant (one connection per user and app): bids:read allowed,
    // offline_access left unticked this time and withdrawn.
    const online = await tokens(['projects:read', 'bids:read']);
    expect(online).not.toHaveProperty('refresh_token'); // no offline_access, no refresh token
    const [again, ...none] = await list.execute(user);
    expect(none).toEqual([]);
    expect(again?.scopes.map((s) => s.scope)).toEqual(['projects:read', 'bids:read']);
    expect(again?.grantedAt).toEqual(connected?.grantedAt);

    await new DisconnectApp({ grants: models }).execute(user, clientId);
    expect(await bearerError(issued.access_token)).toBe('INVALID_TOKEN');
    expect((await refresh(issued.refresh_token)).body.error).toBe('invalid_grant');
    expect(await list.execute(user)).toEqual([]);
    const error = await new DisconnectApp({ grants: models })
      .execute(user, clientId)
      .catch((e: DomainError) => e);
    expect((error as DomainError).code).toBe('CONNECTION_NOT_FOUND');
  });

  it('answers access_denied at the redirect URI when the user cancels', async () => {
    const { cookies, uid } = await startAuthorization(pkce().challenge);
    const denied = await browse(cookies, `${base}/oauth/consent/${uid}/deny`, { method: 'POST' });
    const { redirectTo } = (await denied.json()) as { redirectTo: string };
    const back = await browse(cookies, redirectTo);
    const callback = new URL(back.headers.get('location') as string);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('st-1');
  });

  it('keeps no provider session, and stores tokens and codes only as hashes', async () => {
    const browser = jar();
    const { code } = await authorize(pkce().challenge, { cookies: browser });
    expect(browser.names()).not.toContain('buildbid_oauth_session');
    // Another user signed in on the same browser is asked, and authorized, as themselves.
    const other = await aUser();
    const { verifier, challenge } = pkce();
    const theirs = await authorize(challenge, { as: other.id, cookies: browser });
    const exchanged = await exchange(theirs.code, verifier);
    expect((await bearer(exchanged.body.access_token as string)).user.id).toBe(other.id);

    const issued = await tokens();
    const rows = await runSql<{ model: string; id: string; payload: string }>(
      orm.em,
      'select model, id, payload::text as payload from oauth_models',
    );
    expect(rows.filter((row) => row.model === 'Session')).toEqual([]);
    for (const secret of [code, issued.access_token, issued.refresh_token]) {
      expect(rows.filter((row) => row.id === secret || row.payload.includes(secret))).toEqual([]);
    }
  });

  it('serves a public app with PKCE and no secret, and a deleted app’s tokens stop at once', async () => {
    ({ clientId, clientSecret } = await registerApp(user, 'public'));
    expect(clientSecret).toBeNull();
    const issued = await tokens();
    expect(await bearer(issued.access_token)).toMatchObject({ clientId });
    const refreshed = await refresh(issued.refresh_token);
    expect(refreshed.status).toBe(200);

    const mine = await new ListMyOAuthApps({ apps }).execute(user);
    expect(mine.map((a) => [a.id, a.clientType])).toEqual([
      [clientId, 'public'],
      [expect.any(String), 'confidential'],
    ]);
    expect(mine[0]).not.toHaveProperty('secretHash');
    await new DeleteOAuthApp({ apps }).execute(user, clientId);
    expect(await bearerError(refreshed.body.access_token as string)).toBe('INVALID_TOKEN');
    const stranger = await aUser();
    const error = await new DeleteOAuthApp({ apps }).execute(stranger, mine[1]?.id as string).catch((e) => e);
    expect((error as DomainError).code).toBe('APP_NOT_FOUND');
  });

  it('answers RFC 8414 metadata at /.well-known/oauth-authorization-server', async () => {
    const response = await fetch(`${base}/.well-known/oauth-authorization-server`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/auth`,
      token_endpoint: `${base}/oauth/token`,
      revocation_endpoint: `${base}/oauth/token/revocation`,
      introspection_endpoint: `${base}/oauth/token/introspection`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['projects:read', 'offline_access']));
    for (const path of ['/.well-known/openid-configuration', '/oauth/.well-known/openid-configuration']) {
      expect(await (await fetch(`${base}${path}`)).json()).toEqual(metadata);
    }
    expect((await fetch(`${base}/oauth`)).status).toBe(404);
  });
});
