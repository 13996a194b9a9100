import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { RealtimeMessage, RealtimePort } from '../../application/realtime/ports.ts';
import type { InProcessSocketHub } from './in-process-socket-hub.ts';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay clearly below. */
export const MAX_NOTIFY_BYTES = 7900;

export const REALTIME_CHANNEL = 'buildbid_realtime';

/** What travels on the channel: a delivery to a user, or a signed-out session to close. */
type Envelope = { o: string; u: string; m: RealtimeMessage } | { o: string; s: string };

export interface PgNotifyRealtimeOptions {
  connectionString: string;
  /** The sockets of this process. */
  hub: InProcessSocketHub;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  channel?: string;
}

/**
 * RealtimePort for several API processes on one PostgreSQL. A delivery goes at once to this process's
 * sockets and, through `pg_notify`, to every other process: each holds one dedicated connection that
 * LISTENs on the channel and hands what it hears to its own sockets (its own notifications are skipped).
 *
 * Payloads stay small (the use cases send ids and previews); one that would pass 8000 bytes is sent
 * with its data replaced by `{ truncated: true }` so the client refetches. Notifications are not
 * stored: while the listening connection is down (it reconnects with backoff) other processes'
 * deliveries are missed, as a closed socket misses them; the clients' polling catches up.
 */
export class PgNotifyRealtime implements RealtimePort {
  readonly #options: PgNotifyRealtimeOptions;
  readonly #channel: string;
  readonly #origin = randomUUID();
  readonly #pool: pg.Pool;
  #listener: pg.Client | undefined;
  #closing = false;
  #retryMs = 500;
  #reconnect: ReturnType<typeof setTimeout> | undefined;

  constructor(options: PgNotifyRealtimeOptions) {
    this.#options = options;
    this.#channel = options.channel ?? REALTIME_CHANNEL;
    this.#pool = new pg.Pool({
      connectionString: options.connectionString,
      max: 2,
      idleTimeoutMillis: 30_000,
    });
    this.#pool.on('error', (error) => options.log.warn({ err: error }, 'realtime notify connection failed'));
  }

  /** Connects the listening connection; resolves once LISTEN is in place. */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#options.connectionString });
    client.on('notification', (n) => {
      if (n.channel === this.#channel && n.payload) this.#receive(n.payload);
    });
    client.on('error', (error) => {
      this.#options.log.warn({ err: error }, 'realtime listener connection lost; reconnecting');
      this.#retry(client);
    });
    client.on('end', () => this.#retry(client));
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(this.#channel)}`);
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
        this.#options.log.error({ err: error }, 'realtime listener could not reconnect');
        this.#listener = client;
        this.#retry(client);
      });
    }, delay);
    this.#reconnect.unref();
  }

  #receive(payload: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.o === this.#origin) return;
    if ('u' in envelope) this.#options.hub.deliver(envelope.u, JSON.stringify(envelope.m));
    else if ('s' in envelope) this.#options.hub.closeLocalSession(envelope.s);
  }

  async #notify(envelope: Envelope): Promise<void> {
    let text = JSON.stringify(envelope);
    if (Buffer.byteLength(text) > MAX_NOTIFY_BYTES && 'm' in envelope) {
      this.#options.log.warn(
        { type: envelope.m.type, bytes: Buffer.byteLength(text) },
        'realtime payload too large; sent without data',
      );
      text = JSON.stringify({ ...envelope, m: { type: envelope.m.type, data: { truncated: true } } });
    }
    await this.#pool.query('select pg_notify($1, $2)', [this.#channel, text]);
  }

  async sendToUser(userId: string, message: RealtimeMessage): Promise<void> {
    this.#options.hub.deliver(userId, JSON.stringify(message));
    await this.#notify({ o: this.#origin, u: userId, m: message });
  }

  async closeSession(sessionId: string): Promise<void> {
    this.#options.hub.closeLocalSession(sessionId);
    await this.#notify({ o: this.#origin, s: sessionId });
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
