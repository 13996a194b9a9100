import type { WebSocket } from 'ws';

export interface Pushed {
  type: string;
  data?: unknown;
}

/**
 * Collects what a socket receives, so a test can wait for a message of a type (or assert none came).
 */
export class SocketInbox {
  readonly messages: Pushed[] = [];
  readonly #waiters: Array<{ test: (m: Pushed) => boolean; resolve: (m: Pushed) => void }> = [];

  constructor(socket: WebSocket) {
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as Pushed;
      this.messages.push(message);
      for (const waiter of [...this.#waiters]) {
        if (waiter.test(message)) {
          this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
  }

  of(type: string): Pushed[] {
    return this.messages.filter((m) => m.type === type);
  }

  /** The first message of `type` (already received or still to come); rejects after `timeoutMs`. */
  next(type: string, timeoutMs = 3000): Promise<Pushed> {
    const seen = this.messages.find((m) => m.type === type);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no '${type}' message within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.#waiters.push({
        test: (m) => m.type === type,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }
}

export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
