import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeOrm } from '#adapters/persistence/orm.ts';
import type { SavedSearchFilters } from '#domain/project/saved-search.ts';
import type { BidAccepted } from '#domain/shared/events.ts';
import type { User } from '#domain/user/user.ts';
import { storeProject, storeUser } from '../persistence/marketplace-fixtures.ts';
import { openTestOrm, truncateAll } from '../support/database.ts';
import { deliveryRows, type Receiver, startReceiver, type Webhooks, webhooksOn } from './support.ts';

const HOUR = 60 * 60_000;

async function rejection(promise: Promise<unknown>): Promise<{ code: string; field?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; field?: string };
  }
  throw new Error('expected a rejection');
}

/**
 * The webhook endpoints' use cases on PostgreSQL (decision 0212): registering (at most 10 a user, a saved
 * search of one's own), editing and disabling, rolling and revealing the secret, deleting, the delivery
 * log, 'Resend', 'Send test event', and project.posted for the projects that meet an endpoint's saved search.
 */
describe('webhook endpoints (PostgreSQL)', () => {
  let orm: MikroORM;
  let receiver: Receiver;
  let kit: Webhooks;
  let owner: User;

  const accepted = (recipientId: string): BidAccepted => ({
    type: 'bid_accepted',
    occurredAt: kit.clock.now(),
    bidId: randomUUID(),
    projectId: randomUUID(),
    projectTitle: 'Deck',
    recipientId,
  });

  async function anEndpoint(user = owner, eventTypes = ['bid.accepted']) {
    const created = await kit.create.execute(user, {
      url: receiver.url(),
      eventTypes,
      description: 'CRM sync',
    });
    receiver.trust(created.secret);
    return created;
  }

  async function aSavedSearch(user: User, filters: SavedSearchFilters): Promise<string> {
    const id = randomUUID();
    const now = kit.clock.now();
    await kit.savedSearches.add(
      { id, userId: user.id, name: `s-${id}`, filters, alerts: 'off', createdAt: now, updatedAt: now },
      () => {},
    );
    return id;
  }

  beforeAll(async () => {
    orm = await openTestOrm();
  });
  afterAll(async () => {
    await closeOrm(orm);
  });
  beforeEach(async () => {
    await truncateAll(orm);
    kit = webhooksOn(orm, { timeoutMs: 2_000 });
    receiver = await startReceiver({ now: () => kit.clock.now() });
    owner = await storeUser(orm, 'contractor');
  });
  afterEach(async () => {
    await receiver.close();
  });

  it('registers an endpoint with a whsec_ secret that the list never shows', async () => {
    const { endpoint, secret } = await anEndpoint();
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({
      ownerUserId: owner.id,
      appId: null,
      url: receiver.url(),
      description: 'CRM sync',
      eventTypes: ['bid.accepted'],
      savedSearchId: null,
      status: 'enabled',
    });
    expect(endpoint).not.toHaveProperty('secret');
    const listed = await kit.list.execute(owner);
    expect(listed).toEqual([endpoint]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(await kit.reveal.execute(owner, endpoint.id)).toEqual({
      secret,
      previousSecret: null,
      previousSecretExpiresAt: null,
    });
    const stranger = await storeUser(orm, 'client');
    expect(await kit.list.execute(stranger)).toEqual([]);
    expect((await rejection(kit.reveal.execute(stranger, endpoint.id))).code).toBe(
      'WEBHOOK_ENDPOINT_NOT_FOUND',
    );
  });

  it('takes at most 10 endpoints a user, even when two are registered at once', async () => {
    for (let i = 0; i < 9; i++) await anEndpoint();
    const outcomes = await Promise.allSettled([anEndpoint(), anEndpoint()]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.code).toBe('WEBHOOK_LIMIT_REACHED');
    expect(await kit.list.execute(owner)).toHaveLength(10);
    // Another user still may.
    await anEndpoint(await storeUser(orm, 'client'));
  });

  it('follows only a saved search of the owner’s own with project.posted', async () => {
    const stranger = await storeUser(orm, 'contractor');
    const theirs = await aSavedSearch(stranger, { q: 'kitchen' });
    const mine = await aSavedSearch(owner, { q: 'kitchen' });
    const input = { url: receiver.url(), eventTypes: ['project.posted'] };
    for (const savedSearchId of [theirs, randomUUID(), 'not-a-uuid']) {
      const error = await rejection(kit.create.execute(owner, { ...input, savedSearchId }));
      expect([error.code, error.field]).toEqual(['WEBHOOK_SAVED_SEARCH_NOT_FOUND', 'savedSearchId']);
    }
    const { endpoint } = await kit.create.execute(owner, { ...input, savedSearchId: mine });
    expect(endpoint.savedSearchId).toBe(mine);
  });

  it('sends project.posted to the endpoints whose saved search the new project meets, never to its owner', async () => {
    const client = await storeUser(orm, 'client');
    const other = await storeUser(orm, 'contractor');
    const project = await storeProject(orm, client.id, {
      title: 'Kitchen renovation in Nassau',
      country: 'BS',
    });
    const meets = await aSavedSearch(owner, { q: 'kitchen nassau', country: 'BS' });
    const misses = await aSavedSearch(other, { q: 'roof' });
    const clients = await aSavedSearch(client, { q: 'kitchen' });
    for (const [user, savedSearchId] of [
      [owner, meets],
      [other, misses],
      [client, clients],
    ] as const) {
      const { secret } = await kit.create.execute(user, {
        url: receiver.url(),
        eventTypes: ['project.posted', 'bid.accepted'],
        savedSearchId,
      });
      receiver.trust(secret);
    }
    const posted = {
      type: 'project_posted' as const,
      occurredAt: kit.clock.now(),
      projectId: project.id,
      ownerId: client.id,
      services: project.services,
      country: 'BS',
    };
    expect(await kit.onEvent.execute(posted)).toBe(1);
    await kit.dispatcher().runDue();
    expect(receiver.received.map((r) => r.verified)).toEqual([true]);
    expect(receiver.payloads()[0]).toMatchObject({
      type: 'project.posted',
      data: {
        projectId: project.id,
        projectTitle: 'Kitchen renovation in Nassau',
        services: project.services,
        country: 'BS',
        savedSearchId: meets,
      },
    });
    // A deleted saved search leaves its endpoint with nothing to follow.
    await kit.savedSearches.remove(meets);
    expect(
      await kit.onEvent.execute({ ...posted, occurredAt: new Date(posted.occurredAt.getTime() + 1) }),
    ).toBe(0);
  });

  it('edits the form, and disabling fails the pending deliveries: a disabled endpoint receives nothing', async () => {
    const { endpoint } = await anEndpoint();
    await kit.onEvent.execute(accepted(owner.id));
    const edited = await kit.update.execute(owner, endpoint.id, {
      url: receiver.url('/v2'),
      description: '',
      eventTypes: ['bid.accepted', 'bid.rejected'],
      enabled: false,
    });
    expect(edited).toMatchObject({
      url: receiver.url('/v2'),
      eventTypes: ['bid.accepted', 'bid.rejected'],
      status: 'disabled',
      disabledReason: 'disabled_by_owner',
    });
    expect((await deliveryRows(orm))[0]).toMatchObject({
      status: 'failed',
      error: 'The endpoint was disabled by its owner',
    });
    expect(await kit.onEvent.execute(accepted(owner.id))).toBe(0);
    const enabled = await kit.update.execute(owner, endpoint.id, {
      url: edited.url,
      eventTypes: edited.eventTypes,
      enabled: true,
    });
    expect(enabled.status).toBe('enabled');
    expect(await kit.onEvent.execute(accepted(owner.id))).toBe(1);
    const stranger = await storeUser(orm, 'client');
    const error = await rejection(
      kit.update.execute(stranger, endpoint.id, { url: receiver.url(), eventTypes: ['bid.accepted'] }),
    );
    expect(error.code).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
  });

  it('rolls the secret: both sign for 24 hours, then only the new one', async () => {
    const { endpoint, secret: old } = await anEndpoint();
    const rolled = await kit.roll.execute(owner, endpoint.id);
    expect(rolled.secret).not.toBe(old);
    expect(rolled).toMatchObject({
      previousSecret: old,
      previousSecretExpiresAt: new Date(kit.clock.now().getTime() + 24 * HOUR),
    });
    const signatures = (i: number) =>
      String(receiver.received[i]?.headers['buildbid-signature']).split('v1=').length - 1;
    await kit.test.execute(owner, endpoint.id);
    expect(signatures(0)).toBe(2);
    kit.clock.advance(24 * HOUR);
    expect(await kit.reveal.execute(owner, endpoint.id)).toEqual({
      secret: rolled.secret,
      previousSecret: null,
      previousSecretExpiresAt: null,
    });
    await kit.test.execute(owner, endpoint.id);
    expect(signatures(1)).toBe(1);
  });

  it('sends a test event now, kept in the log, never retried', async () => {
    const { endpoint } = await anEndpoint();
    receiver.reply({ status: 500 });
    const failed = await kit.test.execute(owner, endpoint.id);
    expect(failed).toMatchObject({
      type: 'ping',
      status: 'failed',
      attempts: 1,
      responseStatus: 500,
      nextAttemptAt: null,
    });
    const ok = await kit.test.execute(owner, endpoint.id);
    expect(ok).toMatchObject({ type: 'ping', status: 'succeeded', responseStatus: 200 });
    expect(receiver.payloads()[1]).toEqual({
      id: ok.eventId,
      type: 'ping',
      created: Math.floor(kit.clock.now().getTime() / 1000),
      data: { endpointId: endpoint.id, message: 'A test event from BuildBid' },
    });
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect((await kit.log.execute(owner, endpoint.id)).items.map((d) => d.status).sort()).toEqual([
      'failed',
      'succeeded',
    ]);
    expect(await kit.dispatcher().runDue()).toBe(0);
  });

  it('resends a past delivery with the same event id, and refuses one a worker holds or another user’s', async () => {
    const { endpoint } = await anEndpoint();
    await kit.onEvent.execute(accepted(owner.id));
    await kit.dispatcher().runDue();
    const [delivered] = (await kit.log.execute(owner, endpoint.id)).items;
    const resent = await kit.resend.execute(owner, delivered?.id as string);
    expect(resent).toMatchObject({
      id: delivered?.id,
      eventId: delivered?.eventId,
      status: 'succeeded',
      attempts: 2,
    });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]?.body).toBe(receiver.received[0]?.body);

    receiver.reply({ status: 410 });
    const failedTest = await kit.test.execute(owner, endpoint.id);
    expect(failedTest.status).toBe('failed');
    expect(await kit.resend.execute(owner, failedTest.id)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
    });

    await kit.onEvent.execute(accepted(owner.id));
    const [held] = await kit.deliveries.claimDue(kit.clock.now(), 10, 60_000);
    expect((await rejection(kit.resend.execute(owner, held?.delivery.id as string))).code).toBe(
      'WEBHOOK_DELIVERY_IN_PROGRESS',
    );
    const stranger = await storeUser(orm, 'client');
    expect((await rejection(kit.resend.execute(stranger, delivered?.id as string))).code).toBe(
      'WEBHOOK_DELIVERY_NOT_FOUND',
    );
    expect((await rejection(kit.resend.execute(owner, 'nope'))).code).toBe('WEBHOOK_DELIVERY_NOT_FOUND');
  });

  it('pages the delivery log newest first', async () => {
    const { endpoint } = await anEndpoint();
    for (let i = 0; i < 5; i++) {
      await kit.onEvent.execute(accepted(owner.id));
      kit.clock.advance(1_000);
    }
    const all = (await kit.log.execute(owner, endpoint.id, { limit: 100 })).items;
    expect(all.map((d) => d.createdAt.getTime())).toEqual(
      [...all].map((d) => d.createdAt.getTime()).sort((a, b) => b - a),
    );
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const page = await kit.log.execute(owner, endpoint.id, { limit: 2, before });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((d) => d.id));
      before = page.nextCursor;
    } while (before);
    expect(seen).toEqual(all.map((d) => d.id));
    expect(await kit.log.execute(owner, endpoint.id, { before: 'garbage' })).toEqual({
      items: [],
      nextCursor: null,
    });
    const stranger = await storeUser(orm, 'client');
    expect((await rejection(kit.log.execute(stranger, endpoint.id))).code).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
  });

  it('deletes an endpoint with its delivery log', async () => {
    const { endpoint } = await anEndpoint();
    await kit.onEvent.execute(accepted(owner.id));
    await kit.remove.execute(owner, endpoint.id);
    expect(await kit.list.execute(owner)).toEqual([]);
    expect(await deliveryRows(orm)).toEqual([]);
    expect((await rejection(kit.remove.execute(owner, endpoint.id))).code).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
  });
});
