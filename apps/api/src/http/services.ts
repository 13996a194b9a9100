import type { ServiceIdentifier } from 'inversify';
import type { Redis } from 'ioredis';

/** What the HTTP layer needs from the composition root. */
export interface AppServices {
  get<T>(id: ServiceIdentifier<T>): T;
  /** Runs the rest of one request inside its own ORM context (identity map). */
  requestContext(next: () => void): void;
  checkDatabase(): Promise<void>;
  /** Called after every successful write request (drops read caches). */
  afterWrite(): void;
  /** Set (REDIS_URL): rate limits are counted here, shared by every API instance; unset: in memory. */
  redis?: Redis;
}
