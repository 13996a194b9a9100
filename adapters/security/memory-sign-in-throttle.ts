import type { SignInThrottle } from '../../application/accounts/ports.ts';

interface Entry {
  failures: number;
  /** When the account may try again (ms since epoch). */
  until: number;
  /** When the entry is forgotten (ms since epoch). */
  forgetAt: number;
}

export interface ThrottleOptions {
  /** Failures before any wait. */
  freeAttempts: number;
  /** The first wait; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A quiet account is forgotten after this long. */
  forgetAfterMs: number;
  /** At most this many accounts are tracked (the oldest are dropped first). */
  maxEntries: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = {
  freeAttempts: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
  maxEntries: 100_000,
};

/**
 * The per-account sign-in throttle in this process's memory. With several API processes each keeps its
 * own count, so an attacker spread over N processes gets N times the free attempts; the waits still grow
 * exponentially (docs/security.md).
 */
export class MemorySignInThrottle implements SignInThrottle {
  readonly #entries = new Map<string, Entry>();
  readonly #options: ThrottleOptions;

  constructor(options: Partial<ThrottleOptions> = {}) {
    this.#options = { ...DEFAULT_THROTTLE, ...options };
  }

  async waitMs(key: string, now: Date): Promise<number> {
    const entry = this.#live(key, now.getTime());
    return entry ? Math.max(0, entry.until - now.getTime()) : 0;
  }

  async failed(key: string, now: Date): Promise<void> {
    const t = now.getTime();
    const entry = this.#live(key, t) ?? { failures: 0, until: 0, forgetAt: 0 };
    entry.failures += 1;
    const over = entry.failures - this.#options.freeAttempts;
    const delay =
      over >= 0 ? Math.min(this.#options.maxDelayMs, this.#options.baseDelayMs * 2 ** Math.min(over, 30)) : 0;
    entry.until = t + delay;
    entry.forgetAt = t + Math.max(this.#options.forgetAfterMs, delay);
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > this.#options.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  async succeeded(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  #live(key: string, t: number): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.forgetAt <= t) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }
}
