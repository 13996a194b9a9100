import { sampleProjectData } from '@buildbid/test-kit/samples';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { promoteToAdmin } from './support/marketplace.ts';

/**
 * Every route of the shell, rendered in Chromium with the production Content-Security-Policy on:
 * no CSP violation may happen (reported as a `securitypolicyviolation` event or a console error).
 * The data on the pages carries stored-XSS payloads in every free-text field a user can fill
 * (names, project texts, bid proposals, messages, reviews): none of them may run.
 */

const PASSWORD = 'hammer-and-nails';
/** Each payload calls window.__xss(n) if it ever runs. */
const XSS = [
  `<img src=x onerror="window.__xss(1)">`,
  `<script>window.__xss(2)</script>`,
  `"><svg onload="window.__xss(3)">`,
  `javascript:window.__xss(4)`,
  `<a href="javascript:window.__xss(5)">x</a>`,
  `{{constructor.constructor('window.__xss(6)')()}}`,
].join(' ');

interface Watch {
  violations: string[];
  ran: number[];
}

async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { violations: [], ran: [] };
  await page.exposeFunction('__reportViolation', (text: string) => seen.violations.push(text));
  await page.exposeFunction('__xss', (n: number) => seen.ran.push(n));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const w = window as unknown as { __reportViolation: (t: string) => void };
      w.__reportViolation(`${event.violatedDirective} blocked ${event.blockedURI} at ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) {
      seen.violations.push(message.text());
    }
  });
  return seen;
}

async function register(request: APIRequestContext, role: string, firstName: string) {
  const email = `${role}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const res = await request.post('/api/auth/register', {
    data: { email, password: PASSWORD, firstName, lastName: XSS.slice(0, 90), role },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, id: (await res.json()).id as string };
}

async function signIn(page: Page, email: string) {
  const res = await page.request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
}

/** Waits until the route has rendered something real (a heading), then a moment for late loads. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

const SIGNED_OUT = ['/', '/signin', '/register', '/auth-test', '/pricing', '/no-such-page'];

test('every route renders under the CSP with no violation, and stored XSS payloads never run', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const seen = await watch(page);

  // The CSP is what the server sends: a quick look at the header itself.
  const home = await page.request.get('/');
  const policy = home.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toMatch(/script-src 'self' 'sha256-/);
  expect(policy).not.toContain("'unsafe-inline' 'unsafe-eval'");

  for (const path of SIGNED_OUT) await visit(page, path);

  // Data with payloads in every free-text field: a client's project, a contractor's bid, messages.
  const client = await register(page.request, 'client', XSS.slice(0, 90));
  const otherContext = await browser.newContext();
  const contractorPage = await otherContext.newPage();
  const contractor = await register(contractorPage.request, 'contractor', 'Carl');
  await signIn(page, client.email);
  const posted = await page.request.post('/api/projects', {
    multipart: {
      projectData: JSON.stringify(
        sampleProjectData({
          title: `Roof ${XSS}`.slice(0, 200),
          description: `Description ${XSS}`,
          location: XSS.slice(0, 200),
          tags: [XSS.slice(0, 40)],
        }),
      ),
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const projectId = (await posted.json()).id as string;
  const bid = await contractorPage.request.post(`/api/projects/${projectId}/bids`, {
    data: { amount: 18500, timeline: 45, proposal: `Proposal ${XSS}` },
  });
  expect(bid.status(), await bid.text()).toBe(201);
  const message = await contractorPage.request.post('/api/messages', {
    data: { receiverId: client.id, projectId, content: `Hello ${XSS}` },
  });
  expect(message.status(), await message.text()).toBe(201);
  await otherContext.close();

  const signedIn = [
    '/',
    '/profile',
    '/switch-role',
    '/pricing',
    '/subscribe',
    '/projects',
    `/projects/${projectId}`,
    `/projects/${projectId}/edit`,
    '/post-project',
    '/my-bids',
    '/admin',
    '/auth-test',
    '/no-such-page',
  ];
  for (const path of signedIn) await visit(page, path);

  // The bell and the message dialog show the contractor's payloads too.
  await page.goto(`/projects/${projectId}`);
  await expect(page.locator('h1, h2').first()).toBeVisible();
  const bell = page.getByRole('button', { name: /Notifications/i });
  if (await bell.count()) await bell.first().click();
  await page.waitForLoadState('networkidle');

  // The contractor sees the project, their bid and My Bids.
  await signIn(page, contractor.email);
  for (const path of ['/projects', `/projects/${projectId}`, '/my-bids', '/']) await visit(page, path);

  // An admin sees every user's payload-laden name.
  promoteToAdmin(client.email);
  await signIn(page, client.email);
  await visit(page, '/admin');

  expect(seen.ran, 'a stored payload ran').toEqual([]);
  expect(seen.violations, 'CSP violations').toEqual([]);
});
