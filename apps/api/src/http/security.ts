import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import type { RemotesFile } from '../remotes.ts';
import { isBearerRequest } from './access.ts';
import { SESSION_COOKIE } from './auth.ts';
import { fieldLabel } from './error-handler.ts';

/** Stripe.js and the frames it opens (docs.stripe.com/security/guide#content-security-policy). */
const STRIPE_SCRIPT = 'https://js.stripe.com';
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT = 'https://api.stripe.com';

/** Methods that change state: they must come from the site itself (docs/security.md, origin check). */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The authorization server's endpoints an app calls itself, from its server or, for a public app, from a
 * browser page on its own origin (the provider answers CORS for them): no origin check (decision 0213).
 */
const OAUTH_CLIENT_ENDPOINTS = new Set([
  '/oauth/token',
  '/oauth/token/revocation',
  '/oauth/token/introspection',
]);

/** The origins a state-changing request may come from: PUBLIC_URL and the remotes' origins. */
function allowedOrigins(config: Config, remotes: RemotesFile): Set<string> {
  return new Set([new URL(config.publicUrl).origin, ...remotes.origins()]);
}

/** sha256 sources for every inline <script> of the built shell's index.html (the theme script). */
function inlineScriptHashes(indexHtml: string): string[] {
  const hashes: string[] = [];
  for (const match of indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The page's Content-Security-Policy directives (helmet's camelCase form). */
function cspDirectives(
  config: Config,
  remoteFile: RemotesFile,
  scriptHashes: string[],
): Record<string, (string | (() => string))[]> {
  // Evaluated for each answer, so a remote moved through REMOTES_FILE is allowed without a restart.
  const remotes = [() => remoteFile.origins().join(' ')];
  const publicUrl = new URL(config.publicUrl);
  const socketOrigin = `${publicUrl.protocol === 'https:' ? 'wss:' : 'ws:'}//${publicUrl.host}`;
  const stripe = config.stripe !== null;
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes, ...remotes, ...(stripe ? [STRIPE_SCRIPT] : [])],
    scriptSrcAttr: ["'none'"],
    // react-aria positions popovers with style attributes; styles cannot run code.
    styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
    // An OAuth app's logo is an https address of the app's own (the consent page, decision 0213).
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...remotes],
    fontSrc: ["'self'", 'data:', ...remotes],
    connectSrc: ["'self'", socketOrigin, ...remotes, ...(stripe ? [STRIPE_CONNECT] : [])],
    frameSrc: stripe ? STRIPE_FRAMES : ["'none'"],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    ...(config.env === 'production' ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** What /uploads answers with: nothing in a served file may run or reach anything. */
export const UPLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * The site's own origins: PUBLIC_URL, the remotes' origins, and the Host the browser addressed
 * (same-origin by the browser's own account: the e2e runs on 127.0.0.1, PUBLIC_URL may say localhost).
 */
export function isSiteOrigin(
  config: Config,
  remotes: RemotesFile,
  request: FastifyRequest,
  origin: string,
): boolean {
  if (allowedOrigins(config, remotes).has(origin)) return true;
  const host = request.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Security headers on every answer (helmet, tuned in cspDirectives), the origin check on
 * state-changing requests, NUL bytes refused, and `no-store` on authenticated API answers.
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  remotes: RemotesFile,
  shellIndex: string,
) {
  const hashes = existsSync(shellIndex) ? inlineScriptHashes(readFileSync(shellIndex, 'utf8')) : [];
  const headersFor = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, remotes, hashes) },
    // Remote bundles may be loaded by a shell on another origin; everything else stays same-origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // Stripe's 3-D Secure opens a popup that must be able to talk back.
    crossOriginOpenerPolicy: { policy: config.stripe ? 'same-origin-allow-popups' : 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity:
      config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // On the raw response, as helmet itself sets them: a route's own header (uploads' CSP, remote bundles'
  // cross-origin-resource-policy) still replaces them.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headersFor(remotes.origins().join(' '))) reply.raw.setHeader(name, value);
    done();
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // A bearer token is never sent by the browser on its own, so another site cannot forge one (decision 0211).
    if (isBearerRequest(request)) return;
    // Apps authenticate at these with their own credentials, not a cookie (decision 0213).
    if (OAUTH_CLIENT_ENDPOINTS.has(request.url.split('?')[0] ?? '')) return;
    const origin = request.headers.origin;
    const referer = request.headers.referer;
    const from = origin !== undefined ? origin : referer !== undefined ? originOf(referer) : undefined;
    if (from === undefined) return; // server-to-server callers and the Stripe webhook send neither
    if (from !== null && isSiteOrigin(config, remotes, request, from)) return;
    return reply
      .status(403)
      .type('application/json')
      .send({
        message: `Requests that change data must come from this site (got ${origin !== undefined ? 'Origin' : 'Referer'} ${from ?? 'unreadable'})`,
        code: 'ORIGIN_FORBIDDEN',
      });
  });

  app.addHook('preValidation', async (request, reply) => {
    const where = nulByteIn(request.query) ?? nulByteIn(request.params) ?? nulByteIn(request.body);
    if (where === undefined) return;
    return reply
      .status(400)
      .type('application/json')
      .send({
        message: `${where || 'The request'} contains a NUL character, which is never valid text`,
        code: 'NUL_BYTE',
        ...(where ? { field: where } : {}),
      });
  });

  // A lone UTF-16 surrogate ("\ud800" in JSON) is no text: PostgreSQL's json refuses it, and it cannot be
  // written as UTF-8. One rule for every text field of every request: 400 naming the field (decision 0190).
  app.addHook('preValidation', async (request, reply) => {
    const where =
      illFormedTextIn(request.query) ?? illFormedTextIn(request.params) ?? illFormedTextIn(request.body);
    if (where === undefined) return;
    return reply.status(400).type('application/json').send(surrogateAnswer(where));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || reply.hasHeader('cache-control')) return payload;
    const signedIn = request.headers.cookie?.includes(`${SESSION_COOKIE}=`) ?? false;
    const type = String(reply.getHeader('content-type') ?? '');
    if (signedIn || type.startsWith('application/json')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/**
 * The headers helmet sets with `options`, computed once per set of remote origins (the only part of the
 * policy that changes while the API runs, through REMOTES_FILE). @fastify/helmet built helmet's whole
 * middleware, validating and joining every directive, on every request: 9 % of a cached request's time.
 */
function helmetHeaders(options: HelmetOptions): (remotes: string) => ReadonlyArray<[string, string]> {
  const known = new Map<string, Array<[string, string]>>();
  return (remotes) => {
    const seen = known.get(remotes);
    if (seen) return seen;
    const headers = new Map<string, string>();
    const response = {
      setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
      removeHeader: (name: string) => headers.delete(name.toLowerCase()),
      getHeader: (name: string) => headers.get(name.toLowerCase()),
    };
    helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
      if (error) throw error;
    });
    const computed = [...headers];
    if (known.size >= 16) known.clear(); // a remote team editing REMOTES_FILE all day
    known.set(remotes, computed);
    return computed;
  };
}

/** The dotted path of the first string holding U+0000, '' for the value itself, undefined when none. */
export function nulByteIn(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
    const found = nulByteIn(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The dotted path of the first string (or object key) that is not well-formed UTF-16, that is holds a
 * lone surrogate; '' for the value itself, undefined when every string is well formed.
 */
export function illFormedTextIn(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.isWellFormed() ? undefined : path;
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (!key.isWellFormed()) return path ? `${path}.${key.toWellFormed()}` : key.toWellFormed();
    const found = illFormedTextIn(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The answer to a lone surrogate at `field` ('' for the whole body): 400 VALIDATION_FAILED naming it. */
export function surrogateAnswer(field: string): { message: string; code: string; field?: string } {
  return {
    message: `${fieldLabel(field)} contains an unpaired UTF-16 surrogate, which is not valid text`,
    code: 'VALIDATION_FAILED',
    ...(field ? { field } : {}),
  };
}
