/**
 * Runs `task` every `intervalMs` in the background, never two rounds at once. `wake()` runs a round
 * soon (coalesced), e.g. right after a mail was queued; `stop()` waits for the round in flight.
 * A failing round is reported and the loop carries on.
 */
export class BackgroundLoop {
  readonly #task: () => Promise<unknown>;
  readonly #intervalMs: number;
  readonly #onError: (error: unknown) => void;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  readonly #maxBackoffMs: number;
  /** Rounds failed in a row: each doubles the wait before the next (a database outage, SMTP down). */
  #failures = 0;

  constructor(options: {
    task: () => Promise<unknown>;
    intervalMs: number;
    onError: (error: unknown) => void;
    /** The longest wait between failing rounds (default: 60 × intervalMs, at most 5 minutes). */
    maxBackoffMs?: number;
  }) {
    this.#task = options.task;
    this.#intervalMs = options.intervalMs;
    this.#onError = options.onError;
    this.#maxBackoffMs = options.maxBackoffMs ?? Math.min(options.intervalMs * 60, 5 * 60_000);
  }

  /** How long the loop waits between rounds now: the interval, doubled per failed round in a row. */
  get currentDelayMs(): number {
    if (this.#failures === 0) return this.#intervalMs;
    return Math.max(
      this.#intervalMs,
      Math.min(this.#maxBackoffMs, this.#intervalMs * 2 ** Math.min(this.#failures, 30)),
    );
  }

  /** Failed rounds in a row (0 after a round that worked). */
  get failures(): number {
    return this.#failures;
  }

  start(): this {
    this.#schedule(this.#intervalMs);
    return this;
  }

  /** Runs a round as soon as possible (after the one in flight, if any). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#schedule(0);
  }

  /** Runs one round now and waits for it (tests, benchmarks). */
  async runOnce(): Promise<void> {
    while (this.#running) await this.#running;
    await this.#round();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    while (this.#running) await this.#running;
  }

  #schedule(delay: number): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#round(), delay);
    this.#timer.unref();
  }

  #round(): Promise<void> {
    clearTimeout(this.#timer);
    const round = (async () => {
      try {
        await this.#task();
        this.#failures = 0;
      } catch (error) {
        this.#failures += 1;
        this.#onError(error);
      }
    })();
    this.#running = round.finally(() => {
      this.#running = undefined;
      if (this.#again && this.#failures === 0) {
        this.#again = false;
        this.#schedule(0);
      } else {
        this.#again = false;
        this.#schedule(this.currentDelayMs);
      }
    });
    return this.#running;
  }
}
