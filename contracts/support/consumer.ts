/**
 * What every consumer test shares: the browser's network layer in front of the Pact mock server, the
 * matchers for cookies, headers and error bodies, and the check that the committed pact is exactly
 * what the consumer expects (see contracts/README.md, "Ordering").
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { afterAll, afterEach, expect, it, vi } from 'vitest';
import { type ConsumerName, PROVIDER, pactFileOf, SESSION_COOKIE } from './contract.ts';

const { regex, like, fromProviderState } = MatchersV3;

/** An example session cookie value (the real one is the API's encrypted session id, opaque to the frontends). */
const EXAMPLE_SESSION = 'c2Vzc2lvbg%3D%3D%3Bbm9uY2U%3D';

// Pact's regex matchers must match the whole value (not just find a match in it).

/** A session cookie as the browser sends it back; the value is opaque to the frontends. */
const COOKIE_HEADER = regex(`${SESSION_COOKIE}=[^;\\s]+`, `${SESSION_COOKIE}=${EXAMPLE_SESSION}`);
/** The cookie the API sets on sign-in and registration: HttpOnly, so scripts cannot read the session. */
export const SETS_SESSION_COOKIE = regex(
  `${SESSION_COOKIE}=[^;\\s]+;.*\\bHttpOnly\\b.*`,
  `${SESSION_COOKIE}=${EXAMPLE_SESSION}; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax`,
);
/**
 * Sign-in sets the session cookie and a device cookie (decision 0191), both HttpOnly. Pact checks every
 * Set-Cookie value against the one matcher, so the matcher names both; the shell relies on the session.
 */
export const SETS_SESSION_AND_DEVICE_COOKIES = regex(
  `(${SESSION_COOKIE}|buildbid_device)=[^;\\s]+;.*\\bHttpOnly\\b.*`,
  `${SESSION_COOKIE}=${EXAMPLE_SESSION}; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax`,
);
/** The cookie the API clears when an account is deleted: the session is gone in the browser too. */
export const CLEARS_SESSION_COOKIE = regex(
  `${SESSION_COOKIE}=;.*`,
  `${SESSION_COOKIE}=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax`,
);
export const JSON_CONTENT = {
  'Content-Type': regex('application/json(;.*)?', 'application/json; charset=utf-8'),
};
/** Request headers of a signed-in browser. */
export const WITH_SESSION = { Cookie: COOKIE_HEADER };
/** Request headers of a signed-in browser sending JSON. */
export const JSON_WITH_SESSION = { ...JSON_CONTENT, Cookie: COOKIE_HEADER };
/** An Idempotency-Key as the forms send it (a UUID, or 32 hex digits outside a secure context). */
export const IDEMPOTENCY_KEY = regex('[\\x21-\\x7e]{1,100}', '5f0c7a52-8d4c-4a53-9a0e-0e3c1f6a2b11');

/** A stable machine-readable error code, e.g. EMAIL_TAKEN. */
export const errorCode = (example: string) => regex('[A-Z][A-Z0-9_]*', example);

/**
 * The error body every frontend reads (`message` is shown, `code` decides): the shared Error schema.
 * `code` is exact: frontends branch on it.
 */
export function errorBody(code: string, message: string) {
  return { message: like(message), code };
}

/** The answer to a call without a session. */
export const NOT_SIGNED_IN = errorBody('UNAUTHENTICATED', 'You are not signed in');

/** Example ids the consumer puts in paths; the provider state supplies the real one (`${key}`). */
export const EXAMPLE_IDS = {
  userId: '5a2f3c1e-8b4d-4e6f-9a7b-1c2d3e4f5a6b',
  otherUserId: '7e6d5c4b-3a29-4f18-9e07-d6c5b4a39281',
  projectId: '9a4e2b7c-3d1f-4c8a-9e6b-2f5d7a1c0b33',
  bidId: '6d1f4f1e-2c55-4a2f-8d7c-1b1a9d0e5f21',
  notificationId: '5b0f6a52-8d4c-4a53-9a0e-0e3c1f6a2b11',
  messageId: '9f1e2d3c-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
  questionId: '7b1f0a52-6a7e-4a52-9d0c-3f6f3b1c2d4e',
  savedSearchId: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a98',
  oauthAppId: '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  accessTokenId: '9b2f6c1d-4e3a-4b5c-8d7e-1f2a3b4c5d6e',
  webhookEndpointId: '3c9e7a1f-5b2d-4e8a-9f6c-1d2b3a4c5e6f',
  webhookDeliveryId: '8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d',
} as const;

/** An id that no state creates (the API answers 404 for it). */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * A path holding a provider-state id: `statePath('projectId', (id) => \`/api/projects/${id}\`)`. The
 * consumer's mock sees the example id; the provider verification substitutes the id its state created.
 */
export function statePath(key: keyof typeof EXAMPLE_IDS, build: (id: string) => string) {
  const example = build(EXAMPLE_IDS[key]);
  return { path: fromProviderState(build(`\${${key}}`), example), example };
}

/** A provider-state id as a value (query parameter, body field). */
export function stateId(key: keyof typeof EXAMPLE_IDS) {
  return fromProviderState(`\${${key}}`, EXAMPLE_IDS[key]);
}

/** Any other value a provider state returns (a client secret, ...), with the consumer's example. */
export function stateValue(key: string, example: string) {
  return fromProviderState(`\${${key}}`, example);
}

