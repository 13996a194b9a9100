import type { FastifyInstance, FastifyRequest, preHandlerHookHandler, RouteOptions } from 'fastify';
import { AuthenticationError, PermissionError } from '#domain/shared/errors.ts';
import type { Role, User } from '#domain/user/user.ts';

/**
 * Who may call a route, stated once in its `operation({ access })` (docs/decisions/0202-request-pipeline-and-composition.md):
 * - 'public': anyone, signed in or not;
 * - 'session': a signed-in user (401 UNAUTHENTICATED without the session cookie);
 * - `{ roles }`: a signed-in user with one of these roles (403 otherwise; today only admin: ADMIN_ONLY).
 * A token scope (`{ scope }`, for third-party clients) is meant to join these as one more shape.
 * The OpenAPI security of the operation and the check below both read this one value.
 */
export type Access = 'public' | 'session' | { readonly roles: readonly Role[] };

/** The schema key that carries a route's access from `operation()` to the hook (stripped from the document). */
export const ACCESS_KEY = 'x-access';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in caller, set by the access check before the handler of every route whose access is
     * not 'public'. A public route asks `request.currentUser()` when it wants to know who is there.
     */
    user: User;
  }
}

/** The OpenAPI security requirement of an access: the session cookie for everything but 'public'. */
export function securityOf(access: Access): Array<Record<string, string[]>> {
  return access === 'public' ? [] : [{ session: [] }];
}

/** The 403 a signed-in caller without one of the route's roles gets. */
function refusal(roles: readonly Role[]): PermissionError {
  if (roles.length === 1 && roles[0] === 'admin') {
    return new PermissionError('ADMIN_ONLY', 'Admin privileges required');
  }
  return new PermissionError('ROLE_NOT_ALLOWED', `Only ${roles.join(', ')} may do this`);
}

/** The access a route declared through `operation({ access })`, or undefined (hidden routes, static files). */
export function accessOf(route: Pick<RouteOptions, 'schema'>): Access | undefined {
  return (route.schema as Record<string, unknown> | undefined)?.[ACCESS_KEY] as Access | undefined;
}

function checkFor(access: Access): preHandlerHookHandler {
  const roles = typeof access === 'object' ? access.roles : undefined;
  return async function checkAccess(request: FastifyRequest) {
    const user = await request.currentUser();
    if (!user) throw new AuthenticationError('UNAUTHENTICATED', 'You are not signed in');
    if (roles && !roles.includes(user.role)) throw refusal(roles);
    request.user = user;
  };
}

/**
 * The one access check. Every route that declares a non-public access gets it as its last preHandler:
 * after the request is validated (a malformed request is 400 before it is 401, as before) and after the
 * route's own preHandlers (the Idempotency-Key check), right before the handler. Errors go to the one
 * error handler (http/error-handler.ts).
 */
export function registerAccess(app: FastifyInstance): void {
  app.decorateRequest('user', null as unknown as User);
  app.addHook('onRoute', (route) => {
    const access = accessOf(route);
    if (access === undefined || access === 'public') return;
    const existing = route.preHandler ? ([] as preHandlerHookHandler[]).concat(route.preHandler) : [];
    route.preHandler = [...existing, checkFor(access)];
  });
}
