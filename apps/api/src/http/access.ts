import type {
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import type { BearerCredential } from '#application/access-tokens/authenticate-bearer.ts';
import type { RateLimitState } from '#application/access-tokens/ports.ts';
import { ACCESS_ERRORS } from '#domain/access/errors.ts';
import type { Scope } from '#domain/access/scopes.ts';
import { AuthenticationError, PermissionError, RateLimitError } from '#domain/shared/errors.ts';
import type { Role, User } from '#domain/user/user.ts';

/**
 * Who may call a route, stated once in its `operation({ access, scope })` (docs/decisions/0202 and 0211):
 * - 'public': anyone, signed in or not;
 * - 'session': a signed-in user (401 UNAUTHENTICATED without the session cookie);
 * - `{ roles }`: a signed-in user with one of these roles (403 otherwise; today only admin: ADMIN_ONLY).
 * `scope` names what a third-party credential (`Authorization: Bearer`) needs to call it as its owner;
 * a route that names none cannot be called with a token (admin, the account's own security).
 * The OpenAPI security of the operation and the check below both read these values.
 */
export type Access = 'public' | 'session' | { readonly roles: readonly Role[] };

/** The schema keys that carry a route's access and scope from `operation()` to the hook (stripped from the document). */
export const ACCESS_KEY = 'x-access';
export const SCOPE_KEY = 'x-scope';

/** What the access check needs from the composition: who a bearer token speaks for, and its budget. */
export interface BearerAuthentication {
  authenticate(secret: string, ip: string): Promise<BearerCredential>;
  hit(credentialId: string): Promise<RateLimitState>;
}

/** How the caller of a request was resolved: a user (by session or by a token granted this route), or why not. */
interface Caller {
  user: User | null;
  credential: BearerCredential | null;
  /** Why a bearer request may not act as its owner here (a missing scope, a route closed to tokens). */
  refusal: PermissionError | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in caller, set by the access check before the handler of every route whose access is
     * not 'public'. A public route asks `request.currentUser()` when it wants to know who is there.
     */
    user: User;
    /** The bearer credential of a third-party request, once the access check has read it; else null. */
    credential: BearerCredential | null;
  }
}

/** The token of an `Authorization: Bearer` header; undefined without one; INVALID_TOKEN when malformed. */
function bearerOf(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer +([\x21-\x7e]{1,512}) *$/i.exec(header);
  if (!match) throw ACCESS_ERRORS.INVALID_TOKEN('The Authorization header must be `Bearer <token>`');
  return match[1];
}

/** Whether a request carries an Authorization header: it is a third party's, never the browser's session. */
export function isBearerRequest(request: Pick<FastifyRequest, 'headers'>): boolean {
  return request.headers.authorization !== undefined;
}

/**
 * The OpenAPI security requirement of an operation: the session cookie for everything but 'public',
 * and beside it, for an operation that names a scope, a bearer token (a personal access token or an
 * OAuth app's token) with that scope.
 */
export function securityOf(access: Access, scope?: Scope): Array<Record<string, string[]>> {
  if (access === 'public') return [];
  return scope ? [{ session: [] }, { bearer: [scope] }, { oauth2: [scope] }] : [{ session: [] }];
}

/** The 403 a signed-in caller without one of the route's roles gets. */
function refusal(roles: readonly Role[]): PermissionError {
  if (roles.length === 1 && roles[0] === 'admin') {
    return new PermissionError('ADMIN_ONLY', 'Admin privileges required');
  }
  return new PermissionError('ROLE_NOT_ALLOWED', `Only ${roles.join(', ')} may do this`);
}

/** The access a route declared through `operation({ access })`, or undefined (hidden routes, static files). */
function accessOf(route: Pick<RouteOptions, 'schema'>): Access | undefined {
  return (route.schema as Record<string, unknown> | undefined)?.[ACCESS_KEY] as Access | undefined;
}

/** The scope a route declared through `operation({ scope })`, or undefined: no token may call it. */
function scopeOf(route: Pick<RouteOptions, 'schema'>): Scope | undefined {
  return (route.schema as Record<string, unknown> | undefined)?.[SCOPE_KEY] as Scope | undefined;
}

/** RFC 6750's challenge for a refused bearer request. */
function challenge(error: 'invalid_token' | 'insufficient_scope' | 'invalid_request', scope?: Scope): string {
  return `Bearer realm="BuildBid", error="${error}"${scope ? `, scope="${scope}"` : ''}`;
}

