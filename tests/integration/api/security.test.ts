import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../fakes/in-memory.ts';
import { buildTestApp, sessionCookie, type TestApp, uniqueEmail } from '../support/app.ts';

/** A built shell with the same kind of inline theme script the real build has. */
const THEME = "(function(){document.documentElement.classList.add('light')})();";
function fakeAppsDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'buildbid-apps-'));
  mkdirSync(join(dir, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    join(dir, 'shell', 'dist', 'index.html'),
    `<!DOCTYPE html><html><head><script>${THEME}</script><script defer src="/static/js/index.js"></script></head><body><div id="root"></div></body></html>`,
  );
  return dir;
}

function csp(res: { headers: Record<string, unknown> }): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    APPS_DIR: fakeAppsDir(),
    PUBLIC_URL: 'https://buildbid.example',
    REMOTE_BIDS_URL: 'https://bids.cdn.example/mf-manifest.json',
  });
});
afterAll(async () => {
  await t.close();
});

const register = async (headers: Record<string, string> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers,
    payload: { email: uniqueEmail('sec'), password: 'correct horse 1' },
  });
  return res;
};

describe('security headers', () => {
  it('allows a remote that REMOTES_FILE moves to another origin, without a restart (CSP and origin check)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'buildbid-remotes-')), 'remotes.json');
    const clock = new FakeClock(new Date());
    const moved = await buildTestApp(
      { APPS_DIR: fakeAppsDir(), PUBLIC_URL: 'https://buildbid.example', REMOTES_FILE: file },
      { clock },
    );
    try {
      const before = csp(await moved.app.inject({ method: 'GET', url: '/' }));
      expect(before['script-src']).not.toContain('https://bids-next.example');
      writeFileSync(file, JSON.stringify({ bids: 'https://bids-next.example/mf-manifest.json' }));
      clock.advance(1100); // the file is re-read at most once a second (of the application's clock)
      const after = csp(await moved.app.inject({ method: 'GET', url: '/' }));
      expect(after['script-src']).toContain('https://bids-next.example');
      expect(after['connect-src']).toContain('https://bids-next.example');
      const fromRemote = await moved.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { origin: 'https://bids-next.example' },
        payload: { email: uniqueEmail('sec'), password: 'correct horse 1' },
      });
      expect(fromRemote.statusCode).toBe(201);
    } finally {
      await moved.close();
    }
  });

  it('the shell page gets a CSP with the theme script hash, no inline script, no framing, the remotes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const policy = csp(res);
    const hash = `'sha256-${createHash('sha256').update(THEME).digest('base64')}'`;
    expect(policy['script-src']).toContain(hash);
    expect(policy['script-src']).toContain("'self'");
    expect(policy['script-src']).toContain('https://bids.cdn.example');
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['connect-src']).toContain('wss://buildbid.example');
    expect(policy['frame-src']).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // HSTS only in production (a test or development server may run on plain http).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('API answers carry the same headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/catalog' });
    expect(csp(res)['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it("a remote's bundle may be loaded by a shell on another origin; the shell's own files may not", async () => {
    const apps = fakeAppsDir();
    mkdirSync(join(apps, 'bids', 'dist'), { recursive: true });
    writeFileSync(join(apps, 'bids', 'dist', 'remoteEntry.js'), 'self.bids = 1;');
    const served = await buildTestApp({ APPS_DIR: apps, PUBLIC_URL: 'https://buildbid.example' });
    try {
      const bundle = await served.app.inject({ method: 'GET', url: '/remotes/bids/remoteEntry.js' });
      expect(bundle.statusCode).toBe(200);
      expect(bundle.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(bundle.headers['access-control-allow-origin']).toBe('*');
      // The other security headers stay on the bundle.
      expect(bundle.headers['x-content-type-options']).toBe('nosniff');
      const shell = await served.app.inject({ method: 'GET', url: '/' });
      expect(shell.headers['cross-origin-resource-policy']).toBe('same-origin');
    } finally {
      await served.close();
    }
  });

  it('in production: HSTS, and Stripe.js and its frames allowed when Stripe is on', async () => {
    const prod = await buildTestApp({
      NODE_ENV: 'production',
      APPS_DIR: fakeAppsDir(),
      PUBLIC_URL: 'https://buildbid.example',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_ID: 'price_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      const policy = csp(res);
      expect(policy['script-src']).toContain('https://js.stripe.com');
      expect(policy['frame-src']).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
      expect(policy['connect-src']).toContain('https://api.stripe.com');
    } finally {
      await prod.close();
    }
  });
});

