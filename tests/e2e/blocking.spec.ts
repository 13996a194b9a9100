import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { postProject, register } from './support/marketplace.ts';
import { expect, test } from './support/page-hygiene.ts';
import { settle, switchTheme, THEMES } from './support/routes.ts';

/**
 * At 375 px: nothing scrolls sideways, and axe finds no serious or critical WCAG 2 A/AA violation in the
 * light theme, nor a colour one in the dark theme (the route sweep opens /profile on its first tab, with
 * nobody blocked; this is the Preferences tab with a blocked person listed).
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

/**
 * Blocking a person (issue 27 item 4, decision 0220): a client blocks a contractor from their conversation;
 * the contractor's pending bid shows as declined, their message is refused with 'You cannot message this
 * person' and nothing more, their bid on the client's other project is refused as a project not taking bids;
 * the client unblocks from the profile and the two can message again.
 */
test('a client blocks a contractor, who can no longer message or bid', async ({ browser, page, hygiene }) => {
  // The refused send and the refused bid are answered 403 and 409 on purpose.
  hygiene.allowConsoleErrors(/status of 403.*\/api\/messages/, /status of 409.*\/api\/projects\/.+\/bids/);
  const stamp = Date.now();
  const title = `Paint the shutters ${stamp}`;
  const other = `Fence the back yard ${stamp}`;
  const clientContext = await browser.newContext();
  await register(clientContext.request, 'client', 'Cora');
  const projectId = await postProject(clientContext.request, title);
  const otherId = await postProject(clientContext.request, other);
  await register(page.request, 'contractor', 'Cal');
  const bid = await page.request.post(`/api/projects/${projectId}/bids`, {
    data: { amount: 2400, timeline: 5, proposal: 'Two coats of marine enamel on every shutter.' },
  });
  expect(bid.status()).toBe(201);

  // The contractor writes to the owner, and starts a second message.
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('button', { name: 'Contact Owner' }).click();
  const chat = page.getByRole('dialog', { name: `Message Cora Tester · ${title}` });
  const composer = chat.getByLabel('Message', { exact: true });
  await composer.fill('Hello, is the paint included?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByText('Hello, is the paint included?')).toBeVisible();
  await composer.fill('Can I come by tomorrow?');

  // The client blocks him from their conversation, after a confirmation.
  const client = await clientContext.newPage();
  await client.goto(`/projects/${projectId}`);
  const received = client.getByRole('region', { name: /Received Bids/ });
  await received.getByRole('button', { name: 'Message Cal Tester' }).click();
  const clientChat = client.getByRole('dialog', { name: `Message Cal Tester · ${title}` });
  await expect(clientChat.getByText('Hello, is the paint included?')).toBeVisible();
  await clientChat.getByRole('button', { name: 'Block Cal Tester' }).click();
  const confirm = client.getByRole('alertdialog', { name: 'Block Cal Tester?' });
  await expect(confirm).toContainText(
    "They won't be able to message you or bid on your projects, and their pending bids on your projects will be declined. They won't be told.",
  );
  await confirm.getByRole('button', { name: 'Block' }).click();
  await expect(confirm).toBeHidden();
  const blockedLine = clientChat.getByText(
    'You blocked this person. Unblock them in your profile to message them.',
  );
  await expect(blockedLine).toBeVisible();
  await expect(blockedLine).toBeFocused();
  await expect(clientChat.getByLabel('Message', { exact: true })).toHaveCount(0);
  await expect(clientChat.getByRole('button', { name: 'Block Cal Tester' })).toHaveCount(0);
  await clientChat.getByRole('button', { name: 'Close messages' }).click();

  // The contractor's waiting message is refused with the one line, and the composer goes.
  await chat.getByRole('button', { name: 'Send' }).click();
  const refusedLine = chat.getByText('You cannot message this person');
  await expect(refusedLine).toBeVisible();
  await expect(composer).toHaveCount(0);
  // Nothing says he is blocked ('Block' is his to use too: he may block her back).
  await expect(chat).not.toContainText(/blocked/i);
  await chat.getByRole('button', { name: 'Close messages' }).click();
  // Opened again, the conversation says the same, and only that.
  await page.getByRole('button', { name: 'Contact Owner' }).click();
  await expect(chat.getByText('You cannot message this person')).toBeVisible();
  await expect(chat.getByLabel('Message', { exact: true })).toHaveCount(0);
  await expect(chat).not.toContainText(/blocked/i);
  await chat.getByRole('button', { name: 'Close messages' }).click();

  // His pending bid shows as declined, as any decline; the notification names no block.
  await page.goto('/my-bids');
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Not Selected')).toBeVisible();
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await bell.click();
  const panel = page.getByRole('dialog', { name: /Notifications/ });
  await expect(panel).toContainText(`Your bid on “${title}” was declined.`);
  await expect(panel).not.toContainText(/block/i);
  await page.keyboard.press('Escape');

  // Bidding on the client's other project: it is not accepting bids, as far as he can tell.
  await page.goto(`/projects/${otherId}`);
  await page.getByRole('button', { name: 'Submit Bid' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Bid Amount (USD)').fill('3100');
  await dialog.getByLabel('Timeline (days)').fill('7');
  await dialog.getByLabel('Proposal').fill('Pressure-treated pine, set in concrete.');
  await dialog.getByRole('button', { name: 'Submit Bid' }).click();
  await expect(page.getByText('This project is not accepting bids', { exact: true })).toBeVisible();

  // The client unblocks him from the profile.
  await client.goto('/profile?tab=preferences');
  const blocked = client.getByRole('region', { name: 'Blocked people' });
  await expect(blocked.getByText('Cal Tester')).toBeVisible();
  await checkNarrow(client);
  await blocked.getByRole('button', { name: 'Unblock Cal Tester' }).click();
  await expect(client.getByText('Cal Tester unblocked')).toBeVisible();
  await expect(blocked.getByText("You haven't blocked anyone.")).toBeVisible();

  // Messaging works again, both ways.
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('button', { name: 'Contact Owner' }).click();
  await chat.getByLabel('Message', { exact: true }).fill('Thanks for having me back.');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByText('Thanks for having me back.')).toBeVisible();
  await clientContext.close();
});
