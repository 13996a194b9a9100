import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { register } from './support/marketplace.ts';
import { expect, test } from './support/page-hygiene.ts';
import { settle, switchTheme, THEMES } from './support/routes.ts';

/**
 * Webhooks end to end (decision 0212): a client registers an endpoint on the Developer page that points at
 * a receiver this test runs, sends a test event, sees it in the delivery log, resends it, rolls the secret
 * and deletes the endpoint. The receiver checks every BuildBid-Signature with the secret the page revealed,
 * as a third party's server would, and answers 200 only when it verifies.
 *
 * The server under test runs with NODE_ENV=test (playwright.config.ts), so its webhook mode is
 * 'development' (apps/api/src/config.ts `webhookMode`): http://127.0.0.1 may be saved and called, and the
 * SSRF guard lets loopback through. Nothing needs to be configured for the receiver.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the signature verified with the secrets the receiver held when the request came. */
  verified: boolean;
}

/** The verification of docs/api.md › Webhooks: HMAC-SHA256 of "<t>.<raw body>", one `v1` per valid secret. */
function verifies(rawBody: string, header: string | undefined, secret: string): boolean {
  const parts = String(header ?? '')
    .split(',')
    .map((part) => part.trim().split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  if (!t || !/^\d+$/.test(t) || Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'));
  return parts.some(
    ([key, value = '']) =>
      key === 'v1' && value.length === expected.length && timingSafeEqual(Buffer.from(value), expected),
  );
}

/** A third party's server: keeps each request, verifies it, answers 200 'received' or 400. */
async function startReceiver() {
  const received: Received[] = [];
  const secrets: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = req.headers['buildbid-signature'] as string | undefined;
      const verified = secrets.length > 0 && secrets.every((secret) => verifies(body, header, secret));
      received.push({ headers: req.headers, body, verified });
      res
        .writeHead(verified ? 200 : 400, { 'Content-Type': 'text/plain' })
        .end(verified ? 'received' : 'bad signature');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/buildbid`,
    received,
    /** The secrets a request must verify with (each of them), as the receiver's configuration. */
    trust(...list: string[]) {
      secrets.splice(0, secrets.length, ...list);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const eventOf = (r: Received) =>
  JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> };

/**
 * At 375 px: nothing scrolls sideways, and axe finds no serious or critical WCAG 2 A/AA violation in the
 * light theme, nor a colour one in the dark theme (the route sweep checks /developer with no endpoint; this
 * is the card with an endpoint and its open log).
 */
async function checkNarrow(page: Page) {
  await page.setViewportSize({ width: 375, height: 812 });
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const findings: string[] = [];
  for (const theme of THEMES) {
    await switchTheme(page, theme);
    await settle(page);
    const axe = new AxeBuilder({ page }).setLegacyMode();
    if (theme === 'light') axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
    else axe.withRules(['color-contrast', 'link-in-text-block']);
    const { violations } = await axe.analyze();
    for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      findings.push(`${theme}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
    }
  }
  expect(findings).toEqual([]);
  await switchTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a client adds a webhook endpoint, gets a signed test event, resends it, rolls the secret and deletes it', async ({
  page,
  context,
}) => {
  const receiver = await startReceiver();
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await register(page.request, 'client', 'Wendy');
    await page.goto('/developer');
    await expect(page.getByRole('heading', { level: 1, name: 'Developer' })).toBeVisible();
    const card = page.getByRole('region', { name: 'Webhooks' });
    await expect(card.getByRole('heading', { name: 'No endpoints yet' })).toBeVisible();

    // Add an endpoint at the receiver, for two event types (a label is what a person clicks).
    const add = card.getByRole('button', { name: 'Add endpoint' });
    await add.click();
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
    await form.getByRole('textbox', { name: 'Description' }).fill('Our CRM');
    await form.getByText('bid.received', { exact: true }).click();
    await form.getByText('message.received', { exact: true }).click();
    await expect(form.getByRole('checkbox', { name: /^bid\.received/ })).toBeChecked();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    // Its signing secret, with Copy; Done goes back to 'Add endpoint'.
    const added = page.getByRole('dialog', { name: 'Endpoint added' });
    const created = await added.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(created).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await added.getByRole('button', { name: 'Copy' }).click();
    await expect(added.getByRole('status')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(created);
    await added.getByRole('button', { name: 'Done' }).click();
    await expect(added).toBeHidden();
    await expect(add).toBeFocused();

    const row = card.getByRole('listitem', { name: receiver.url });
    await expect(row.getByText('Enabled')).toBeVisible();
    await expect(row).toContainText('Our CRM');
    await expect(
      row.getByRole('list', { name: `Events of ${receiver.url}` }).getByRole('listitem'),
    ).toHaveText(['bid.received', 'message.received']);

    // The receiver is configured with the secret the page reveals.
    await row.getByRole('button', { name: `Signing secret of ${receiver.url}` }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const field = secretDialog.getByRole('textbox', { name: 'Signing secret' });
    await expect(field).toHaveValue(/^whsec_/);
    const secret = await field.inputValue();
    expect(secret).toBe(created);
    receiver.trust(secret);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(secretDialog).toBeHidden();

    // A test event: signed, verified by the receiver, in the log with its status and response code.
    await row.getByRole('button', { name: `Delivery log of ${receiver.url}` }).click();
    const log = row.getByRole('region', { name: 'Delivery log' });
    await expect(log.getByText('No deliveries yet. Send a test event to see one here.')).toBeVisible();
    await log.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Test event sent' })).toContainText(
      /Your endpoint answered HTTP 200 in \d+ ms\./,
    );
    const deliveries = log.getByRole('list', { name: `Deliveries to ${receiver.url}` }).getByRole('listitem');
    await expect(deliveries).toHaveCount(1);
    const ping = deliveries.first();
    await expect(ping.locator('code')).toHaveText('ping');
    await expect(ping.getByText('Succeeded')).toBeVisible();
    await expect(ping).toContainText('ResponseHTTP 200');
    await expect(ping).toContainText(/Latency\d+ ms/);
    await expect(ping).toContainText('Response bodyreceived');
    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received as [Received];
    expect(first.verified).toBe(true);
    expect(first.headers['buildbid-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(eventOf(first)).toMatchObject({ type: 'ping', data: { message: 'A test event from BuildBid' } });

    // Resend: the receiver gets the same event (same id) a second time, and the row counts two attempts.
    await ping.getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Delivery resent' })).toBeVisible();
    await expect(ping).toContainText('Attempts2');
    await expect(ping.getByRole('button', { name: 'Resend' })).toBeFocused();
    expect(receiver.received).toHaveLength(2);
    const second = receiver.received[1] as Received;
    expect(second.verified).toBe(true);
    expect(eventOf(second).id).toBe(eventOf(first).id);
    expect(second.body).toBe(first.body);

    // The card and the open log at 375 px.
    await checkNarrow(page);

    // Roll the secret: the old one keeps signing beside the new one, so the receiver can switch later.
    await row.getByRole('button', { name: `Signing secret of ${receiver.url}` }).click();
    await expect(secretDialog.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(secret);
    await secretDialog.getByRole('button', { name: 'Roll secret' }).click();
    const confirmRoll = page.getByRole('alertdialog', { name: 'Roll secret?' });
    await expect(confirmRoll).toContainText('The current one stays valid for 24 hours');
    await confirmRoll.getByRole('button', { name: 'Roll secret' }).click();
    await expect(confirmRoll).toBeHidden();
    await expect(secretDialog.getByRole('textbox', { name: 'Previous secret' })).toHaveValue(secret);
    const rolled = await secretDialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(rolled).toMatch(/^whsec_/);
    expect(rolled).not.toBe(secret);
    await secretDialog.getByRole('button', { name: 'Done' }).click();

    // Meanwhile a delivery verifies with either secret: the receiver now demands both.
    receiver.trust(secret, rolled);
    await log.getByRole('button', { name: 'Send test event' }).click();
    await expect(deliveries).toHaveCount(2);
    await expect(deliveries.first().getByText('Succeeded')).toBeVisible();
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received[2]?.verified).toBe(true);
    expect(receiver.received[2]?.headers['buildbid-signature']).toMatch(
      /^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/,
    );

    // Delete it: its log goes with it, and focus goes back to 'Add endpoint'.
    await row.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    const confirmDelete = page.getByRole('alertdialog', { name: 'Delete endpoint?' });
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await expect(confirmDelete).toBeHidden();
    await expect(card.getByRole('heading', { name: 'No endpoints yet' })).toBeVisible();
    await expect(add).toBeFocused();
  } finally {
    await receiver.close();
  }
});
