import type { Container } from 'inversify';
import { HTTP_TOKENS } from '../http/tokens.ts';
import { accountsUseCases } from './accounts.ts';
import { marketplaceUseCases } from './marketplace.ts';
import { messagingUseCases } from './messaging.ts';
import { paymentsUseCases } from './payments.ts';
import { TOKENS } from './tokens.ts';

/**
 * What the HTTP layer may call, resolved once at start from the composition root (decision 0202): the
 * use cases of every bounded context by name, typed. A route plugin names the ones it calls in its
 * options' type (`Uses<...>` in http/services.ts) and never sees the container.
 */
export function allUseCasesIn(container: Container) {
  return {
    ...accountsUseCases(container),
    ...marketplaceUseCases(container),
    ...messagingUseCases(container),
    ...paymentsUseCases(container),
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
    /** Delivery to users' sockets on any API process (closing a signed-out session's sockets). */
    realtime: container.get(TOKENS.RealtimePort),
    /** This process's sockets, which /ws adds to. */
    sockets: container.get(TOKENS.Realtime),
  };
}
export type HttpPorts = ReturnType<typeof httpPortsOf>;
