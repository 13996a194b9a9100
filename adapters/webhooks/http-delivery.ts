import type { LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookTransport } from '../../application/webhooks/ports.ts';
import { type AttemptResult, RESPONSE_BODY_LIMIT_BYTES } from '../../domain/webhook/delivery.ts';
import type { ResolvedAddress, SsrfGuard } from './ssrf-guard.ts';

/**
 * Posts webhook deliveries with node:http / node:https (docs/decisions/0212-signed-webhooks.md):
 * - the SSRF guard resolves and checks the host first, and the socket connects to those checked addresses
 *   (the request's `lookup` answers with them instead of asking DNS again);
 * - redirects are never followed (a 3xx is a failed attempt: following one would let a receiver point us
 *   at an address the guard refused);
 * - the whole attempt, DNS included, has `timeoutMs`; a connection still without an answer is closed;
 * - a new connection per attempt (no pooled sockets), and only the first 1 KB of the answer is read.
 * It never throws: every failure is an AttemptResult with `error`.
 */
export class HttpWebhookTransport implements WebhookTransport {
  readonly #guard: SsrfGuard;

  constructor(options: { guard: SsrfGuard }) {
    this.#guard = options.guard;
  }

  async post(request: {
    url: string;
    body: string;
    headers: Record<string, string>;
    timeoutMs: number;
  }): Promise<AttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const failed = (error: string): AttemptResult => ({
      responseStatus: null,
      latencyMs: elapsed(),
      responseBody: null,
      error,
    });
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return failed('The endpoint URL is not valid');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return failed('The endpoint URL is not http(s)');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), request.timeoutMs);
    });
    try {
      const destination = await Promise.race([this.#guard.destination(url), timedOut]);
      if (destination === 'timeout')
        return failed(`Timed out after ${request.timeoutMs} ms resolving the host`);
      if ('refusal' in destination) return failed(`Refused: ${destination.refusal}`);
      return await send(url, request, destination.addresses, timedOut, elapsed);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A socket lookup that answers with the addresses the guard checked, as net.connect asks for them. */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const all: LookupAddress[] = addresses.map((a) => ({ address: a.address, family: a.family }));
    const first = all[0] as LookupAddress;
    if (options.all) (callback as (e: null, a: LookupAddress[]) => void)(null, all);
    else callback(null, first.address, first.family);
  };
}

function send(
  url: URL,
  request: { body: string; headers: Record<string, string>; timeoutMs: number },
  addresses: readonly ResolvedAddress[],
  timedOut: Promise<'timeout'>,
  elapsed: () => number,
): Promise<AttemptResult> {
  return new Promise((resolve) => {
    let status: number | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      const text = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT_BYTES).toString('utf8');
      // PostgreSQL text holds no NUL character.
      const responseBody = status === null ? null : text.replaceAll('\u0000', '');
      resolve({ responseStatus: status, latencyMs: elapsed(), responseBody, error });
      req.destroy();
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...request.headers,
          'Content-Length': Buffer.byteLength(request.body),
          Connection: 'close',
        },
        lookup: pinnedLookup(addresses),
        agent: false,
      },
      (res: IncomingMessage) => {
        status = res.statusCode ?? null;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_BODY_LIMIT_BYTES) finish(null);
        });
        res.on('end', () => finish(null));
        res.on('error', () => finish(null));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      finish(error.code ? `${error.code}: ${error.message}` : error.message);
    });
    // Without an answer in time the attempt failed; with an answer, a body still coming is cut short.
    void timedOut.then(() => finish(status === null ? `Timed out after ${request.timeoutMs} ms` : null));
    req.end(request.body);
  });
}
