import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeOrm } from '#adapters/persistence/orm.ts';
import { HttpWebhookTransport } from '#adapters/webhooks/http-delivery.ts';
import { type Destination, SsrfGuard } from '#adapters/webhooks/ssrf-guard.ts';
import type { BidAccepted } from '#domain/shared/events.ts';
import type { User } from '#domain/user/user.ts';
import { newWebhookEndpoint } from '#domain/webhook/endpoint.ts';
import { storeUser } from '../persistence/marketplace-fixtures.ts';
import { openTestOrm, truncateAll } from '../support/database.ts';
import { deliveryRows, type Receiver, startReceiver, type Webhooks, webhooksOn } from './support.ts';

/**
 * The SSRF guard on real deliveries (decision 0212): in production an endpoint may not point at loopback,
 * private or link-local addresses (the cloud metadata address included), by address or by a name that
 * resolves to one, neither when it is saved nor when a delivery is made; redirects are never followed;
 * and the connection goes to the address the guard checked, not to a second DNS answer.
 */
describe('webhook deliveries and the SSRF guard', () => {
  let orm: MikroORM;
  let receiver: Receiver;
  let owner: User;

  const accepted = (kit: Webhooks): BidAccepted => ({
    type: 'bid_accepted',
    occurredAt: kit.clock.now(),
    bidId: randomUUID(),
    projectId: randomUUID(),
    projectTitle: 'Deck',
    recipientId: owner.id,
  });

  beforeAll(async () => {
    orm = await openTestOrm();
  });
  afterAll(async () => {
    await closeOrm(orm);
  });
  beforeEach(async () => {
    await truncateAll(orm);
    receiver = await startReceiver();
    owner = await storeUser(orm, 'contractor');
  });
  afterEach(async () => {
    await receiver.close();
  });

  const refusedInProduction = (port: number) => [
    `https://127.0.0.1:${port}/hook`,
    'https://10.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data/',
    `https://localhost:${port}/hook`,
    'https://[::ffff:127.0.0.1]/hook',
  ];

  it('refuses to save an endpoint that points at our own network in production', async () => {
    const kit = webhooksOn(orm, { mode: 'production' });
    for (const url of refusedInProduction(receiver.port)) {
      const error = await kit.create.execute(owner, { url, eventTypes: ['bid.accepted'] }).then(
        () => null,
        (e: { code: string; message: string }) => e,
      );
      expect(error?.code, url).toBe('WEBHOOK_URL_NOT_ALLOWED');
      expect(error?.message, url).toMatch(
        /a (loopback|private|link-local) address, which webhooks may not call$/,
      );
    }
    expect(await kit.list.execute(owner)).toEqual([]);
  });

  it('refuses to deliver there in production, even to an endpoint saved before its name pointed inside', async () => {
    const kit = webhooksOn(orm, { mode: 'production' });
    // Stored as if each host had resolved to a public address when it was saved.
    for (const url of refusedInProduction(receiver.port)) {
      const endpoint = newWebhookEndpoint(
        {
          id: randomUUID(),
          ownerUserId: owner.id,
          url,
          eventTypes: ['bid.accepted'],
          secret: 'whsec_x',
          now: kit.clock.now(),
        },
        'production',
      );
      await kit.endpoints.add(endpoint, () => {});
    }
    expect(await kit.onEvent.execute(accepted(kit))).toBe(5);
    expect(await kit.dispatcher().runDue()).toBe(5);
    const rows = await deliveryRows(orm);
    expect(rows.map((r) => [r.status, r.response_status])).toEqual(Array(5).fill(['pending', null]));
    for (const row of rows) expect(row.error).toMatch(/^Refused: The host .+ which webhooks may not call$/);
    expect(receiver.received).toEqual([]);
  });

  it('lets http://localhost and http://127.0.0.1 through in development', async () => {
    const kit = webhooksOn(orm, { mode: 'development' });
    for (const url of [receiver.url(), `http://localhost:${receiver.port}/hook`]) {
      await kit.create.execute(owner, { url, eventTypes: ['bid.accepted'] });
    }
    await kit.onEvent.execute(accepted(kit));
    expect(await kit.dispatcher().runDue()).toBe(2);
    expect(receiver.received).toHaveLength(2);
    expect((await deliveryRows(orm)).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('never follows a redirect: a 3xx is a failed attempt', async () => {
    const kit = webhooksOn(orm, { mode: 'development' });
    await kit.create.execute(owner, { url: receiver.url(), eventTypes: ['bid.accepted'] });
    receiver.reply(
      { status: 302, location: receiver.url('/elsewhere') },
      { status: 307, location: receiver.url('/elsewhere') },
    );
    await kit.onEvent.execute(accepted(kit));
    await kit.dispatcher().runDue();
    expect(receiver.received.map((r) => r.path)).toEqual(['/hook']);
    expect((await deliveryRows(orm))[0]).toMatchObject({
      status: 'pending',
      response_status: 302,
      error: null,
    });
  });

  it('connects to the address the guard checked, without asking DNS again (no rebinding)', async () => {
    // A guard whose check answers 127.0.0.1 for a name the system resolver cannot resolve at all (.invalid):
    // the delivery arrives only if the socket connected to the checked address.
    let checks = 0;
    const guard = new (class extends SsrfGuard {
      override async destination(): Promise<Destination> {
        checks += 1;
        return { addresses: [{ address: '127.0.0.1', family: 4 }] };
      }
    })({ mode: 'production' });
    const result = await new HttpWebhookTransport({ guard }).post({
      url: `http://rebind.invalid:${receiver.port}/hook`,
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
      timeoutMs: 2_000,
    });
    expect(result).toMatchObject({ responseStatus: 200, error: null, responseBody: 'ok' });
    expect(checks).toBe(1);
    expect(receiver.received[0]?.headers.host).toBe(`rebind.invalid:${receiver.port}`);
  });

  it('keeps the first 1 KB of an answer, without NUL characters', async () => {
    const transport = new HttpWebhookTransport({ guard: new SsrfGuard({ mode: 'development' }) });
    const post = () => transport.post({ url: receiver.url(), body: '{}', headers: {}, timeoutMs: 2_000 });
    receiver.reply({ status: 200, body: 'é'.repeat(600) }, { status: 400, body: 'bad\u0000request' });
    const long = await post();
    expect(Buffer.byteLength(long.responseBody ?? '')).toBe(1024);
    expect(long.responseBody).toBe('é'.repeat(512));
    expect(await post()).toMatchObject({ responseStatus: 400, responseBody: 'badrequest', error: null });
  });
});
