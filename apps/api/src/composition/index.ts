import type { Container } from 'inversify';
import { HTTP_TOKENS } from '../http/tokens.ts';
import { accounts } from './accounts.ts';
import { developers } from './developers.ts';
import { marketplace } from './marketplace.ts';
import { messaging } from './messaging.ts';
import { payments } from './payments.ts';
import { safety } from './safety.ts';
import { TOKENS } from './tokens.ts';

/** The bounded contexts whose use cases the HTTP layer calls; each binds its own (composition/context.ts). */
export const CONTEXTS = [accounts, marketplace, messaging, payments, developers, safety];

/**
 * What the HTTP layer may call, resolved once at start from the composition root (decision 0202): the
 * use cases of every bounded context by name, typed. A route plugin lists the ones it calls
 * (`needs([...])` in http/services.ts), gets exactly those, and never sees the container.
 */
export function allUseCasesIn(container: Container) {
  return {
    ...accounts.resolve(container),
    ...marketplace.resolve(container),
    ...messaging.resolve(container),
    ...payments.resolve(container),
    ...developers.resolve(container),
    ...safety.resolve(container),
  };
}
export type UseCases = ReturnType<typeof allUseCasesIn>;

/** The ports the HTTP layer uses besides use cases: files, settings, idempotency keys, time, sockets. */
export function httpPortsOf(container: Container) {
  return {
    uploads: container.get(HTTP_TOKENS.Uploads),
    settings: container.get(HTTP_TOKENS.Settings),
    idempotency: container.get(HTTP_TOKENS.Idempotency),
    clock: container.get(HTTP_TOKENS.Clock),
    /** Each bearer credential's request budget (decision 0211). */
    credentialRateLimits: container.get(TOKENS.CredentialRateLimits),
    /** Each OAuth app's budget at /oauth/token, by client_id (decision 0213). */
    oauthTokenRateLimits: container.get(TOKENS.OAuthTokenRateLimits),
    /** Delivery to users' sockets on any API process (closing a signed-out session's sockets). */
    realtime: container.get(TOKENS.RealtimePort),
    /** This process's sockets, which /ws adds to. */
    sockets: container.get(TOKENS.Realtime),
  };
}
export type HttpPorts = ReturnType<typeof httpPortsOf>;
