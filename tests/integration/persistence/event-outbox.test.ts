import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MikroOrmUnitOfWork } from '#adapters/persistence/mikro-orm-unit-of-work.ts';
import { closeOrm } from '#adapters/persistence/orm.ts';
import { OutboxEventPublisher, SqlEventOutboxStore } from '#adapters/persistence/sql-event-outbox.ts';
import type { DomainEvent, MessageSent } from '#domain/shared/events.ts';
import { openTestOrm, truncateAll } from '../support/database.ts';

/**
 * The transactional outbox (decision 0142) on PostgreSQL: events commit with the change or not
 * at all, are delivered once and then removed, and stay for the relay when a subscriber fails.
 */
describe('the event outbox (PostgreSQL)', () => {
  let orm: MikroORM;
  let uow: MikroOrmUnitOfWork;
  const rows = () =>
    orm.em
      .getConnection()
      .execute<{ type: string; attempts: number; last_error: string | null }[]>(
        'select type, attempts, last_error from event_outbox order by created_at',
      );
  const event = (preview: string): MessageSent => ({
    type: 'message_sent',
    occurredAt: new Date('2026-03-01T10:00:00.000Z'),
    messageId: '00000000-0000-4000-8000-000000000001',
    senderId: '00000000-0000-4000-8000-000000000002',
    senderName: 'Ann Sender',
    recipientId: '00000000-0000-4000-8000-000000000003',
    projectId: null,
    preview,
  });

  beforeAll(async () => {
    orm = await openTestOrm();
    uow = new MikroOrmUnitOfWork(orm.em);
  });
  afterAll(async () => {
    await closeOrm(orm);
  });
  beforeEach(async () => {
    await truncateAll(orm);
  });

  it('writes nothing when the change rolls back', async () => {
    await expect(
      uow.run(async (tx) => {
        await tx.outbox.add([event('rolled back')]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toEqual([]);
  });

  it('delivers a committed event once, with its dates, and then removes it', async () => {
    const publisher = new OutboxEventPublisher(new SqlEventOutboxStore(orm.em, { graceMs: 0 }), () => {});
    const seen: DomainEvent[] = [];
    publisher.subscribe(async (e) => {
      seen.push(e);
    });
    const sent = event('hello');
    await uow.run((tx) => tx.outbox.add([sent]));
    expect((await rows()).map((r) => r.type)).toEqual(['message_sent']);

    await publisher.publish([sent]);
    await publisher.settled();
    expect(seen).toEqual([sent]);
    expect(await rows()).toEqual([]);
    // Nothing is left for the relay to deliver a second time.
    expect(await publisher.relay()).toBe(0);
    expect(seen).toHaveLength(1);
  });

  it('leaves an event whose subscriber failed for the relay, which delivers it again with its dates', async () => {
    const store = new SqlEventOutboxStore(orm.em, { graceMs: 0, leaseMs: 100 });
    let failing = true;
    const errors: unknown[] = [];
    const publisher = new OutboxEventPublisher(store, (error) => errors.push(error));
    const seen: DomainEvent[] = [];
    publisher.subscribe(async (e) => {
      if (failing) throw new Error('notifications table unavailable');
      seen.push(e);
    });
    const sent = event('retry me');
    await uow.run((tx) => tx.outbox.add([sent]));
    await publisher.publish([sent]);
    await publisher.settled();
    expect(errors).toHaveLength(1);
    expect(await rows()).toEqual([
      { type: 'message_sent', attempts: 1, last_error: 'notifications table unavailable' },
    ]);

    // The failed row waits (30 s, doubling) before the relay may take it again.
    expect(await publisher.relay()).toBe(0);
    await orm.em
      .getConnection()
      .execute(`update event_outbox set claimed_until = now() - interval '1 second'`);
    failing = false;
    expect(await publisher.relay()).toBe(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toEqual(sent);
    expect((seen[0] as MessageSent).occurredAt).toBeInstanceOf(Date);
    expect(await rows()).toEqual([]);
  });

  it('the relay leaves a fresh, unclaimed event to the process that wrote it until the grace has passed', async () => {
    const publisher = new OutboxEventPublisher(
      new SqlEventOutboxStore(orm.em, { graceMs: 60_000 }),
      () => {},
    );
    const seen: DomainEvent[] = [];
    publisher.subscribe(async (e) => {
      seen.push(e);
    });
    await uow.run((tx) => tx.outbox.add([event('fresh')]));
    expect(await publisher.relay()).toBe(0);
    expect(seen).toEqual([]);
    await orm.em.getConnection().execute(`update event_outbox set created_at = now() - interval '2 minutes'`);
    expect(await publisher.relay()).toBe(1);
    expect(seen.map((e) => (e as MessageSent).preview)).toEqual(['fresh']);
  });
});
