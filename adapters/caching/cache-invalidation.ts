import { PgNotifyChannel } from '../realtime/pg-notify-channel.ts';

/** What one instance tells the others to drop: every list page, one session, or one user. */
export type CacheInvalidation = { c: 'projects' } | { c: 'session'; id: string } | { c: 'user'; id: string };

/** The caches of one process, as the channel needs them. */
export interface InvalidatableCaches {
  projects: { clear(): void };
  sessions: { forget(sid: string): void };
  users: { forget(id: string): void };
}

const CACHE_CHANNEL = 'buildbid_cache';

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Keeps the short read caches of several API instances honest (decision 0007): a write, a sign-out or a
 * change to a user on one instance is announced on a PostgreSQL LISTEN/NOTIFY channel, and every other
 * instance drops the same entries a few milliseconds later instead of serving them until they expire.
 * Without a channel (one process, the embedded database) announcing does nothing. A lost message (the
 * listener reconnecting) costs at most the cache's own short lifetime.
 */
export class CacheInvalidationBus {
  readonly #channel: PgNotifyChannel<CacheInvalidation> | undefined;
  readonly #log: Log;
  #caches: InvalidatableCaches | undefined;
  /** List pages are dropped wholesale: many writes in a burst need one announcement, not one each. */
  #projectsPending = false;

  private constructor(channel: PgNotifyChannel<CacheInvalidation> | undefined, log: Log) {
    this.#channel = channel;
    this.#log = log;
  }

  /** A bus across every process on this PostgreSQL; resolves once it listens. */
  static async overPostgres(connectionString: string, log: Log): Promise<CacheInvalidationBus> {
    let bus: CacheInvalidationBus | undefined;
    const channel = new PgNotifyChannel<CacheInvalidation>({
      connectionString,
      channel: CACHE_CHANNEL,
      log,
      onMessage: (message) => bus?.apply(message),
    });
    bus = new CacheInvalidationBus(channel, log);
    await channel.start();
    return bus;
  }

  /** One process: nothing to tell. */
  static local(log: Log): CacheInvalidationBus {
    return new CacheInvalidationBus(undefined, log);
  }

  /** The caches that messages from other instances clear (set once they exist). */
  attach(caches: InvalidatableCaches): void {
    this.#caches = caches;
  }

  get shared(): boolean {
    return this.#channel !== undefined;
  }

  announce(message: CacheInvalidation): void {
    const channel = this.#channel;
    if (!channel) return;
    if (message.c === 'projects') {
      if (this.#projectsPending) return;
      this.#projectsPending = true;
      queueMicrotask(() => {
        this.#projectsPending = false;
        this.#send(channel, message);
      });
      return;
    }
    this.#send(channel, message);
  }

  #send(channel: PgNotifyChannel<CacheInvalidation>, message: CacheInvalidation): void {
    channel.send(message).catch((error: unknown) => {
      this.#log.warn(
        { err: error, invalidation: message },
        'cache invalidation not sent; other instances catch up when entries expire',
      );
    });
  }

  /** Applies what another instance announced. */
  apply(message: CacheInvalidation): void {
    const caches = this.#caches;
    if (!caches) return;
    if (message.c === 'projects') caches.projects.clear();
    else if (message.c === 'session') caches.sessions.forget(message.id);
    else if (message.c === 'user') caches.users.forget(message.id);
  }

  async close(): Promise<void> {
    await this.#channel?.close();
  }
}
