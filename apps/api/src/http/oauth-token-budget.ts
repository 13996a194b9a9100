import { IncomingMessage } from 'node:http';
import { parse } from 'node:querystring';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CredentialRateLimiter } from '#application/access-tokens/ports.ts';
import type { Clock } from '#application/shared/ports.ts';

/**
 * Each OAuth app's own budget at the token endpoint (docs/decisions/0213-oauth-apps-with-oidc-provider.md):
 * every `POST /oauth/token` that names a client_id counts against that app's budget
 * (`OAUTH_TOKEN_RATE_LIMIT_PER_MINUTE`, through a CredentialRateLimiter, shared in Redis), whether it
 * succeeds or not. Over it, the app gets 429 with Retry-After; every counted answer carries RateLimit-*.
 *
 * The app is named by HTTP Basic (a confidential app's client_secret_basic) or by the form's client_id
 * (client_secret_post, and every public app), so the body is read here, before the provider sees the
 * request, and handed on to it unchanged (a copy of the request that replays the same bytes).
 */
export const TOKEN_ENDPOINT = '/oauth/token';

/** oidc-provider refuses token request bodies over 56 KiB; the same limit applies here. */
const BODY_LIMIT = 56 * 1024;

/** App ids are UUIDs: anything else names no app (the provider answers invalid_client) and is not counted. */
const CLIENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The client_id a token request names: the user of `Authorization: Basic` (form-encoded, RFC 6749
 * section 2.3.1), else the form's `client_id`; null when it names none that could be an app.
 */
export function clientIdOf(authorization: string | undefined, form: string): string | null {
  let named: string | undefined;
  const basic = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(authorization ?? '')?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    try {
      named = decodeURIComponent((colon === -1 ? decoded : decoded.slice(0, colon)).replace(/\+/g, ' '));
    } catch {
      named = undefined;
    }
  } else {
    const value = parse(form).client_id;
    named = Array.isArray(value) ? undefined : value;
  }
  return named !== undefined && CLIENT_ID.test(named) ? named.toLowerCase() : null;
}

/** The whole body, or null when it is longer than `limit` bytes. */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > limit) return null;
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}

/** The same request again, its body unread: what the provider reads (it parses its own form bodies). */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method as string;
  copy.url = req.url as string;
  copy.headers = req.headers;
  copy.rawHeaders = req.rawHeaders;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.push(body);
  copy.push(null);
  // Whole as received: a copy that was not `complete` would count as aborted once read, and close the socket.
  copy.complete = true;
  return copy;
}

const oauthError = (error: string, description: string, code: string) => ({
  error,
  error_description: description,
  // The API's own error shape beside OAuth's (RFC 6749 section 5.2), as every other 429 of the API.
  code,
  message: description,
});

/**
 * Counts a token request against its app's budget. Answers the request the provider should serve
 * (a replay of the one read), or null when this has answered it already (429, or 413 for a body the
 * provider would refuse anyway).
 */
export async function spendTokenBudget(
  request: FastifyRequest,
  reply: FastifyReply,
  limits: CredentialRateLimiter,
  clock: Clock,
): Promise<IncomingMessage | null> {
  const body = await readBody(request.raw, BODY_LIMIT);
  if (body === null) {
    await reply
      .status(413)
      .type('application/json')
      .send(oauthError('invalid_request', 'The request body is larger than 56 KiB', 'PAYLOAD_TOO_LARGE'));
    return null;
  }
  const clientId = clientIdOf(request.headers.authorization, body.toString('utf8'));
  if (clientId === null) return replay(request.raw, body);

  const state = await limits.hit(clientId, clock.now());
  reply.raw.setHeader('ratelimit-limit', String(state.limit));
  reply.raw.setHeader('ratelimit-remaining', String(state.remaining));
  reply.raw.setHeader('ratelimit-reset', String(state.resetSeconds));
  if (state.allowed) return replay(request.raw, body);
  const wait = `This app has used its ${state.limit} token requests for this minute. Try again in ${state.resetSeconds} seconds.`;
  await reply
    .status(429)
    .header('retry-after', String(state.resetSeconds))
    .header('cache-control', 'no-store')
    .type('application/json')
    .send(oauthError('rate_limited', wait, 'RATE_LIMITED'));
  return null;
}
