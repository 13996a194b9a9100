import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay clearly below. */
export const MAX_NOTIFY_BYTES = 7900;

export interface PgNotifyChannelOptions<T> {
  connectionString: string;
  channel: string;
  /** What another process sent (this process's own messages are skipped). */
  onMessage: (message: T) => void;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * One PostgreSQL LISTEN/NOTIFY channel between API processes: JSON messages, each tagged with the
 * sender's id so a process ignores its own. One dedicated connection listens and reconnects with
 * backoff when lost; sending goes through a small pool. Messages are not stored: while the listener is
 * down, what others send is missed, so users of the channel must tolerate a lost message (the socket
 * clients poll; the read caches expire on their own).
 */
export class PgNotifyChannel<T> {
  readonly #options: PgNotifyChannelOptions<T>;
  readonly #origin = randomUUID();
  readonly #pool: pg.Pool;
  #listener: pg.Client | undefined;
  #closing = false;
  #retryMs = 500;
  #reconnect: ReturnType<typeof setTimeout> | undefined;

  constructor(options: PgNotifyChannelOptions<T>) {
    this.#options = options;
    this.#pool = new pg.Pool({
      connectionString: options.connectionString,
      max: 2,
      idleTimeoutMillis: 30_000,
    });
    this.#pool.on('error', (error) =>
      options.log.warn({ err: error }, `${options.channel}: notify connection failed`),
    );
  }

  get channel(): string {
    return this.#options.channel;
  }

  /** Connects the listening connection; resolves once LISTEN is in place. */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#options.connectionString });
    client.on('notification', (n) => {
      if (n.channel === this.#options.channel && n.payload) this.#receive(n.payload);
    });
    client.on('error', (error) => {
      this.#options.log.warn(
        { err: error },
        `${this.#options.channel}: listener connection lost; reconnecting`,
      );
      this.#retry(client);
    });
    client.on('end', () => this.#retry(client));
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(this.#options.channel)}`);
    this.#listener = client;
    this.#retryMs = 500;
  }

  #retry(client: pg.Client): void {
    if (this.#closing || this.#listener !== client) return;
    this.#listener = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    const delay = this.#retryMs;
    this.#retryMs = Math.min(this.#retryMs * 2, 30_000);
    this.#reconnect = setTimeout(() => {
      this.start().catch((error: unknown) => {
        this.#options.log.error({ err: error }, `${this.#options.channel}: listener could not reconnect`);
        this.#listener = client;
        this.#retry(client);
      });
    }, delay);
    this.#reconnect.unref();
  }

  #receive(payload: string): void {
    let envelope: { o: string; m: T };
    try {
      envelope = JSON.parse(payload) as { o: string; m: T };
    } catch {
      return;
    }
    if (envelope.o !== this.#origin) this.#options.onMessage(envelope.m);
  }

  /** The payload as it would be sent, and its size in bytes (callers shrink what is too large). */
  encode(message: T): { text: string; bytes: number } {
    const text = JSON.stringify({ o: this.#origin, m: message });
    return { text, bytes: Buffer.byteLength(text) };
  }

  /** Sends to every other process listening on the channel. */
  async send(message: T): Promise<void> {
    await this.#pool.query('select pg_notify($1, $2)', [this.#options.channel, this.encode(message).text]);
  }

  /** Whether the listening connection is up (health checks, tests). */
  get listening(): boolean {
    return this.#listener !== undefined;
  }

  async close(): Promise<void> {
    this.#closing = true;
    clearTimeout(this.#reconnect);
    const listener = this.#listener;
    this.#listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.#pool.end().catch(() => undefined);
  }
}