/**
 * The one access check and the one place a request's caller is resolved (docs/decisions/0202 and 0211).
 * - A request with `Authorization: Bearer` is a third party's: its token is checked on every request (401
 *   INVALID_TOKEN), counted against its own budget (429 RATE_LIMITED; RateLimit-* headers on every answer),
 *   and acts as its owner only on a route whose scope it holds; the session cookie is not read.
 * - Any other request is the browser's: the session cookie, as before.
 * Every route that declares an access gets the check as its last preHandler: after the request is
 * validated (a malformed request is 400 before it is 401) and after the route's own preHandlers (the
 * Idempotency-Key check), right before the handler. Errors go to the one error handler.
 */
export function registerAccess(
  app: FastifyInstance,
  resolveSessionUser: (request: FastifyRequest) => Promise<User | null>,
  bearer: BearerAuthentication,
): void {
  const callers = new WeakMap<FastifyRequest, Promise<Caller>>();
  const rateStates = new WeakMap<FastifyRequest, RateLimitState>();
  const challenges = new WeakMap<FastifyRequest, string>();

  async function resolve(request: FastifyRequest): Promise<Caller> {
    let secret: string | undefined;
    try {
      secret = bearerOf(request);
    } catch (error) {
      challenges.set(request, challenge('invalid_request'));
      throw error;
    }
    if (secret === undefined)
      return { user: await resolveSessionUser(request), credential: null, refusal: null };
    let credential: BearerCredential;
    try {
      credential = await bearer.authenticate(secret, request.ip);
    } catch (error) {
      if (error instanceof AuthenticationError) challenges.set(request, challenge('invalid_token'));
      throw error;
    }
    request.credential = credential;
    const state = await bearer.hit(credential.id);
    rateStates.set(request, state);
    if (!state.allowed) {
      throw new RateLimitError(
        'RATE_LIMITED',
        `This token has used its ${state.limit} requests for this minute. Try again in ${state.resetSeconds} seconds.`,
        state.resetSeconds,
      );
    }
    const scope = request.routeOptions.schema ? scopeOf(request.routeOptions) : undefined;
    if (scope === undefined) return { user: null, credential, refusal: ACCESS_ERRORS.TOKEN_NOT_ALLOWED() };
    if (!credential.scopes.includes(scope)) {
      challenges.set(request, challenge('insufficient_scope', scope));
      return {
        user: null,
        credential,
        refusal: ACCESS_ERRORS.INSUFFICIENT_SCOPE(`This operation needs a token with the '${scope}' scope`),
      };
    }
    return { user: credential.user, credential, refusal: null };
  }

  function callerOf(request: FastifyRequest): Promise<Caller> {
    let caller = callers.get(request);
    if (!caller) {
      caller = resolve(request);
      callers.set(request, caller);
    }
    return caller;
  }

  function checkFor(access: Access): preHandlerHookHandler {
    const roles = typeof access === 'object' ? access.roles : undefined;
    return async function checkAccess(request: FastifyRequest) {
      // A visitor's public request reads no session; a bearer one is checked and counted wherever it goes.
      if (access === 'public' && !isBearerRequest(request)) return;
      const { user, refusal: refused } = await callerOf(request);
      if (access === 'public') return;
      if (!user) throw refused ?? new AuthenticationError('UNAUTHENTICATED', 'You are not signed in');
      if (roles && !roles.includes(user.role)) throw refusal(roles);
      request.user = user;
    };
  }

  app.decorateRequest('user', null as unknown as User);
  app.decorateRequest('credential', null);
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    return callerOf(this).then((caller) => caller.user);
  });
  app.addHook('onRoute', (route) => {
    const access = accessOf(route);
    if (access === undefined) return;
    const check = checkFor(access);
    // A bearer request is checked first, before its body is read: a token that may not call the route
    // learns so whatever it sent, and every one of its requests counts against its budget.
    const bearerFirst: onRequestHookHandler = async function (request, reply) {
      if (isBearerRequest(request)) await check.call(this, request, reply, () => undefined);
    };
    route.onRequest = [...([] as onRequestHookHandler[]).concat(route.onRequest ?? []), bearerFirst];
    const existing = route.preHandler ? ([] as preHandlerHookHandler[]).concat(route.preHandler) : [];
    route.preHandler = [...existing, check];
  });
  // RFC 6750's WWW-Authenticate on a refused bearer request, and the credential's budget on every answer to it.
  app.addHook('onSend', async (request, reply, payload) => {
    const state = rateStates.get(request);
    if (state) {
      reply.header('ratelimit-limit', String(state.limit));
      reply.header('ratelimit-remaining', String(state.remaining));
      reply.header('ratelimit-reset', String(state.resetSeconds));
    }
    const refused = challenges.get(request);
    if (refused && (reply.statusCode === 401 || reply.statusCode === 403)) {
      reply.header('www-authenticate', refused);
    }
    return payload;
  });
}
