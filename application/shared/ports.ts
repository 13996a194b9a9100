/**
 * Ports every use case may need, named after what they provide. Adapters implement them;
 * tests use the in-memory fakes under tests/.
 */
export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A new unique id (a UUID in production). */
  next(): string;
}

/** What an Idempotency-Key stands for: the request it was first used with, and its answer once given. */
export interface IdempotencyClaim {
  /** A digest of the request (method, address and body), so a key reused for another request is caught. */
  fingerprint: string;
  /** 'pending' while the first request is still being answered. */
  status: 'pending' | 'done';
  responseStatus: number | null;
  responseBody: string | null;
}

/**
 * Idempotency-Key records (docs/security.md, Writes safe to retry): a retried post answers what the first one answered
 * instead of posting twice. Keys are per user and forgotten after a day; a claim left pending (a process that died
 * mid-request) is given up after ten minutes.
 */
export interface IdempotencyStore {
  /** Claims the key for this request: null when claimed now, else the earlier claim. */
  claim(userId: string, key: string, fingerprint: string, now: Date): Promise<IdempotencyClaim | null>;
  /** The request succeeded: later requests with the key get this answer. */
  complete(userId: string, key: string, status: number, body: string): Promise<void>;
  /** The request failed: the key is free for a retry. */
  release(userId: string, key: string): Promise<void>;
}
