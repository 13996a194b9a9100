// @vitest-environment jsdom
/**
 * Consumer side of the shell's auth contract: what the shell (apps/shell/src/auth.ts) and the account
 * remote's role switch send to the API, and what they rely on in the answers.
 *
 * The shell's own functions run here, unchanged, on the shell's own typed client (createBrowserApi →
 * createApi → openapi-fetch). jsdom gives them a window; `browserFetch` stands in for the browser's
 * network layer: it sends each same-origin request to the Pact mock server and keeps a cookie jar.
 *
 * Every run writes a fresh pact into a temporary folder, then compares it with the committed one in
 * contracts/pacts/ (the last test). A difference rewrites the committed file and fails the run, so a
 * passing run always means the provider verified exactly what this consumer expects.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Before Pact loads: no telemetry from tests.
vi.hoisted(() => {
  process.env.PACT_DO_NOT_TRACK = 'true';
});

import { type ApiUser, createBrowserApi, hasStatus, unwrap } from '@buildbid/api-client';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { authAtom, loadUser, register, signIn, signOut } from '../../apps/shell/src/auth.ts';
import { shellStore } from '../../apps/shell/src/store.ts';
import { CONSUMER, PROVIDER, SESSION_COOKIE, SHELL_AUTH_PACT, STATES } from '../support/contract.ts';

const { like, regex, uuid, integer, number, boolean, iso8601DateTimeWithMillis, equal } = MatchersV3;

const EMAIL = 'ann@example.com';
const PASSWORD = 'correct-horse-42';

/** An example session cookie value (the real one is the API's encrypted session id, opaque to the shell). */
const EXAMPLE_SESSION = 'c2Vzc2lvbg%3D%3D%3Bbm9uY2U%3D';

// Pact's regex matchers must match the whole value (not just find a match in it).

/** A session cookie as the browser sends it back; the value is opaque to the shell. */
const COOKIE_HEADER = regex(`${SESSION_COOKIE}=[^;\\s]+`, `${SESSION_COOKIE}=${EXAMPLE_SESSION}`);
/** The cookie the API sets on sign-in and registration: HttpOnly, so scripts cannot read the session. */
const SETS_SESSION_COOKIE = regex(
  `${SESSION_COOKIE}=[^;\\s]+;.*\\bHttpOnly\\b.*`,
  `${SESSION_COOKIE}=${EXAMPLE_SESSION}; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax`,
);
const JSON_CONTENT = { 'Content-Type': regex('application/json(;.*)?', 'application/json; charset=utf-8') };
/** A stable machine-readable error code, e.g. EMAIL_TAKEN. */
const errorCode = (example: string) => regex('[A-Z][A-Z0-9_]*', example);

/** The User schema's shape as the shell reads it (header name, role, country filter, ...). */
function userBody(overrides: Record<string, unknown> = {}) {
  return {
    id: uuid('5a2f3c1e-8b4d-4e6f-9a7b-1c2d3e4f5a6b'),
    email: like(EMAIL),
    firstName: like('Ann'),
    lastName: like('Example'),
    name: like('Ann Example'),
    profileImageUrl: null,
    role: like('client'),
    country: regex('[A-Z]{2}', 'US'),
    subscriptionTier: like('free'),
    rating: number(0),
    reviewCount: integer(0),
    emailNotifications: boolean(true),
    services: [],
    createdAt: iso8601DateTimeWithMillis('2025-01-02T03:04:05.678Z'),
    updatedAt: iso8601DateTimeWithMillis('2025-01-02T03:04:05.678Z'),
    ...overrides,
  };
}

/**
 * The browser's part: same-origin requests (the shell is served by the API) go to `server`, cookies
 * the answers set are kept and sent back, as `credentials: 'include'` does in a browser.
 */
