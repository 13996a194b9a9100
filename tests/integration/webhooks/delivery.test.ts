import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MikroOrmUnitOfWork } from '#adapters/persistence/mikro-orm-unit-of-work.ts';
import { closeOrm } from '#adapters/persistence/orm.ts';
import { OutboxEventPublisher, SqlEventOutboxStore } from '#adapters/persistence/sql-event-outbox.ts';
import { SqlWebhookDeliveries } from '#adapters/persistence/webhook-deliveries.ts';
import type { BidSubmitted, DomainEvent } from '#domain/shared/events.ts';
import { RETRY_WINDOW_MS } from '#domain/webhook/delivery.ts';
import { storeUser } from '../persistence/marketplace-fixtures.ts';
import { openTestOrm, truncateAll } from '../support/database.ts';
import { deliveryRows, type Receiver, startReceiver, type Webhooks, webhooksOn } from './support.ts';

const MIN = 60_000;

/**
 * Webhook deliveries on PostgreSQL (decision 0212), from the commit of a domain event (its outbox row) to a
 * local receiver that checks the signature: retries on the schedule after 5xx answers and timeouts, one
 * delivery however often the outbox hands the event over, deliveries that survive a worker's death, and
 * the endpoint disabled (its owner mailed) after three days of failures.
 */
