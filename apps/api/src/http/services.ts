import type { Redis } from 'ioredis';
import type { HttpPorts, UseCases } from '../composition/index.ts';

/** What the HTTP layer needs from the composition root: typed use cases and ports, never the container. */
export interface AppServices {
  /** Every bounded context's use cases, by name (apps/api/src/composition/). */
  useCases: UseCases;
  /** The ports the HTTP layer uses itself: files, settings, idempotency keys, time, sockets. */
  http: HttpPorts;
  /** Runs the rest of one request inside its own ORM context (identity map). */
  requestContext(next: () => void): void;
  checkDatabase(): Promise<void>;
  /** Called after every successful write request (drops read caches). */
  afterWrite(): void;
  /** Set (REDIS_URL): rate limits are counted here, shared by every API instance; unset: in memory. */
  redis?: Redis;
}

/**
 * The options of a route plugin: only the use cases (and HTTP ports) it calls, by name, so its
 * dependencies are its type (decision 0202).
 */
export interface Uses<U extends keyof UseCases = never, H extends keyof HttpPorts = never> {
  useCases: Pick<UseCases, U>;
  http: Pick<HttpPorts, H>;
}
