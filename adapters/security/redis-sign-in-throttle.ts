import type { Redis } from 'ioredis';
import type { SignInThrottle } from '../../application/accounts/ports.ts';
import { DEFAULT_THROTTLE, MemorySignInThrottle, type ThrottleOptions } from './memory-sign-in-throttle.ts';

/**
 * One failure, atomically: count it, set the wait (doubling past the free attempts, capped) and the
 * time the key is forgotten. KEYS[1] the account's hash; ARGV: now, free attempts, base, max, forget (ms).
 */
const FAILED = `
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
local now = tonumber(ARGV[1])
local over = failures - tonumber(ARGV[2])
local delay = 0
if over >= 0 then
  delay = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * (2 ^ math.min(over, 30)))
end
redis.call('HSET', KEYS[1], 'until', now + delay)
redis.call('PEXPIRE', KEYS[1], math.max(tonumber(ARGV[5]), delay))
return failures
`;

/**
 * The per-account sign-in throttle shared by every API instance through Redis, so an attacker spread
 * over N instances gets the same free attempts as against one. Should Redis be unreachable it falls
 * back to this process's own count rather than refusing sign-ins (like the shared rate limits).
 */
export class RedisSignInThrottle implements SignInThrottle {
  readonly #redis: Redis;
  readonly #options: ThrottleOptions;
  readonly #fallback: MemorySignInThrottle;
  readonly #prefix: string;

  constructor(redis: Redis, options: Partial<ThrottleOptions> = {}, prefix = 'buildbid-signin:') {
    this.#redis = redis;
    this.#options = { ...DEFAULT_THROTTLE, ...options };
    this.#fallback = new MemorySignInThrottle(this.#options);
    this.#prefix = prefix;
  }

  async waitMs(key: string, now: Date): Promise<number> {
    try {
      const until = Number(await this.#redis.hget(this.#key(key), 'until'));
      return Number.isFinite(until) ? Math.max(0, until - now.getTime()) : 0;
    } catch {
      return this.#fallback.waitMs(key, now);
    }
  }

  async failed(key: string, now: Date): Promise<void> {
    const o = this.#options;
    try {
      await this.#redis.eval(
        FAILED,
        1,
        this.#key(key),
        now.getTime(),
        o.freeAttempts,
        o.baseDelayMs,
        o.maxDelayMs,
        o.forgetAfterMs,
      );
    } catch {
      await this.#fallback.failed(key, now);
    }
  }

  async succeeded(key: string): Promise<void> {
    await this.#fallback.succeeded(key);
    try {
      await this.#redis.del(this.#key(key));
    } catch {
      // Unreachable: the key expires on its own.
    }
  }

  #key(key: string): string {
    return `${this.#prefix}${key}`;
  }
}
