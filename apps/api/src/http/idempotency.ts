import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import { ConflictError, ValidationError } from '#domain/shared/errors.ts';
import type { Uses } from './services.ts';

/**
 * Idempotency-Key on the posts that create things (docs/security.md, Writes safe to retry): a client that lost the
 * answer retries with the same key and gets the first answer again (`Idempotent-Replayed: true`) instead of a second
 * project or a 409 for its own bid. Keys are per user, 1..100 visible ASCII characters, kept a day. The same key with
 * another JSON request answers 409 IDEMPOTENCY_KEY_REUSED; while the first is still running, 409
 * IDEMPOTENCY_KEY_IN_USE. Only successful answers are kept: after a failure the key is free again.
 */
const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{1,100}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: { userId: string; key: string };
  }
}

/**
 * What the request asks for: method, address and JSON body. A multipart body (the project form) is read
 * only by its route, and a browser's retry sends it with a new boundary: it counts by address alone, so a
 * key reused there answers the first project.
 */
function fingerprint(request: FastifyRequest): string {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
}

/** The route hooks that make a route idempotent under the header. */
export function idempotentRoute(http: Uses<never, 'idempotency' | 'clock'>['http']): {
  preHandler: preHandlerHookHandler;
  onSend: onSendHookHandler<unknown>;
} {
  const store = () => http.idempotency;
  return {
    async preHandler(request: FastifyRequest, reply: FastifyReply) {
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (key === undefined) return;
      if (typeof key !== 'string' || !KEY.test(key)) {
        throw new ValidationError(
          'INVALID_IDEMPOTENCY_KEY',
          'Idempotency-Key must be 1 to 100 visible ASCII characters',
          'Idempotency-Key',
        );
      }
      const user = await request.currentUser();
      if (!user) return; // the route answers 401
      const print = fingerprint(request);
      const earlier = await store().claim(user.id, key, print, http.clock.now());
      if (!earlier) {
        request.idempotencyClaim = { userId: user.id, key };
        return;
      }
      if (earlier.fingerprint !== print) {
        throw new ConflictError(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was used for a different request. Use a new key for a new request.',
          'Idempotency-Key',
        );
      }
      if (earlier.status === 'pending' || earlier.responseStatus === null) {
        throw new ConflictError(
          'IDEMPOTENCY_KEY_IN_USE',
          'A request with this Idempotency-Key is still being answered. Try again in a moment.',
          'Idempotency-Key',
        );
      }
      return reply
        .code(earlier.responseStatus)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(earlier.responseBody ?? '');
    },
    async onSend(request, reply, payload) {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = undefined;
      if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
        await store().complete(claim.userId, claim.key, reply.statusCode, payload);
      } else {
        await store().release(claim.userId, claim.key);
      }
      return payload;
    },
  };
}