describe('the origin check on state-changing requests', () => {
  it('refuses another site with 403 ORIGIN_FORBIDDEN, by Origin or by Referer', async () => {
    const byOrigin = await register({ origin: 'https://evil.example' });
    expect(byOrigin.statusCode).toBe(403);
    expect(byOrigin.json().code).toBe('ORIGIN_FORBIDDEN');
    const byReferer = await register({ referer: 'https://evil.example/form.html' });
    expect(byReferer.statusCode).toBe(403);
    expect(byReferer.json().code).toBe('ORIGIN_FORBIDDEN');
    // A same-site subdomain is another origin too.
    expect((await register({ origin: 'https://evil.buildbid.example' })).statusCode).toBe(403);
    expect((await register({ origin: 'null' })).statusCode).toBe(403);
  });

  it('the signed-in victim changes nothing from another site', async () => {
    const cookie = sessionCookie(await register());
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/role',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { role: 'contractor' },
    });
    expect(res.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json().role).toBe('client');
  });

  it('accepts the site itself (PUBLIC_URL, a remote origin, the Host addressed) and requests without either header', async () => {
    expect((await register({ origin: 'https://buildbid.example' })).statusCode).toBe(201);
    expect((await register({ referer: 'https://buildbid.example/signup' })).statusCode).toBe(201);
    expect((await register({ origin: 'https://bids.cdn.example' })).statusCode).toBe(201);
    expect((await register({ origin: 'http://localhost:80' })).statusCode).toBe(201);
    expect((await register()).statusCode).toBe(201);
  });

  it('reads are never refused for their origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/catalog',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('NUL bytes and malformed bodies', () => {
  it('a NUL in a JSON field, a query filter or a path answers 400 NUL_BYTE', async () => {
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail('nul'), password: 'correct horse 1', firstName: 'A\u0000B' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ code: 'NUL_BYTE', field: 'firstName' });
    const query = await t.app.inject({ method: 'GET', url: '/api/projects?search=a%00b' });
    expect(query.statusCode).toBe(400);
    expect(query.json().code).toBe('NUL_BYTE');
  });

  it('a URL with broken percent-encoding answers 400 BAD_REQUEST in the API’s error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/abc%2' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(res.json()).not.toHaveProperty('statusCode');
  });

  it('a NUL inside projectData answers 400, and a malformed multipart body 400', async () => {
    const cookie = sessionCookie(await register());
    const boundary = '----buildbid';
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="projectData"\r\n\r\n{"title":"a\\u0000b"}\r\n--${boundary}--\r\n`,
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().code).toBe('NUL_BYTE');

    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="projectData"\r\n\r\n{"title":"x"`,
    });
    expect(cut.statusCode).toBe(400);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie, 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    });
    expect(noBoundary.statusCode).toBe(400);
  });
});

describe('lone UTF-16 surrogates (decision 0190)', () => {
  const lone = '\\ud800';
  it('in a JSON field, a query value or a path: 400 VALIDATION_FAILED naming the field, nothing stored', async () => {
    const email = uniqueEmail('sur');
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${email}","password":"correct horse 1","lastName":"Lee ${lone} x"}`,
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({
      message: 'Last name contains an unpaired UTF-16 surrogate, which is not valid text',
      code: 'VALIDATION_FAILED',
      field: 'lastName',
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: 'correct horse 1' },
    });
    expect(signIn.statusCode).toBe(401); // the account was not created
    // A paired surrogate (an emoji written as two escapes) is text like any other.
    const paired = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${uniqueEmail('pair')}","password":"correct horse 1","firstName":"Ann \\ud83d\\ude00"}`,
    });
    expect(paired.statusCode).toBe(201);
    expect(paired.json().firstName).toBe('Ann 😀');
    // Query strings and paths decode percent-escapes as UTF-8, which has no surrogates: a surrogate's
    // bytes become U+FFFD, so these are answered by their schemas like any other text.
    const query = await t.app.inject({ method: 'GET', url: '/api/projects?search=%ED%A0%80' });
    expect(query.statusCode).toBeLessThan(500);
    const path = await t.app.inject({ method: 'GET', url: '/api/projects/%ED%A0%80' });
    expect(path.statusCode).toBe(400);
  });

  it('inside the multipart projectData: 400 naming the field inside it', async () => {
    const cookie = sessionCookie(await register());
    const boundary = '----buildbid';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="projectData"\r\n\r\n{"title":"a${lone}b"}\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'title' });
  });
});