/**
 * The boundary of every multipart body in the pacts. A browser picks a random one; the mock server
 * compares it, so the test's network layer (browserFetch) puts this one in its place, which changes
 * nothing else about the request.
 */
const MULTIPART_BOUNDARY = 'BuildBidContractBoundary';
const MULTIPART = /^multipart\/form-data;\s*boundary=(.+)$/i;

/**
 * Gives a request a multipart/form-data body (the fixed boundary) in the pact. Pact JS's builder has no
 * text-body call for other content types: `body()` sends bytes through Pact's binary path, which adds a
 * content-type matcher that then wrongly applies to every part. The builder's own interaction handle
 * does have the text call (pact-core `withRequestBody`), which records the body as multipart so the mock
 * server compares it part by part.
 */
export function withMultipartBody(builder: unknown, multipart: { contentType: string; body: Buffer }): void {
  const handle = (builder as { interaction?: { withRequestBody?: (body: string, type: string) => void } })
    .interaction;
  if (typeof handle?.withRequestBody !== 'function') {
    throw new Error('Pact JS changed: its request builder no longer exposes interaction.withRequestBody');
  }
  handle.withRequestBody(multipart.body.toString('latin1'), multipart.contentType);
}

/** A multipart body with the fixed boundary, as the frontend's FormData sends it. */
export async function multipartOf(form: FormData): Promise<{ contentType: string; body: Buffer }> {
  // Serialised as fetch does it for the frontend (a Request, like openapi-fetch builds).
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const contentType = request.headers.get('content-type') ?? '';
  return fixBoundary(contentType, Buffer.from(await request.arrayBuffer()));
}

function fixBoundary(contentType: string, body: Buffer): { contentType: string; body: Buffer } {
  const boundary = MULTIPART.exec(contentType)?.[1];
  if (!boundary) return { contentType, body };
  const text = body.toString('latin1').replaceAll(boundary, MULTIPART_BOUNDARY);
  // A buffer of its own (Buffer.alloc is never pooled): Pact's native binding reads the memory from the
  // start of the underlying ArrayBuffer, so a pooled Buffer.from(...) would hand it other bytes.
  const own = Buffer.alloc(Buffer.byteLength(text, 'latin1'));
  own.write(text, 'latin1');
  return { contentType: `multipart/form-data;boundary=${MULTIPART_BOUNDARY}`, body: own };
}

/**
 * The browser's part: same-origin requests (the frontends are served by the API's origin) go to `server`,
 * cookies the answers set are kept and sent back, as `credentials: 'include'` does in a browser.
 */
function browserFetch(server: string, jar: Map<string, string>) {
  const realFetch = globalThis.fetch;
  return async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const { pathname, search } = new URL(request.url);
    const headers = new Headers(request.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    let body: Buffer | undefined = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    if (body) {
      const fixed = fixBoundary(headers.get('content-type') ?? '', body);
      headers.set('content-type', fixed.contentType);
      body = fixed.body;
    }
    const response = await realFetch(new URL(pathname + search, server), {
      method: request.method,
      headers,
      ...(body ? { body: new Uint8Array(body) } : {}),
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

export interface ConsumerContract {
  consumer: ConsumerName;
  /** Where this run writes its fresh pact. */
  outDir: string;
  pact: PactV4;
  /** The browser's cookies. */
  jar: Map<string, string>;
  /**
   * Points the frontend's "browser" at the mock server for one interaction; `signedIn` gives it a
   * session cookie first.
   */
  browseTo(url: string, options?: { signedIn?: boolean }): void;
}

/**
 * One consumer's pact: a fresh pact file in a temporary folder, and (as the file's last test) the check
 * that the committed pact in contracts/pacts/ is exactly it. A difference rewrites the committed file and
 * fails the run, so a passing run always means the provider verified what this consumer expects.
 */
export function consumerContract(consumer: ConsumerName): ConsumerContract {
  const outDir = mkdtempSync(join(tmpdir(), 'buildbid-pact-'));
  const pact = new PactV4({ consumer, provider: PROVIDER, dir: outDir, logLevel: 'warn' });
  const jar = new Map<string, string>();

  afterEach(() => {
    jar.clear();
    vi.unstubAllGlobals();
  });
  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
  });

  return {
    consumer,
    outDir,
    pact,
    jar,
    browseTo(url, options = {}) {
      jar.clear();
      if (options.signedIn) jar.set(SESSION_COOKIE, EXAMPLE_SESSION);
      vi.stubGlobal('fetch', browserFetch(url, jar));
    },
  };
}

/**
 * The last test of a consumer file: the committed pact is this run's pact (rewritten and failing when not).
 * Call it after every interaction's `it`, since tests run in the order they are declared.
 */
export function itKeepsTheCommittedPact(contract: ConsumerContract): void {
  const { consumer, outDir } = contract;
  it(`the committed pact is ${consumer}’s contract (rewritten and failing when it was not)`, () => {
    const committedPath = pactFileOf(consumer);
    const fresh = JSON.parse(readFileSync(join(outDir, `${consumer}-${PROVIDER}.json`), 'utf8'));
    const text = `${JSON.stringify(fresh, null, 2)}\n`;
    let committed = '';
    try {
      committed = readFileSync(committedPath, 'utf8');
    } catch {
      // first run: no committed pact yet
    }
    if (committed !== text) writeFileSync(committedPath, text);
    expect(
      committed === text,
      `${committedPath} was out of date and has been rewritten: review and commit it, then run again ` +
        'so the provider verifies the new contract.',
    ).toBe(true);
  });
}
