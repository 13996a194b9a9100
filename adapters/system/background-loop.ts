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

  constructor(options: {
    task: () => Promise<unknown>;
    intervalMs: number;
    onError: (error: unknown) => void;
  }) {
    this.#task = options.task;
    this.#intervalMs = options.intervalMs;
    this.#onError = options.onError;
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
      } catch (error) {
        this.#onError(error);
      }
    })();
    this.#running = round.finally(() => {
      this.#running = undefined;
      if (this.#again) {
        this.#again = false;
        this.#schedule(0);
      } else {
        this.#schedule(this.#intervalMs);
      }
    });
    return this.#running;
  }
}
