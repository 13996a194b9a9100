import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyBuildBidSignature } from '#adapters/webhooks/signer.ts';
import { truncateAll } from '../support/database.ts';
import { type Receiver, startReceiver } from '../webhooks/support.ts';
import {
  buildMarketplaceApp,
  type Caller,
  createProject,
  type MarketplaceApp,
  placeBid,
  send,
  signUp,
  UNKNOWN_ID,
} from './marketplace-support.ts';

/**
 * Webhooks through the API (docs/decisions/0212-signed-webhooks.md) as a third party uses them: a token
 * holding `webhooks:write`, no cookie, a local receiver that checks each signature, and the app's own
 * worker sending the deliveries (the tests wait by polling the delivery log).
 */
let t: MarketplaceApp;
let receiver: Receiver;
// biome-ignore lint/suspicious/noExplicitAny: the served document is read as untyped JSON
let doc: Record<string, any>;

beforeAll(async () => {
  t = await buildMarketplaceApp();
  receiver = await startReceiver();
  doc = (await t.app.inject('/openapi.json')).json();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
beforeEach(async () => {
  await truncateAll(t.composition.orm);
  receiver.received.length = 0;
});

async function createToken(owner: Caller, scopes: string[]): Promise<string> {
  const res = await send(t, 'POST', '/api/access-tokens', owner.cookie, { name: 'Integration', scopes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().token;
}

/** A request as a script makes it: the token, no cookie, no Origin. */
function asScript(token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function createEndpoint(token: string, body: Record<string, unknown> = {}) {
  const res = await asScript(token, 'POST', '/api/webhooks/endpoints', {
    url: receiver.url('/hooks/buildbid'),
    description: 'Bids into our CRM',
    eventTypes: ['bid.received'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { secret: string; endpoint: { id: string } & Record<string, unknown> };
}

interface Delivery {
  id: string;
  eventId: string;
  type: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  payload: string;
}

/** Polls the endpoint's log until `done` holds for it (the app's worker sends in the background). */
function waitForLog(token: string, endpointId: string, done: (items: Delivery[]) => boolean) {
  return vi.waitFor(
    async () => {
      const res = await asScript(token, 'GET', `/api/webhooks/endpoints/${endpointId}/deliveries`);
      const items = res.json().items as Delivery[];
      if (!done(items)) throw new Error(`not yet: ${JSON.stringify(items.map((d) => [d.type, d.status]))}`);
      return items;
    },
    { timeout: 15_000, interval: 50 },
  );
}

/** What the document's `webhooks` says the body of `type` is: the problems of `body` against it. */
function documentProblems(type: string, body: string): string[] {
  const ref = doc.webhooks[type].post.requestBody.content['application/json'].schema.$ref as string;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(structuredClone(doc), 'openapi.json');
  const validate = ajv.compile({ $ref: `openapi.json${ref}` });
  return validate(JSON.parse(body))
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

describe('webhooks for a third party (decision 0212)', () => {
  it('sends a signed bid.received, logs it, sends a test event, and resends with the same event id', async () => {
    const owner = await signUp(t, 'client');
    const contractor = await signUp(t, 'contractor');
    const token = await createToken(owner, ['webhooks:write']);
    const { secret, endpoint } = await createEndpoint(token);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(endpoint).toMatchObject({
      url: receiver.url('/hooks/buildbid'),
      description: 'Bids into our CRM',
      eventTypes: ['bid.received'],
      savedSearchId: null,
      status: 'enabled',
      disabledReason: null,
    });
    const listed = await asScript(token, 'GET', '/api/webhooks/endpoints');
    expect(listed.json()).toEqual([endpoint]);
    expect(listed.body).not.toContain(secret);

    const projectId = await createProject(t, owner.cookie);
    const bidId = await placeBid(t, contractor.cookie, projectId);
    const [delivered] = await waitForLog(token, endpoint.id, (items) => items[0]?.status === 'succeeded');
    expect(delivered).toMatchObject({
      type: 'bid.received',
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
    });

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const header = request?.headers['buildbid-signature'] as string;
    expect(request?.path).toBe('/hooks/buildbid');
    expect(verifyBuildBidSignature(request?.body ?? '', header, secret)).toBe(true);
    expect(verifyBuildBidSignature(request?.body ?? '', header, `${secret}x`)).toBe(false);
    expect(request?.body).toBe(delivered?.payload);
    const payload = JSON.parse(request?.body ?? '{}');
    expect(payload).toEqual({
      id: delivered?.eventId,
      type: 'bid.received',
      created: expect.any(Number),
      data: {
        bidId,
        projectId,
        projectTitle: expect.any(String),
        contractorId: contractor.id,
        amount: '18500.00',
      },
    });
    expect(documentProblems('bid.received', request?.body ?? '')).toEqual([]);

    const test = await asScript(token, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
    expect(test.statusCode, test.body).toBe(201);
    expect(test.json()).toMatchObject({
      type: 'ping',
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
    });
    const ping = receiver.received[1];
    expect(
      verifyBuildBidSignature(ping?.body ?? '', ping?.headers['buildbid-signature'] as string, secret),
    ).toBe(true);
    expect(JSON.parse(ping?.body ?? '{}')).toMatchObject({
      type: 'ping',
      data: { endpointId: endpoint.id, message: expect.any(String) },
    });
    expect(documentProblems('ping', ping?.body ?? '')).toEqual([]);

    const resent = await asScript(token, 'POST', `/api/webhooks/deliveries/${delivered?.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ id: delivered?.id, eventId: delivered?.eventId, attempts: 2 });
    const again = receiver.received[2];
    expect(JSON.parse(again?.body ?? '{}').id).toBe(payload.id);
    expect(again?.body).toBe(request?.body);
    expect(
      verifyBuildBidSignature(again?.body ?? '', again?.headers['buildbid-signature'] as string, secret),
    ).toBe(true);

    const log = await asScript(token, 'GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries`);
    expect(log.json().items.map((d: Delivery) => [d.type, d.status])).toEqual([
      ['ping', 'succeeded'],
      ['bid.received', 'succeeded'],
    ]);
  });

  it('refuses a token without webhooks:write, and hides one user’s endpoints and deliveries from another', async () => {
    const owner = await signUp(t, 'client');
    const other = await signUp(t, 'contractor');
    const token = await createToken(owner, ['webhooks:write']);
    const { endpoint } = await createEndpoint(token);
    const ping = await asScript(token, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
    expect(ping.statusCode).toBe(201);

    const reader = await createToken(owner, ['projects:read', 'bids:read']);
    for (const [method, url] of [
      ['GET', '/api/webhooks/endpoints'],
      ['POST', '/api/webhooks/endpoints'],
      ['GET', `/api/webhooks/endpoints/${endpoint.id}/secret`],
    ] as const) {
      const res = await asScript(reader, method, url, method === 'POST' ? {} : undefined);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, 'INSUFFICIENT_SCOPE']);
      expect(res.headers['www-authenticate']).toContain('scope="webhooks:write"');
    }

    const theirs = await createToken(other, ['webhooks:write']);
    expect((await asScript(theirs, 'GET', '/api/webhooks/endpoints')).json()).toEqual([]);
    const base = `/api/webhooks/endpoints/${endpoint.id}`;
    for (const [method, url, body] of [
      ['GET', base, undefined],
      ['PATCH', base, { enabled: false }],
      ['DELETE', base, undefined],
      ['GET', `${base}/secret`, undefined],
      ['POST', `${base}/secret/roll`, undefined],
      ['POST', `${base}/test`, undefined],
      ['GET', `${base}/deliveries`, undefined],
    ] as const) {
      const res = await asScript(theirs, method, url, body);
      expect([method, url, res.statusCode, res.json().code]).toEqual([
        method,
        url,
        404,
        'WEBHOOK_ENDPOINT_NOT_FOUND',
      ]);
    }
    for (const id of [ping.json().id, UNKNOWN_ID]) {
      const res = await asScript(theirs, 'POST', `/api/webhooks/deliveries/${id}/resend`);
      expect([res.statusCode, res.json().code]).toEqual([404, 'WEBHOOK_DELIVERY_NOT_FOUND']);
    }
    // Nothing of the owner's changed.
    const still = await asScript(token, 'GET', base);
    expect(still.json()).toMatchObject({ id: endpoint.id, status: 'enabled' });
  });

  it('manages endpoints from the session: the form’s errors, edits, disabling, the secret roll, the paged log, deletion', async () => {
    const owner = await signUp(t, 'client');
    const refused = async (body: Record<string, unknown>, code: string) => {
      const res = await send(t, 'POST', '/api/webhooks/endpoints', owner.cookie, {
        url: receiver.url(),
        eventTypes: ['bid.received'],
        ...body,
      });
      expect([res.statusCode, res.json().code]).toEqual([400, code]);
    };
    await refused({ url: ' ' }, 'WEBHOOK_URL_REQUIRED');
    await refused({ url: 'http://hooks.example.com/x' }, 'WEBHOOK_URL_NOT_HTTPS');
    await refused({ url: 'https://user:pass@hooks.example.com/x' }, 'WEBHOOK_URL_INVALID');
    await refused({ url: 'https://10.0.0.7/hook' }, 'WEBHOOK_URL_NOT_ALLOWED');
    await refused({ url: 'https://169.254.169.254/latest' }, 'WEBHOOK_URL_NOT_ALLOWED');
    await refused({ eventTypes: [] }, 'WEBHOOK_EVENTS_REQUIRED');
    await refused({ eventTypes: ['bid.created'] }, 'UNKNOWN_WEBHOOK_EVENT');
    await refused({ eventTypes: ['project.posted'] }, 'WEBHOOK_SAVED_SEARCH_REQUIRED');
    await refused(
      { eventTypes: ['project.posted'], savedSearchId: UNKNOWN_ID },
      'WEBHOOK_SAVED_SEARCH_NOT_FOUND',
    );
    await refused({ description: 'x'.repeat(501) }, 'WEBHOOK_DESCRIPTION_TOO_LONG');

    const search = await send(t, 'POST', '/api/saved-searches', owner.cookie, {
      name: 'Roofs',
      filters: { q: 'roof' },
    });
    const created = await send(t, 'POST', '/api/webhooks/endpoints', owner.cookie, {
      url: receiver.url(),
      eventTypes: ['project.posted', 'bid.received'],
      savedSearchId: search.json().id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { secret, endpoint } = created.json();
    const url = `/api/webhooks/endpoints/${endpoint.id}`;

    // A PATCH changes what it names and keeps the rest.
    const described = await send(t, 'PATCH', url, owner.cookie, { description: 'New projects and bids' });
    expect(described.json()).toMatchObject({
      url: receiver.url(),
      description: 'New projects and bids',
      eventTypes: ['project.posted', 'bid.received'],
      savedSearchId: search.json().id,
    });
    const narrowed = await send(t, 'PATCH', url, owner.cookie, { eventTypes: ['bid.received'] });
    expect(narrowed.json()).toMatchObject({ eventTypes: ['bid.received'], savedSearchId: null });
    const disabled = await send(t, 'PATCH', url, owner.cookie, { enabled: false });
    expect(disabled.json()).toMatchObject({ status: 'disabled', disabledReason: 'disabled_by_owner' });
    const enabled = await send(t, 'PATCH', url, owner.cookie, { enabled: true });
    expect(enabled.json()).toMatchObject({ status: 'enabled', disabledReason: null, disabledAt: null });
    const badEdit = await send(t, 'PATCH', url, owner.cookie, { url: 'ftp://hooks.example.com' });
    expect([badEdit.statusCode, badEdit.json().code]).toEqual([400, 'WEBHOOK_URL_INVALID']);

    const revealed = await t.app.inject({
      method: 'GET',
      url: `${url}/secret`,
      headers: { cookie: owner.cookie },
    });
    expect(revealed.json()).toEqual({ secret, previousSecret: null, previousSecretExpiresAt: null });
    const rolled = await send(t, 'POST', `${url}/secret/roll`, owner.cookie);
    expect(rolled.statusCode).toBe(200);
    expect(rolled.json()).toMatchObject({
      previousSecret: secret,
      previousSecretExpiresAt: expect.any(String),
    });
    expect(rolled.json().secret).not.toBe(secret);
    // Both secrets sign during the roll.
    receiver.received.length = 0;
    expect((await send(t, 'POST', `${url}/test`, owner.cookie)).statusCode).toBe(201);
    const [signed] = receiver.received;
    for (const key of [secret, rolled.json().secret]) {
      expect(
        verifyBuildBidSignature(signed?.body ?? '', signed?.headers['buildbid-signature'] as string, key),
      ).toBe(true);
    }
    expect((await send(t, 'POST', `${url}/test`, owner.cookie)).statusCode).toBe(201);
    const first = await t.app.inject({
      method: 'GET',
      url: `${url}/deliveries?limit=1`,
      headers: { cookie: owner.cookie },
    });
    expect(first.json().items).toHaveLength(1);
    expect(first.json().nextCursor).toEqual(expect.any(String));
    const second = await t.app.inject({
      method: 'GET',
      url: `${url}/deliveries?limit=1&before=${encodeURIComponent(first.json().nextCursor)}`,
      headers: { cookie: owner.cookie },
    });
    expect(second.json()).toEqual({ items: [expect.objectContaining({ type: 'ping' })], nextCursor: null });
    expect(second.json().items[0].id).not.toBe(first.json().items[0].id);

    expect((await send(t, 'DELETE', url, owner.cookie)).statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'WEBHOOK_ENDPOINT_NOT_FOUND']);
    const rows = await t.composition.orm.em
      .getConnection()
      .execute('select count(*)::int as n from webhook_deliveries');
    expect(rows[0].n).toBe(0);
  });

  it('holds at most 10 endpoints a user (409 WEBHOOK_LIMIT_REACHED)', async () => {
    const owner = await signUp(t, 'client');
    const token = await createToken(owner, ['webhooks:write']);
    for (let i = 0; i < 10; i += 1) await createEndpoint(token, { url: receiver.url(`/hook/${i}`) });
    const over = await asScript(token, 'POST', '/api/webhooks/endpoints', {
      url: receiver.url('/hook/10'),
      eventTypes: ['bid.received'],
    });
    expect([over.statusCode, over.json().code]).toEqual([409, 'WEBHOOK_LIMIT_REACHED']);
  });
});
