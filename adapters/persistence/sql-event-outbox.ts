import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { EventOutbox, EventPublisher } from '../../application/shared/marketplace-ports.ts';
import type { DomainEvent } from '../../domain/shared/events.ts';
import { runSql } from './sql.ts';

/**
 * The transactional outbox of domain events (docs/decisions/0142-transactional-outbox.md).
 *
 * - A use case writes its events with `tx.outbox.add(events)` inside the transaction of the change, so
 *   the change and its events commit together (SqlEventOutbox).
 * - After the commit it calls `EventPublisher.publish(events)`: OutboxEventPublisher claims their rows
 *   (a lease), hands each event to the subscribers (notifications, mails, achievements, sockets) and
 *   deletes the row once every subscriber has finished.
 * - A row nobody delivered (the process died after the commit, a subscriber failed, the database went
 *   away mid-delivery) is picked up by `relay()`, which a background loop runs on every instance.
 *
 * Delivery is at least once: an event whose delivery was cut half-way is delivered again in whole.
 */

/** Which outbox row holds an event object written in this process (set by SqlEventOutbox.add). */
const rowOf = new WeakMap<DomainEvent, string>();

/** JSON with Date values kept as dates: `{ "$date": iso }` on the way in, a Date on the way out. */
function serialize(event: DomainEvent): string {
  return JSON.stringify(event, function (this: Record<string, unknown>, key, value) {
    const raw = this[key];
    return raw instanceof Date ? { $date: raw.toISOString() } : value;
  });
}

function deserializeEvent(payload: unknown): DomainEvent {
  const revive = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(revive);
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record);
      if (keys.length === 1 && keys[0] === '$date' && typeof record.$date === 'string') {
        return new Date(record.$date);
      }
      return Object.fromEntries(keys.map((k) => [k, revive(record[k])]));
    }
    return value;
  };
  return revive(typeof payload === 'string' ? JSON.parse(payload) : payload) as DomainEvent;
}

/** The outbox of one transaction: give it the transaction's EntityManager. */
export class SqlEventOutbox implements EventOutbox {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async add(events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    const params: unknown[] = [];
    const rows: string[] = [];
    for (const event of events) {
      const id = randomUUID();
      rowOf.set(event, id);
      rows.push('(?, ?, ?::jsonb, now())');
      params.push(id, event.type, serialize(event));
    }
    await runSql(
      this.#em,
      `insert into event_outbox (id, type, payload, created_at) values ${rows.join(', ')}`,
      params,
    );
  }
}

export interface OutboxRow {
  id: string;
  event: DomainEvent;
  attempts: number;
}

/** The outbox table outside a transaction: claims, completes and reschedules rows. Give it `orm.em`. */
export class SqlEventOutboxStore {
  readonly #em: EntityManager;
  readonly #leaseMs: number;
  readonly #graceMs: number;

  /**
   * `leaseMs`: how long a claimed row is left to its deliverer before the relay may take it again.
   * `graceMs`: how old an unclaimed row must be before the relay takes it (the publishing process claims
   * its own rows within milliseconds of the commit; the grace keeps the relay from racing it).
   */
  constructor(em: EntityManager, options: { leaseMs?: number; graceMs?: number } = {}) {
    this.#em = em;
    this.#leaseMs = options.leaseMs ?? 120_000;
    this.#graceMs = options.graceMs ?? 10_000;
  }

