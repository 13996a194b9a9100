import type { Redis } from 'ioredis';
import type { CredentialRateLimiter, RateLimitState } from '../../application/access-tokens/ports.ts';

export interface CredentialBudget {
  /** Requests per window. */
  limit: number;
  windowMs: number;
}

/** 600 requests a minute per token or app: ten a second, GitHub's hourly budget every eight minutes. */
const DEFAULT_CREDENTIAL_BUDGET: CredentialBudget = { limit: 600, windowMs: 60_000 };

function stateOf(budget: CredentialBudget, count: number, now: Date): RateLimitState {
  const windowEnd = (Math.floor(now.getTime() / budget.windowMs) + 1) * budget.windowMs;
  return {
    limit: budget.limit,
    remaining: Math.max(0, budget.limit - count),
    resetSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
    allowed: count <= budget.limit,
  };
}

/** Fixed windows on this process's clock: one instance, the embedded setup and the tests. */
export class MemoryCredentialRateLimiter implements CredentialRateLimiter {
  readonly #budget: CredentialBudget;
  readonly #counts = new Map<string, { window: number; count: number }>();

  constructor(budget: CredentialBudget = DEFAULT_CREDENTIAL_BUDGET) {
    this.#budget = budget;
  }

  async hit(credentialId: string, now: Date): Promise<RateLimitState> {
    const window = Math.floor(now.getTime() / this.#budget.windowMs);
    const entry = this.#counts.get(credentialId);
    const count = entry && entry.window === window ? entry.count + 1 : 1;
    this.#counts.set(credentialId, { window, count });
    if (this.#counts.size > 10_000) {
      for (const [key, value] of this.#counts) if (value.window < window) this.#counts.delete(key);
    }
    return stateOf(this.#budget, count, now);
  }
}

/**
 * The same fixed windows counted in Redis, so N instances share one budget per credential: one INCR
 * and, on a window's first request, its expiry. Should Redis be unreachable it counts in this process
 * rather than refusing every call (as the sign-in throttle does).
 */
export class RedisCredentialRateLimiter implements CredentialRateLimiter {
  readonly #redis: Redis;
  readonly #budget: CredentialBudget;
  readonly #fallback: MemoryCredentialRateLimiter;
  readonly #prefix: string;

  constructor(
    redis: Redis,
    budget: CredentialBudget = DEFAULT_CREDENTIAL_BUDGET,
    prefix = 'buildbid-credential-rate:',
  ) {
    this.#redis = redis;
    this.#budget = budget;
    this.#fallback = new MemoryCredentialRateLimiter(budget);
    this.#prefix = prefix;
  }

  async hit(credentialId: string, now: Date): Promise<RateLimitState> {
    const window = Math.floor(now.getTime() / this.#budget.windowMs);
    const key = `${this.#prefix}${credentialId}:${window}`;
    try {
      const [[, count]] = (await this.#redis
        .multi()
        .incr(key)
        .pexpire(key, this.#budget.windowMs * 2)
        .exec()) as [[Error | null, number]];
      return stateOf(this.#budget, Number(count), now);
    } catch {
      return this.#fallback.hit(credentialId, now);
    }
  }
}