function browserFetch(server: string, jar: Map<string, string>) {
  const realFetch = globalThis.fetch;
  return async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const { pathname, search } = new URL(request.url);
    const headers = new Headers(request.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const body = request.body ? await request.arrayBuffer() : undefined;
    const response = await realFetch(new URL(pathname + search, server), {
      method: request.method,
      headers,
      ...(body ? { body } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim());
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=.*1970/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
}

describe(`${CONSUMER} → ${PROVIDER}: auth`, () => {
  const outDir = mkdtempSync(join(tmpdir(), 'buildbid-pact-'));
  const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: outDir, logLevel: 'warn' });
  const jar = new Map<string, string>();

  /** Points the shell's "browser" at the mock server for one interaction. */
  function browseTo(url: string): void {
    vi.stubGlobal('fetch', browserFetch(url, jar));
  }

  beforeEach(() => {
    jar.clear();
    window.scrollTo = () => {}; // jsdom has no layout; signOut navigates to '/'
    shellStore.set(authAtom, { status: 'loading' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
  });

  describe('register (POST /api/auth/register)', () => {
    const registration = {
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Ann',
      lastName: 'Example',
      role: 'client',
      country: 'US',
    } as const;

    it('creates the account and signs in: 201 with the user and a session cookie', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a registration with a new email')
        .withRequest('POST', '/api/auth/register', (b) => b.headers(JSON_CONTENT).jsonBody(registration))
        .willRespondWith(201, (b) =>
          b.headers({ ...JSON_CONTENT, 'Set-Cookie': SETS_SESSION_COOKIE }).jsonBody(
            userBody({
              email: equal(EMAIL),
              firstName: equal('Ann'),
              lastName: equal('Example'),
              role: equal('client'),
              country: equal('US'),
            }),
          ),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          await register(registration);
          expect(jar.has(SESSION_COOKIE)).toBe(true);
        });
    });

    it('refuses an email that is taken: 409 with a message the form shows', async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, { email: EMAIL })
        .uponReceiving('a registration with an email that is taken')
        .withRequest('POST', '/api/auth/register', (b) => b.headers(JSON_CONTENT).jsonBody(registration))
        .willRespondWith(409, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            message: like('An account with this email already exists'),
            code: errorCode('EMAIL_TAKEN'),
          }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const failure = await register(registration).catch((error: unknown) => error);
          expect(hasStatus(failure, 409)).toBe(true);
          expect(failure).toHaveProperty('message', 'An account with this email already exists');
          expect(failure).toHaveProperty('fromServer', true);
        });
    });
  });

  describe('sign in (POST /api/auth/signin)', () => {
    it('signs in with the right password: 200 with the user and a session cookie', async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, { email: EMAIL, password: PASSWORD })
        .uponReceiving('a sign-in with the right password')
        .withRequest('POST', '/api/auth/signin', (b) =>
          b.headers(JSON_CONTENT).jsonBody({ email: EMAIL, password: PASSWORD }),
        )
        .willRespondWith(200, (b) =>
          b.headers({ ...JSON_CONTENT, 'Set-Cookie': SETS_SESSION_COOKIE }).jsonBody(userBody()),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const user: ApiUser = await signIn(EMAIL, PASSWORD);
          expect(user.email).toBe(EMAIL);
          expect(shellStore.get(authAtom)).toEqual({ status: 'signed-in', user });
          expect(jar.has(SESSION_COOKIE)).toBe(true);
        });
    });

    it('refuses a wrong password: 401 with the one message for any bad credentials', async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, { email: EMAIL, password: PASSWORD })
        .uponReceiving('a sign-in with a wrong password')
        .withRequest('POST', '/api/auth/signin', (b) =>
          b.headers(JSON_CONTENT).jsonBody({ email: EMAIL, password: 'not-the-password' }),
        )
        .willRespondWith(401, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            message: 'Invalid email or password',
            code: errorCode('INVALID_CREDENTIALS'),
          }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const failure = await signIn(EMAIL, 'not-the-password').catch((error: unknown) => error);
          expect(hasStatus(failure, 401)).toBe(true);
          expect(failure).toHaveProperty('message', 'Invalid email or password');
          expect(shellStore.get(authAtom)).toEqual({ status: 'loading' });
        });
    });
  });

  describe('current user (GET /api/auth/user)', () => {
    it('answers the signed-in user: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .uponReceiving('a request for the current user with a session')
        .withRequest('GET', '/api/auth/user', (b) => b.headers({ Cookie: COOKIE_HEADER }))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(userBody()))
        .executeTest(async (mock) => {
          browseTo(mock.url);
          jar.set(SESSION_COOKIE, EXAMPLE_SESSION); // the browser holds a session
          await loadUser();
          const auth = shellStore.get(authAtom);
          expect(auth.status).toBe('signed-in');
          expect(auth.status === 'signed-in' && auth.user.email).toBe(EMAIL);
        });
    });

    it('answers 401 without a session, which the shell reads as signed out', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a request for the current user without a session')
        .withRequest('GET', '/api/auth/user')
        .willRespondWith(401, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            message: like('You are not signed in'),
            code: errorCode('UNAUTHENTICATED'),
          }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const error = vi.spyOn(console, 'error');
          await loadUser();
          expect(shellStore.get(authAtom)).toEqual({ status: 'signed-out' });
          // A 401 is the normal signed-out answer, not a failure worth logging.
          expect(error).not.toHaveBeenCalled();
          error.mockRestore();
        });
    });
  });

  describe('sign out (POST /api/auth/signout)', () => {
    it('revokes the session: 204', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .uponReceiving('a sign-out with a session')
        .withRequest('POST', '/api/auth/signout', (b) => b.headers({ Cookie: COOKIE_HEADER }))
        .willRespondWith(204)
        .executeTest(async (mock) => {
          browseTo(mock.url);
          jar.set(SESSION_COOKIE, EXAMPLE_SESSION); // the browser holds a session
          const error = vi.spyOn(console, 'error');
          await signOut();
          expect(error).not.toHaveBeenCalled(); // signOut only logs a failed request
          error.mockRestore();
          expect(shellStore.get(authAtom)).toEqual({ status: 'signed-out' });
        });
    });
  });

  describe('switch role (PATCH /api/users/me/role), as the account remote calls it', () => {
    it('switches to another self-service role: 200 with the updated user', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .uponReceiving('a role switch to contractor')
        .withRequest('PATCH', '/api/users/me/role', (b) =>
          b.headers({ ...JSON_CONTENT, Cookie: COOKIE_HEADER }).jsonBody({ role: 'contractor' }),
        )
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(userBody({ role: equal('contractor') })),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          jar.set(SESSION_COOKIE, EXAMPLE_SESSION); // the browser holds a session
          // The same client and call as apps/account/src/SwitchRole.tsx.
          const api = createBrowserApi();
          const user = await unwrap(api.PATCH('/api/users/me/role', { body: { role: 'contractor' } }));
          expect(user.role).toBe('contractor');
        });
    });

    it('refuses admin: 403', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .uponReceiving('a role switch to admin')
        .withRequest('PATCH', '/api/users/me/role', (b) =>
          b.headers({ ...JSON_CONTENT, Cookie: COOKIE_HEADER }).jsonBody({ role: 'admin' }),
        )
        .willRespondWith(403, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            message: like('Only an admin can grant the admin role'),
            code: errorCode('ROLE_NOT_SELF_ASSIGNABLE'),
          }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          jar.set(SESSION_COOKIE, EXAMPLE_SESSION); // the browser holds a session
          const api = createBrowserApi();
          const failure = await unwrap(api.PATCH('/api/users/me/role', { body: { role: 'admin' } })).catch(
            (error: unknown) => error,
          );
          expect(hasStatus(failure, 403)).toBe(true);
        });
    });
  });

  it('the committed pact is this consumer’s contract (rewritten and failing when it was not)', () => {
    const fresh = JSON.parse(readFileSync(join(outDir, `${CONSUMER}-${PROVIDER}.json`), 'utf8'));
    const text = `${JSON.stringify(fresh, null, 2)}\n`;
    let committed = '';
    try {
      committed = readFileSync(SHELL_AUTH_PACT, 'utf8');
    } catch {
      // first run: no committed pact yet
    }
    if (committed !== text) writeFileSync(SHELL_AUTH_PACT, text);
    expect(
      committed === text,
      `${SHELL_AUTH_PACT} was out of date and has been rewritten: review and commit it, then run again ` +
        'so the provider verifies the new contract.',
    ).toBe(true);
  });
});