describe('webhook deliveries (PostgreSQL)', () => {
  let orm: MikroORM;
  let receiver: Receiver;
  let kit: Webhooks;
  let failOnce: boolean;
  let publisher: OutboxEventPublisher;

  const bidSubmitted = (ownerId: string, at: Date): BidSubmitted => ({
    type: 'bid_submitted',
    occurredAt: at,
    bidId: randomUUID(),
    projectId: randomUUID(),
    projectTitle: 'Kitchen renovation',
    recipientId: ownerId,
    contractorId: randomUUID(),
    amountCents: 1_250_099,
    projectPostedAt: at,
  });

  /** Commits the events as a use case does (their outbox rows with the change), then publishes them. */
  async function commit(events: DomainEvent[]): Promise<void> {
    await new MikroOrmUnitOfWork(orm.em).run((tx) => tx.outbox.add(events));
    await publisher.publish(events);
    await publisher.settled();
  }

  /** An owner with an endpoint on the receiver that takes bid.received; the receiver trusts its secret. */
  async function anEndpoint(eventTypes = ['bid.received']) {
    const owner = await storeUser(orm, 'client');
    const { endpoint, secret } = await kit.create.execute(owner, { url: receiver.url(), eventTypes });
    receiver.trust(secret);
    return { owner, endpoint };
  }

  beforeAll(async () => {
    orm = await openTestOrm();
  });
  afterAll(async () => {
    await closeOrm(orm);
  });
  beforeEach(async () => {
    await truncateAll(orm);
    kit = webhooksOn(orm, { timeoutMs: 300 });
    receiver = await startReceiver({ now: () => kit.clock.now() });
    failOnce = false;
    publisher = new OutboxEventPublisher(new SqlEventOutboxStore(orm.em, { graceMs: 0 }), () => {});
    // Another subscriber that can fail once, so the outbox keeps the event for its relay.
    publisher.subscribe(async () => {
      if (failOnce) {
        failOnce = false;
        throw new Error('another subscriber failed');
      }
    });
    publisher.subscribeInBackground((event) => kit.onEvent.execute(event));
  });
  afterEach(async () => {
    await receiver.close();
  });

  it('delivers a committed event to its owner’s endpoint only, signed, with a stable event id', async () => {
    const { owner, endpoint } = await anEndpoint();
    await anEndpoint(); // another user's endpoint: the bid is not theirs
    await kit.create.execute(owner, { url: receiver.url('/messages'), eventTypes: ['message.received'] });
    const event = bidSubmitted(owner.id, new Date('2027-03-01T11:59:58.700Z'));
    await commit([event]);

    expect(await kit.dispatcher().runDue()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got).toMatchObject({ path: '/hook', verified: true });
    expect(got?.headers['content-type']).toBe('application/json');
    const t = Math.floor(kit.clock.now().getTime() / 1000);
    expect(got?.headers['buildbid-signature']).toMatch(new RegExp(`^t=${t},v1=[0-9a-f]{64}$`));
    expect(receiver.payloads()).toEqual([
      {
        id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
        type: 'bid.received',
        created: Math.floor(event.occurredAt.getTime() / 1000),
        data: {
          bidId: event.bidId,
          projectId: event.projectId,
          projectTitle: 'Kitchen renovation',
          contractorId: event.contractorId,
          amount: '12500.99',
        },
      },
    ]);
    const log = await kit.log.execute(owner, endpoint.id);
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({
      eventId: receiver.payloads()[0]?.id,
      type: 'bid.received',
      status: 'succeeded',
      attempts: 1,
      nextAttemptAt: null,
      responseStatus: 200,
      responseBody: 'ok',
      error: null,
    });
    expect(log.items[0]?.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('retries after 5xx answers and a timeout on the schedule, with the same body and id each time', async () => {
    const { owner, endpoint } = await anEndpoint();
    receiver.reply(
      { status: 500, body: 'boom' },
      { status: 503 },
      { status: 200, delayMs: 2_000 },
      { status: 204 },
    );
    await commit([bidSubmitted(owner.id, kit.clock.now())]);
    const dispatcher = kit.dispatcher();
    const row = async () => (await deliveryRows(orm))[0];

    expect(await dispatcher.runDue()).toBe(1);
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1, response_status: 500 });
    expect(new Date((await row())?.next_attempt_at ?? 0)).toEqual(new Date(kit.clock.now().getTime() + MIN));
    kit.clock.advance(30_000);
    expect(await dispatcher.runDue()).toBe(0); // not due yet
    kit.clock.advance(30_000);
    expect(await dispatcher.runDue()).toBe(1);
    expect(await row()).toMatchObject({ status: 'pending', attempts: 2, response_status: 503 });
    kit.clock.advance(5 * MIN);
    expect(await dispatcher.runDue()).toBe(1);
    expect(await row()).toMatchObject({
      status: 'pending',
      attempts: 3,
      response_status: null,
      error: 'Timed out after 300 ms',
    });
    kit.clock.advance(30 * MIN);
    expect(await dispatcher.runDue()).toBe(1);
    expect(await row()).toMatchObject({
      status: 'succeeded',
      attempts: 4,
      response_status: 204,
      error: null,
    });

    expect(receiver.received).toHaveLength(4);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    const times = receiver.received.map(
      (r) => /t=(\d+)/.exec(r.headers['buildbid-signature'] as string)?.[1],
    );
    expect(new Set(times).size).toBe(4); // each attempt is signed at its own time
    const [first] = (await kit.log.execute(owner, endpoint.id)).items;
    expect(first?.attempts).toBe(4);
  });

  it('queues one delivery when the outbox hands the same event over twice (in process, then from its table)', async () => {
    const { owner } = await anEndpoint();
    failOnce = true;
    await commit([bidSubmitted(owner.id, kit.clock.now())]);
    expect(await deliveryRows(orm)).toHaveLength(1);
    // The failed subscriber left the event in the outbox: the relay hands it over again, read back from there.
    await orm.em
      .getConnection()
      .execute(`update event_outbox set claimed_until = now() - interval '1 second'`);
    expect(await publisher.relay()).toBe(1);
    expect(await deliveryRows(orm)).toHaveLength(1);

    expect(await kit.dispatcher().runDue()).toBe(1);
    expect(await kit.dispatcher().runDue()).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('survives a worker that died holding a delivery: another worker sends it once the lease ends', async () => {
    const { owner } = await anEndpoint();
    await commit([bidSubmitted(owner.id, kit.clock.now())]);
    const dead = await new SqlWebhookDeliveries(orm.em).claimDue(kit.clock.now(), 10, 60_000);
    expect(dead).toHaveLength(1); // claimed, then the process was gone before it sent anything

    expect(await kit.dispatcher().runDue()).toBe(0);
    kit.clock.advance(60_000);
    expect(await kit.dispatcher().runDue()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect((await deliveryRows(orm))[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('lets several workers run at once without sending a delivery twice', async () => {
    const { owner } = await anEndpoint();
    await commit(Array.from({ length: 15 }, () => bidSubmitted(owner.id, kit.clock.now())));
    const counts = await Promise.all([
      kit.dispatcher().runDue(),
      kit.dispatcher().runDue(),
      kit.dispatcher().runDue(),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(15);
    const ids = receiver.payloads().map((p) => p.id);
    expect(ids).toHaveLength(15);
    expect(new Set(ids).size).toBe(15);
  });

  it('fails a delivery after three days, disables the endpoint whose attempts all failed, and mails its owner', async () => {
    const { owner, endpoint } = await anEndpoint();
    receiver.reply(...Array.from({ length: 40 }, () => ({ status: 500 })));
    const start = kit.clock.now();
    await commit([bidSubmitted(owner.id, start)]);
    const dispatcher = kit.dispatcher();
    let laterEventAt: Date | null = null;
    for (;;) {
      await dispatcher.runDue();
      const pending = (await deliveryRows(orm)).filter((r) => r.status === 'pending' && r.next_attempt_at);
      if (pending.length === 0) break;
      const due = Math.min(...pending.map((r) => new Date(r.next_attempt_at as string).getTime()));
      kit.clock.set(new Date(due));
      // A second event two days in: it is still being retried when the endpoint is disabled.
      if (!laterEventAt && due - start.getTime() > 2 * 24 * 60 * MIN) {
        laterEventAt = kit.clock.now();
        await commit([bidSubmitted(owner.id, laterEventAt)]);
      }
    }
    const [first, second] = await deliveryRows(orm);
    expect(first).toMatchObject({ status: 'failed', attempts: 13, response_status: 500 });
    expect(kit.clock.now().getTime() - start.getTime()).toBe(RETRY_WINDOW_MS);
    expect(second).toMatchObject({
      status: 'failed',
      error: 'The endpoint was disabled: its deliveries failed for 3 days',
    });
    const [listed] = await kit.list.execute(owner);
    expect(listed).toMatchObject({
      id: endpoint.id,
      status: 'disabled',
      disabledReason: 'deliveries_failing',
      disabledAt: kit.clock.now(),
    });
    const mails = await orm.em
      .getConnection()
      .execute<{ recipient: string; subject: string; text_body: string }[]>(
        'select recipient, subject, text_body from email_outbox',
      );
    expect(mails).toEqual([
      expect.objectContaining({
        recipient: owner.email,
        subject: 'Your BuildBid webhook endpoint was disabled',
      }),
    ]);
    expect(mails[0]?.text_body).toContain(receiver.url());
    // Nothing more goes to a disabled endpoint, and new events are not queued for it.
    await commit([bidSubmitted(owner.id, kit.clock.now())]);
    expect(await deliveryRows(orm)).toHaveLength(2);
  });

  it('keeps an endpoint enabled when an attempt works within the three days', async () => {
    const { owner } = await anEndpoint();
    receiver.reply(...Array.from({ length: 9 }, () => ({ status: 500 })));
    await commit([bidSubmitted(owner.id, kit.clock.now())]);
    for (let round = 0; round < 12; round++) {
      await kit.dispatcher().runDue();
      const [row] = await deliveryRows(orm);
      if (!row?.next_attempt_at) break;
      kit.clock.set(new Date(row.next_attempt_at));
    }
    expect((await deliveryRows(orm))[0]).toMatchObject({ status: 'succeeded', attempts: 10 });
    kit.clock.advance(2 * 24 * 60 * MIN);
    receiver.reply({ status: 500 });
    await commit([bidSubmitted(owner.id, kit.clock.now())]);
    await kit.dispatcher().runDue();
    expect((await kit.list.execute(owner))[0]?.status).toBe('enabled');
  });
});
