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

/**
 * What a route plugin calls, listed once as values: the names of its use cases and of the HTTP ports it
 * uses. Its options' type is derived from the list (`UsesOf`), and `pick` hands it exactly these at run
 * time (decision 0202).
 */
export interface Needs<
  U extends keyof UseCases = keyof UseCases,
  H extends keyof HttpPorts = keyof HttpPorts,
> {
  readonly useCases: readonly U[];
  readonly http: readonly H[];
}

export function needs<U extends keyof UseCases = never, H extends keyof HttpPorts = never>(
  useCases: readonly U[],
  http: readonly H[] = [],
): Needs<U, H> {
  return { useCases, http };
}

/** The needs of a plugin that registers others: all of theirs, each name once. */
export function allNeeds<U extends keyof UseCases, H extends keyof HttpPorts>(
  ...parts: Needs<U, H>[]
): Needs<U, H> {
  return {
    useCases: [...new Set(parts.flatMap((part) => part.useCases))],
    http: [...new Set(parts.flatMap((part) => part.http))],
  };
}

/** A route plugin's options as its `Needs` list names them. */
export type UsesOf<N extends Needs> = N extends Needs<infer U, infer H> ? Uses<U, H> : never;

/** Exactly what `needs` lists, taken from everything at hand: what a plugin gets at run time is its type. */
export function pick<U extends keyof UseCases, H extends keyof HttpPorts>(
  from: NoInfer<Uses<U, H>>,
  needs: Needs<U, H>,
): Uses<U, H> {
  return { useCases: only(from.useCases, needs.useCases), http: only(from.http, needs.http) };
}

function only<T, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;
}
