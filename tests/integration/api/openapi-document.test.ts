import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '#api/app.ts';
import {
  buildTestApp,
  checkAnswersAgainstDocument,
  sessionCookie,
  type TestApp,
  uniqueEmail,
} from '../support/app.ts';
import { ResponseValidator } from '../support/openapi-responses.ts';

// biome-ignore lint/suspicious/noExplicitAny: the served document is read as untyped JSON
type Json = Record<string, any>;

let t: TestApp;
let doc: Json;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://api.partner-test.org' });
  doc = (await t.app.inject('/openapi.json')).json();
});
afterAll(async () => {
  await t.close();
});

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })),
  );

describe('the OpenAPI document for third parties', () => {
  it("names this deployment's PUBLIC_URL as its server, with a version and a licence", () => {
    expect(doc.servers).toEqual([{ url: 'https://api.partner-test.org', description: expect.any(String) }]);
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(doc.info.license.name).toBeTruthy();
  });

  it('gives every operation a unique operationId, a summary, a description and its security', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { where, op } of operations()) {
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(op.summary, where).toBeTruthy();
      expect(op.description, where).toBeTruthy();
      expect(Array.isArray(op.security), where).toBe(true);
    }
    expect(doc.paths['/api/catalog'].get.security).toEqual([]);
    // A signed-in operation: the session, or a third party's token with its scope (decision 0211).
    expect(doc.paths['/api/projects'].get.security).toEqual([
      { session: [] },
      { bearer: ['projects:read'] },
      { oauth2: ['projects:read'] },
    ]);
    // The account's own security takes no token.
    expect(doc.paths['/api/users/me/password'].put.security).toEqual([{ session: [] }]);
  });

  it('documents each error status with the shared schema, its codes and an example per code', () => {
    const submitBid = doc.paths['/api/projects/{id}/bids'].post;
    const forbidden = submitBid.responses['403'].content['application/json'];
    expect(forbidden.schema.allOf[0]).toEqual({ $ref: '#/components/schemas/Error' });
    expect(forbidden.schema.allOf[1].properties.code.enum).toEqual(
      expect.arrayContaining(['BID_LIMIT_REACHED', 'OWN_PROJECT', 'ROLE_CANNOT_BID']),
    );
    expect(forbidden.examples.BID_LIMIT_REACHED.value).toEqual({
      message: "You've reached your monthly limit of 3 bids on the free plan.",
      code: 'BID_LIMIT_REACHED',
    });
    // Every operation that reads a body documents 413 and 415.
    for (const { where, op } of operations().filter(({ where }) => !where.startsWith('GET'))) {
      expect(op.responses['413'], where).toBeDefined();
      if (op.operationId !== 'receiveStripeWebhook') expect(op.responses['415'], where).toBeDefined();
    }
    for (const { where, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        expect(response.description, `${where} ${status}`).not.toBe('Default Response');
      }
      if (op.requestBody) {
        for (const media of Object.values(op.requestBody.content as Record<string, Json>)) {
          expect(media.example ?? media.examples, `${where} request body example`).toBeDefined();
        }
      }
    }
  });

  it('Swagger UI at /docs serves the same document', async () => {
    const ui = await t.app.inject('/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    expect((await t.app.inject('/docs/json')).json()).toEqual(doc);
  });
});

describe('answers that only the HTTP layer gives', () => {
  it('a body of another content type answers 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/xml' },
      payload: '<signin><email>a@b.c</email></signin>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('a body over 1 MB answers 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(1024 * 1024 + 1), password: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a public GET answers 429 RATE_LIMITED past PUBLIC_RATE_LIMIT_PER_MINUTE', async () => {
    const limited = await buildTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await limited.app.inject('/api/catalog')).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const res = await limited.app.inject('/api/catalog');
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });
});

describe('answers are checked against the document', () => {
  const ok = (body: unknown, statusCode = 200) => ({
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  });

  it('passes a documented answer', async () => {
    const validator = new ResponseValidator(doc);
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail('openapi'), password: 'tangerine-ladder-42', role: 'contractor' },
    });
    const quota = await t.app.inject({
      url: '/api/users/me/quota',
      headers: { cookie: sessionCookie(register) },
    });
    expect(
      validator.check('GET', '/api/users/me/quota', {
        statusCode: quota.statusCode,
        headers: quota.headers,
        body: quota.payload,
      }),
    ).toEqual([]);
  });

  it('fails a status the operation does not document', () => {
    const problems = new ResponseValidator(doc).check('GET', '/api/users/me/quota', ok({}, 418));
    expect(problems).toEqual([
      expect.stringContaining('getMyBidQuota (GET /api/users/me/quota) answered 418'),
    ]);
  });

  it('fails a body that breaks the schema of its status', () => {
    const problems = new ResponseValidator(doc).check('GET', '/api/users/me/quota', ok({ tier: 7 }));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toContain('breaks its schema');
  });

  it('fails an error code the operation does not list', () => {
    const validator = new ResponseValidator(doc);
    const url = '/api/projects/7e6d5c4b-3a29-4f18-9e07-d6c5b4a39281';
    expect(
      validator.check('GET', url, ok({ message: 'Project not found', code: 'PROJECT_NOT_FOUND' }, 404)),
    ).toEqual([]);
    expect(validator.check('GET', url, ok({ message: 'Bid not found', code: 'BID_NOT_FOUND' }, 404))).toEqual(
      [expect.stringContaining('/code must be equal to one of the allowed values')],
    );
  });

  it('matches literal paths before templated ones and leaves what the document does not cover alone', () => {
    const validator = new ResponseValidator(doc);
    expect(validator.operation('GET', '/api/users/me/bids?x=1')?.op.operationId).toBe('listMyBids');
    expect(validator.operation('PATCH', '/api/notifications/mark-all-read')?.op.operationId).toBe(
      'markAllNotificationsRead',
    );
    expect(validator.operation('GET', '/api/nothing-here')).toBeUndefined();
    expect(validator.check('GET', '/docs/', ok('<html>', 200))).toEqual([]);
  });

  it('app.inject rejects an answer that breaks the document; uncheckedInject does not check', async () => {
    const app = Fastify();
    await app.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 't', version: '1.0.0' } } });
    app.get(
      '/teapot',
      { schema: { operationId: 'getTeapot', response: { 200: { type: 'object' } } } },
      async (_request, reply) => reply.status(418 as never).send({ short: 'and stout' } as never),
    );
    await app.ready();
    const unchecked = checkAnswersAgainstDocument(app as unknown as App);
    await expect(app.inject('/teapot')).rejects.toThrow(
      'getTeapot (GET /teapot) answered 418, which the OpenAPI document does not list',
    );
    expect((await unchecked('/teapot')).statusCode).toBe(418);
    await app.close();
  });
});
