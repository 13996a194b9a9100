import { createHash, randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { PASSWORD, register } from './support/marketplace.ts';
import { expect, test } from './support/page-hygiene.ts';

/**
 * OAuth apps end to end (decision 0213): a user registers an app on the Developer page; then, as the app
 * would, the browser is sent to /oauth/auth, lands on BuildBid's consent page, allows, and arrives at the
 * app's redirect URI with a code, which the app exchanges (PKCE) for a token that calls the API until the
 * user disconnects the app. The app's redirect URI is a loopback address (allowed outside production, and
 * the e2e server runs NODE_ENV=test); the browser's requests to it are answered by `page.route`, as the
 * app's own server would. The app's logo is served the same way, from its https host.
 */
const APP_ORIGIN = 'http://127.0.0.1:8123';
const REDIRECT_URI = `${APP_ORIGIN}/callback`;
const LOGO_URL = 'https://sitediary.example/logo.png';
/** A 1 × 1 PNG. */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const PROJECTS_READ = 'See projects, their questions, addenda and files';
const OFFLINE = 'Keep this access while you are away, until you disconnect the app';

/** A PKCE verifier and its S256 challenge, as the app makes them. */
function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The app's side in the browser: its logo, and its redirect URI, whose every visit is kept. */
async function playTheApp(page: Page): Promise<URL[]> {
  const arrivals: URL[] = [];
  await page.route(LOGO_URL, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: LOGO }));
  await page.route(`${APP_ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname !== '/callback') return route.fulfill({ status: 204 });
    arrivals.push(url);
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Site Diary</title><h1>Site Diary</h1></html>',
    });
  });
  return arrivals;
}

/** Where the app sends the browser to ask for access. */
function authorizationUrl(clientId: string, challenge: string, state: string): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'projects:read offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  });
  return `/oauth/auth?${query}`;
}

/** The app's server, with no cookie: it calls /oauth/token and then the API with the token. */
async function appServer(baseURL: string | undefined): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: baseURL ?? '' });
}

test('a user registers an app, connects it on the consent page, the app calls the API, and disconnecting stops it', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const arrivals = await playTheApp(page);
  await register(page.request, 'client', 'Dora');
  await page.goto('/developer');
  await expect(page.getByRole('heading', { level: 1, name: 'Developer' })).toBeVisible();
  const apps = page.getByRole('region', { name: 'OAuth apps' });
  await expect(apps.getByRole('heading', { name: 'No apps yet' })).toBeVisible();

  // Register the app: two redirect URI lines, one of them taken out again.
  await apps.getByRole('button', { name: 'Register app' }).click();
  const form = page.getByRole('dialog', { name: 'Register app' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Site Diary');
  await form.getByRole('textbox', { name: 'Homepage URL' }).fill('https://sitediary.example');
  await form.getByRole('textbox', { name: 'Logo URL' }).fill(LOGO_URL);
  const uris = form.getByRole('group', { name: 'Redirect URIs' });
  await uris.getByRole('textbox', { name: 'Redirect URI 1' }).fill('https://sitediary.example/wrong');
  await uris.getByRole('button', { name: 'Add redirect URI' }).click();
  await expect(uris.getByRole('textbox', { name: 'Redirect URI 2' })).toBeFocused();
  await page.keyboard.type(REDIRECT_URI);
  await uris.getByRole('button', { name: 'Remove redirect URI 1' }).click();
  await expect(uris.getByRole('textbox')).toHaveCount(1);
  await expect(uris.getByRole('textbox', { name: 'Redirect URI 1' })).toHaveValue(REDIRECT_URI);
  await form.getByRole('button', { name: 'Register app' }).click();

  // A confidential app's secret, once.
  const shown = page.getByRole('dialog', { name: 'Copy your client secret now' });
  await expect(shown.getByText("You won't be able to see it again.")).toBeVisible();
  const clientId = await shown.getByRole('textbox', { name: 'Client ID' }).inputValue();
  const secret = await shown.getByRole('textbox', { name: 'Client secret' }).inputValue();
  expect(secret).toMatch(/^bbcs_/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('status')).toHaveText('Copied');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(apps.getByRole('button', { name: 'Register app' })).toBeFocused();
  expect(await page.content()).not.toContain(secret);
  const row = apps.getByRole('listitem', { name: 'Site Diary' });
  await expect(row).toContainText(clientId);
  await expect(row.getByRole('list', { name: 'Redirect URIs of Site Diary' })).toHaveText(REDIRECT_URI);

  // The app sends the browser to ask; the signed-in user lands on the consent page.
  const { verifier, challenge } = pkce();
  await page.goto(authorizationUrl(clientId, challenge, 'st-42'));
  await expect(page).toHaveURL(/\/oauth\/consent\/[\w-]+$/);
  const consent = page.getByRole('region', { name: 'Authorize Site Diary' });
  await expect(consent).toContainText('You are signed in as Dora Tester');
  await expect(consent.getByRole('img')).toHaveCount(0); // the logo is decorative (alt="")
  await expect
    .poll(() => consent.locator('img.consent-logo').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(1);
  const asked = consent.getByRole('group', { name: 'It asks to' });
  await expect(asked.getByRole('checkbox', { name: new RegExp(`^${PROJECTS_READ}`) })).toBeChecked();
  await expect(asked.getByRole('checkbox', { name: new RegExp(`^${OFFLINE}`) })).toBeChecked();
  await expect(consent).toContainText('you go back to 127.0.0.1:8123');
  // The route sweep sees this page only for a request that is gone: the real one is checked here.
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  await consent.getByRole('button', { name: 'Allow' }).click();

  // The browser arrives at the app with the code and the app's state.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:8123\/callback\?/);
  const [arrival] = arrivals;
  expect(arrival?.searchParams.get('state')).toBe('st-42');
  const code = arrival?.searchParams.get('code') ?? '';
  expect(code).not.toBe('');

  // The app's server exchanges the code with the verifier, then calls the API with the token.
  const server = await appServer(baseURL);
  const exchanged = await server.post('/oauth/token', {
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
    form: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier },
  });
  expect(exchanged.status(), await exchanged.text()).toBe(200);
  expect(exchanged.headers()['ratelimit-remaining']).toMatch(/^\d+$/);
  const tokens = (await exchanged.json()) as { access_token: string; refresh_token: string; scope: string };
  expect(tokens.scope).toBe('projects:read');
  expect(tokens.refresh_token).toBeTruthy();
  const bearer = { authorization: `Bearer ${tokens.access_token}` };
  const projects = await server.get('/api/projects', { headers: bearer });
  expect(projects.status(), await projects.text()).toBe(200);

  // The user sees the app under Connected apps, with what it may do, and disconnects it.
  await page.goto('/developer');
  const connected = page.getByRole('region', { name: 'Connected apps' });
  const connection = connected.getByRole('listitem', { name: 'Site Diary' });
  await expect(connection.getByRole('list', { name: 'What Site Diary may do' })).toContainText(PROJECTS_READ);
  await connection.getByRole('button', { name: 'Disconnect Site Diary' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Disconnect app?' });
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(confirm).toBeHidden();
  await expect(connected.getByRole('heading', { name: 'No connected apps' })).toBeVisible();

  const refused = await server.get('/api/projects', { headers: bearer });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe('INVALID_TOKEN');
  await server.dispose();
});

test('a signed-out person is sent to sign in and back to the consent page; Deny tells the app access_denied', async ({
  page,
  baseURL,
}) => {
  // The developer registers a public app elsewhere; this browser is signed out.
  const developer = await appServer(baseURL);
  await register(developer, 'contractor', 'Devon');
  const registered = await developer.post('/api/oauth-apps', {
    data: {
      name: 'Estimator CLI',
      homepageUrl: 'https://estimator.example',
      redirectUris: [REDIRECT_URI],
      clientType: 'public',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { client_id: clientId, client_secret: secret } = (await registered.json()) as {
    client_id: string;
    client_secret: string | null;
  };
  expect(secret).toBeNull();
  await developer.dispose();
  const person = await appServer(baseURL);
  const { email } = await register(person, 'client', 'Pia');
  await person.dispose();

  const arrivals = await playTheApp(page);
  await page.goto(authorizationUrl(clientId, pkce().challenge, 'st-7'));
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/oauth\/consent\/[\w-]+$/);
  const consent = page.getByRole('region', { name: 'Authorize Estimator CLI' });
  await expect(consent).toContainText('You are signed in as Pia Tester');
  await consent.getByRole('button', { name: 'Deny' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:8123\/callback\?/);
  expect(arrivals[0]?.searchParams.get('error')).toBe('access_denied');
  expect(arrivals[0]?.searchParams.get('state')).toBe('st-7');
  expect(arrivals[0]?.searchParams.has('code')).toBe(false);
});

test('a consent page whose request is gone says so', async ({ page, hygiene }) => {
  hygiene.allowConsoleErrors(/status of 404.*\/oauth\/consent\/[\w-]+\/details/);
  await register(page.request, 'client', 'Gus');
  await page.goto('/oauth/consent/expired-or-never-was');
  await expect(page.getByRole('heading', { level: 1, name: 'This request has expired' })).toBeVisible();
  await expect(
    page.getByText(
      'This authorization request has expired or was already answered; start again from the app',
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Gus!' })).toBeVisible();
});
