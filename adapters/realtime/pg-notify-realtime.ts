import type { RealtimeMessage, RealtimePort } from '../../application/realtime/ports.ts';
import type { InProcessSocketHub } from './in-process-socket-hub.ts';
import { MAX_NOTIFY_BYTES, PgNotifyChannel } from './pg-notify-channel.ts';

const REALTIME_CHANNEL = 'buildbid_realtime';

/** What travels on the channel: a delivery to a user, or a signed-out session to close. */
type Envelope = { u: string; m: RealtimeMessage } | { s: string };

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
  readonly #channel: PgNotifyChannel<Envelope>;

  constructor(options: PgNotifyRealtimeOptions) {
    this.#options = options;
    this.#channel = new PgNotifyChannel<Envelope>({
      connectionString: options.connectionString,
      channel: options.channel ?? REALTIME_CHANNEL,
      log: options.log,
      onMessage: (envelope) => {
        if ('u' in envelope) options.hub.deliver(envelope.u, JSON.stringify(envelope.m));
        else if ('s' in envelope) options.hub.closeLocalSession(envelope.s);
      },
    });
  }

  /** Connects the listening connection; resolves once LISTEN is in place. */
  start(): Promise<void> {
    return this.#channel.start();
  }

  async #notify(envelope: Envelope): Promise<void> {
    if (this.#channel.encode(envelope).bytes > MAX_NOTIFY_BYTES && 'm' in envelope) {
      this.#options.log.warn(
        { type: envelope.m.type, bytes: this.#channel.encode(envelope).bytes },
        'realtime payload too large; sent without data',
      );
      await this.#channel.send({ ...envelope, m: { type: envelope.m.type, data: { truncated: true } } });
      return;
    }
    await this.#channel.send(envelope);
  }

  async sendToUser(userId: string, message: RealtimeMessage): Promise<void> {
    this.#options.hub.deliver(userId, JSON.stringify(message));
    await this.#notify({ u: userId, m: message });
  }

  async closeSession(sessionId: string): Promise<void> {
    this.#options.hub.closeLocalSession(sessionId);
    await this.#notify({ s: sessionId });
  }

  /** Whether the listening connection is up (health checks, tests). */
  get listening(): boolean {
    return this.#channel.listening;
  }

  close(): Promise<void> {
    return this.#channel.close();
  }
}