describe('API consistency (decision 0190)', () => {
  it('a JSON body is not coerced: a string or a list where a number belongs is 400 VALIDATION_FAILED', async () => {
    const ann = sessionCookie(await register());
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: ann } });
    const userId = res.json().id as string;
    for (const amount of ['100', [100]]) {
      const bid = await t.app.inject({
        method: 'POST',
        url: `/api/projects/${userId}/bids`,
        headers: { cookie: ann },
        payload: { amount, timeline: 30, proposal: 'I can start on Monday.' },
      });
      expect(bid.statusCode, JSON.stringify(amount)).toBe(400);
      expect(bid.json()).toEqual({
        message: 'Amount must be a number',
        code: 'VALIDATION_FAILED',
        field: 'amount',
      });
    }
    for (const role of [['contractor'], 1]) {
      const change = await t.app.inject({
        method: 'PATCH',
        url: '/api/users/me/role',
        headers: { cookie: ann },
        payload: { role },
      });
      expect(change.statusCode, JSON.stringify(role)).toBe(400);
      expect(change.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'role' });
    }
    // Query strings are text and still read as the schema's types.
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/projects?limit=2',
      headers: { cookie: ann },
    });
    expect(page.statusCode).toBe(200);
  });

  it('a 10,000-character project id answers 400 VALIDATION_FAILED naming the id; other long URLs answer like short ones', async () => {
    const long = 'a'.repeat(10_000);
    const project = await t.app.inject({ method: 'GET', url: `/api/projects/${long}` });
    expect(project.statusCode).toBe(400);
    expect(project.json()).toEqual({
      message: 'Id must be a valid id',
      code: 'VALIDATION_FAILED',
      field: 'id',
    });
    expect(project.headers['content-security-policy']).toBeTruthy(); // a routed answer, with its headers
    // An unknown API path, however long, is 404 NOT_FOUND (it was 403 BAD_REQUEST from the file server).
    const unknown = await t.app.inject({ method: 'GET', url: `/api/${long}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect(unknown.json().message.length).toBeLessThan(300);
    // A long page path is the shell's to route (its 'Page not found' / 'Project Not Found').
    for (const page of [`/projects/${long}`, `/${long}`]) {
      const shell = await t.app.inject({ method: 'GET', url: page });
      expect(shell.statusCode).toBe(200);
      expect(shell.headers['content-type']).toMatch(/^text\/html/);
    }
    const cookie = sessionCookie(await register());
    const bid = await t.app.inject({
      method: 'PATCH',
      url: `/api/bids/${long}`,
      headers: { cookie },
      payload: {},
    });
    expect(bid.statusCode).toBe(400);
    expect(bid.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const file = await t.app.inject({ method: 'GET', url: `/uploads/${long}`, headers: { cookie } });
    expect(file.statusCode).toBe(400);
    expect(file.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'name' });
  });

  it('a URL longer than the 16 KB request head answers 431 HEADERS_TOO_LARGE in the API’s shape', async () => {
    // Closed with the app in afterAll.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/projects/${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({
      message: 'The address or the headers are longer than 16 KB',
      code: 'HEADERS_TOO_LARGE',
    });
  });
});

describe('caching', () => {
  it('authenticated JSON is Cache-Control: no-store', async () => {
    const cookie = sessionCookie(await register());
    for (const url of ['/api/auth/user', '/api/notifications', '/api/notifications/unread-count']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('TRUST_PROXY', () => {
  const signIn = (app: TestApp, forwardedFor: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: uniqueEmail('nobody'), password: 'wrong password' },
    });

  it('unset: a client cannot dodge the sign-in limit by varying X-Forwarded-For', async () => {
    const strict = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await signIn(strict, `203.0.113.${i}`)).statusCode);
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await strict.close();
    }
  });

  it("set to the proxy's address: the client address the proxy saw counts", async () => {
    // app.inject connects from 127.0.0.1: that is the proxy here.
    const proxied = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1' });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await signIn(proxied, `203.0.113.${i}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
    } finally {
      await proxied.close();
    }
  });
});

describe('timeouts', () => {
  it('a client that never finishes its headers is cut off after HEADERS_TIMEOUT_MS', async () => {
    const slow = await buildTestApp({ HEADERS_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '600' });
    try {
      await slow.app.listen({ port: 3461, host: '127.0.0.1' });
      const started = Date.now();
      const answer = await new Promise<string>((resolve) => {
        const socket = tcpConnect(3461, '127.0.0.1', () => {
          socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
        });
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk;
        });
        socket.on('close', () => resolve(data));
      });
      const waited = Date.now() - started;
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(waited).toBeLessThan(5000);
    } finally {
      await slow.close();
    }
  });

  it('a body that stops arriving is cut off after REQUEST_TIMEOUT_MS', async () => {
    const slow = await buildTestApp({ HEADERS_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '600' });
    try {
      await slow.app.listen({ port: 3462, host: '127.0.0.1' });
      const answer = await new Promise<string>((resolve) => {
        const socket = tcpConnect(3462, '127.0.0.1', () => {
          socket.write(
            'POST /api/auth/signin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
          );
        });
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk;
        });
        socket.on('close', () => resolve(data));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await slow.close();
    }
  });
});

describe('the /ws upgrade', () => {
  it('refuses a page from another site (403), so it cannot read the victim’s messages', async () => {
    const cookie = sessionCookie(await register());
    await expect(
      t.app.injectWS('/ws', { headers: { cookie, origin: 'https://evil.example' } }),
    ).rejects.toThrow(/403/);
    const ok = await t.app.injectWS('/ws', { headers: { cookie, origin: 'https://buildbid.example' } });
    ok.terminate();
  });

  it('caps the sockets of one session: the oldest beyond WS_MAX_PER_SESSION is closed', async () => {
    const cookie = sessionCookie(await register());
    const max = t.config.socketsPerSession;
    const sockets = [];
    const closes: number[] = [];
    for (let i = 0; i < max + 2; i++) {
      const socket = await t.app.injectWS('/ws', { headers: { cookie } });
      socket.on('close', (code) => closes.push(code));
      sockets.push(socket);
    }
    await expect.poll(() => closes, { timeout: 5000 }).toEqual([4429, 4429]);
    for (const socket of sockets) socket.terminate();
  });
});
