import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('system routes', () => {
  it('/healthz says the process is up and /readyz that the database answers', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('/remotes.json tells the shell where each micro-frontend is, uncached', async () => {
    const res = await t.app.inject('/remotes.json');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      account: '/remotes/account/mf-manifest.json',
      projects: '/remotes/projects/mf-manifest.json',
      bids: '/remotes/bids/mf-manifest.json',
      admin: '/remotes/admin/mf-manifest.json',
    });
  });

  it('a remote deployed elsewhere is found through REMOTE_<NAME>_URL', async () => {
    const moved = await buildTestApp({ REMOTE_BIDS_URL: 'https://bids.example.com/mf-manifest.json' });
    try {
      expect((await moved.app.inject('/remotes.json')).json().bids).toBe(
        'https://bids.example.com/mf-manifest.json',
      );
    } finally {
      await moved.close();
    }
  });

  it('serves the OpenAPI 3.1 document and Swagger UI', async () => {
    const doc = (await t.app.inject('/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/auth/signin');
    expect(doc.components.schemas.User.properties).not.toHaveProperty('password');
    const ui = await t.app.inject('/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    const res = await t.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET /api/nothing-here not found', code: 'NOT_FOUND' });
  });

  it('echoes a request id on every answer', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers['x-request-id']).toBe('trace-123');
    expect((await t.app.inject('/healthz')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