  /** Claims the rows of `ids` that nobody holds; answers the ids claimed. */
  async claim(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await runSql<{ id: string }>(
      this.#em,
      `update event_outbox set claimed_until = now() + (? * interval '1 millisecond')
        where id in (${ids.map(() => '?').join(', ')})
          and (claimed_until is null or claimed_until < now())
        returning id`,
      [this.#leaseMs, ...ids],
    );
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Claims up to `limit` rows left behind: unclaimed for longer than the grace, or whose lease ran out.
   * SKIP LOCKED: two instances' relays never take the same row.
   */
  async claimStale(limit: number): Promise<OutboxRow[]> {
    const rows = await runSql<{ id: string; payload: unknown; attempts: number }>(
      this.#em,
      `update event_outbox o set claimed_until = now() + (? * interval '1 millisecond')
        from (
          select id from event_outbox
          where (claimed_until is null and created_at < now() - (? * interval '1 millisecond'))
             or claimed_until < now()
          order by created_at
          limit ?
          for update skip locked
        ) due
        where o.id = due.id
        returning o.id, o.payload, o.attempts`,
      [this.#leaseMs, this.#graceMs, limit],
    );
    return rows
      .map((r) => ({ id: r.id, event: deserializeEvent(r.payload), attempts: Number(r.attempts) }))
      .sort((a, b) => a.event.occurredAt.getTime() - b.event.occurredAt.getTime());
  }

  /** Delivered: the row goes. */
  async complete(id: string): Promise<void> {
    await runSql(this.#em, 'delete from event_outbox where id = ?', [id]);
  }

  /** A subscriber failed: the row stays for the relay, after a wait that doubles per attempt (≤ 1 h). */
  async fail(id: string, error: string): Promise<void> {
    await runSql(
      this.#em,
      `update event_outbox set attempts = attempts + 1, last_error = ?,
          claimed_until = now() + (least(3600000, 30000 * power(2, least(attempts, 20))) * interval '1 millisecond')
        where id = ?`,
      [error.slice(0, 1000), id],
    );
  }

  /** Rows not yet delivered (health and tests). */
  async pending(): Promise<number> {
    const [row] = await runSql<{ n: string }>(this.#em, 'select count(*) as n from event_outbox');
    return Number(row?.n ?? 0);
  }
}

type EventSubscriber = (event: DomainEvent) => Promise<unknown>;

/**
 * The EventPublisher of the API: delivers each event to the subscribers of this process. Events that a
 * use case wrote to the outbox are claimed first (so the relay of another instance does not deliver them
 * too) and their row is deleted once every subscriber, background ones included, has finished. Events
 * published without the outbox are delivered the same way, with nothing to claim or delete.
 *
 * Foreground subscribers run before `publish` resolves (the request answers after them). Background
 * subscribers (saved-search alerts) start then and are waited for by `settled()` and `close()`.
 * A failing subscriber is reported and never fails the request that published.
 */
export class OutboxEventPublisher implements EventPublisher {
  readonly #store: SqlEventOutboxStore | undefined;
  readonly #onError: (error: unknown, event?: DomainEvent) => void;
  readonly #foreground: EventSubscriber[] = [];
  readonly #background: EventSubscriber[] = [];
  readonly #inFlight = new Set<Promise<void>>();

  /** Without a store (unit tests, tools) events are delivered in this process only. */
  constructor(
    store: SqlEventOutboxStore | undefined,
    onError: (error: unknown, event?: DomainEvent) => void,
  ) {
    this.#store = store;
    this.#onError = onError;
  }

  subscribe(subscriber: EventSubscriber): void {
    this.#foreground.push(subscriber);
  }

  /** A subscriber the request does not wait for; its row is deleted once it has finished too. */
  subscribeInBackground(subscriber: EventSubscriber): void {
    this.#background.push(subscriber);
  }

  async publish(events: readonly DomainEvent[]): Promise<void> {
    const ids = events.map((e) => rowOf.get(e)).filter((id): id is string => id !== undefined);
    let claimed = new Set<string>();
    if (this.#store && ids.length > 0) {
      try {
        claimed = await this.#store.claim(ids);
      } catch (error) {
        // The rows stay in the outbox: the relay delivers them once the database answers again.
        this.#onError(error);
        return;
      }
    }
    for (const event of events) {
      const id = rowOf.get(event);
      if (id !== undefined && this.#store && !claimed.has(id)) continue; // another deliverer holds it
      await this.#deliver(event, this.#store ? id : undefined);
    }
  }

  /**
   * One round of the relay: delivers up to `limit` events left in the outbox, oldest first. Answers how
   * many it delivered.
   */
  async relay(limit = 100): Promise<number> {
    if (!this.#store) return 0;
    const rows = await this.#store.claimStale(limit);
    for (const row of rows) await this.#deliver(row.event, row.id);
    await this.settled();
    return rows.length;
  }

  /** Resolves once the background subscribers and the outbox bookkeeping started so far are done. */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight]);
  }

  /** Waits at most `ms` for the work in flight (shutdown: a database that stopped answering must not hold it). */
  async drain(ms: number): Promise<void> {
    if (this.#inFlight.size === 0) return;
    await Promise.race([this.settled(), new Promise((resolve) => setTimeout(resolve, ms).unref())]);
  }

  async #deliver(event: DomainEvent, rowId: string | undefined): Promise<void> {
    const failures: unknown[] = [];
    for (const subscriber of this.#foreground) {
      try {
        await subscriber(event);
      } catch (error) {
        failures.push(error);
        this.#onError(error, event);
      }
    }
    const background = this.#background.map((subscriber) =>
      subscriber(event).catch((error: unknown) => {
        failures.push(error);
        this.#onError(error, event);
      }),
    );
    if (background.length === 0 && rowId === undefined) return;
    const store = this.#store;
    const work = Promise.all(background)
      .then(async () => {
        if (rowId === undefined || !store) return;
        if (failures.length === 0) await store.complete(rowId);
        else await store.fail(rowId, String((failures[0] as Error)?.message ?? failures[0]));
      })
      .catch((error: unknown) => this.#onError(error, event))
      .finally(() => this.#inFlight.delete(work));
    this.#inFlight.add(work);
  }
}
