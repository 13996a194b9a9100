import type { FastifyRequest } from 'fastify';
import type { User } from '#domain/user/user.ts';

declare module '@fastify/secure-session' {
  interface SessionData {
    /** The server-side session id; the cookie carries nothing else. */
    sid: string;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; resolved once per request from the session cookie. */
    currentUser(): Promise<User | null>;
  }
}

export const SESSION_COOKIE = 'buildbid_session';

export function sessionId(request: FastifyRequest): string | undefined {
  return request.session.get('sid');
}
