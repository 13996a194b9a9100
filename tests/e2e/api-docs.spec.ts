import { expect, test } from '@playwright/test';

// The served reference for third parties: Swagger UI at /docs renders the whole document, with the
// operationIds, the session-cookie security and the documented error codes.
test('/docs shows the API reference with operationIds, security and error codes', async ({ page }) => {
  const { info } = (await (await page.request.get('/openapi.json')).json()) as { info: { version: string } };
  expect(info.version).toMatch(/^\d+\.\d+\.\d+$/);
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: /BuildBid API/ })).toBeVisible();
  await expect(page.getByText(info.version, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Authorize' })).toBeVisible();

  const submitBid = page.locator('.opblock', { hasText: 'submitBid' });
  await expect(submitBid).toBeVisible();
  await submitBid.locator('.opblock-summary').click();
  await expect(submitBid.getByText('BID_LIMIT_REACHED').first()).toBeVisible();
  await expect(submitBid.locator('.response[data-code="415"]')).toBeVisible();
});
