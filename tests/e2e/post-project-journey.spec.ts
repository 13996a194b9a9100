import { expect, test } from '@playwright/test';
import { register } from './support/marketplace.ts';

const PDF = (size: number) => {
  const body = Buffer.alloc(size, 0x20);
  body.write('%PDF-1.4\n');
  return body;
};

/**
 * Issue 18 › the post form: the services that will be posted stay in view while the needs change; a
 * disguised file is refused when it is chosen, alone; a post's upload shows its bytes and can be
 * cancelled, leaving no project; a production build has no debug buttons; and the post then goes through
 * with the file that was kept.
 */
test('a client posts a project: services in view, disguised file refused, upload cancelled then posted', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await register(context.request, 'client', 'Penny');
  const myProjects = async () =>
    ((await (await context.request.get('/api/users/me/projects')).json()) as Array<{ title: string }>).map(
      (p) => p.title,
    );
  const page = await context.newPage();
  // react-aria's inputs are visually hidden: a person clicks the label.
  const toggle = (name: string) =>
    page
      .locator('label')
      .filter({ hasText: new RegExp(`^${name}$`) })
      .click();
  await page.goto('/post-project');
  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible();
  // The built product has no development tools: nothing posts sample data.
  await expect(page.getByRole('button', { name: 'Test Submit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Auto-Fill' })).toHaveCount(0);

  await page.getByLabel('Project Title').fill('Clear the lot behind the bakery');
  await page.getByLabel('Description').fill('Demolish the old shed, clear the rubble and level the lot.');
  await toggle('Permit Approved');
  await toggle('Labor & Materials');
  await toggle('Site & Demolition');
  const summary = page.locator('.services-summary');

  // Supply Only hides labour: the form names the services that went, keeps saying so while the needs
  // change further, and names them again when they come back.
  await expect(summary).toContainText('Services to be posted (4)');
  await toggle('Supply Only');
  await expect(summary).toContainText('Your contractor needs removed 2 services: Demolition, Site Work.');
  await expect(summary).toContainText('Services to be posted (2): Concrete, Excavation.');
  await toggle('Labor & Materials');
  await expect(summary).toContainText('Your contractor needs removed 2 services: Demolition, Site Work.');
  await toggle('Supply Only');
  await expect(summary).toContainText('Added back: Demolition, Site Work.');
  await toggle('Labor & Materials');
  await expect(summary).toContainText('Services to be posted (4)');
  for (const name of ['Demolition', 'Concrete', 'Excavation', 'Site Work'])
    await expect(summary).toContainText(name);

  // The town: the island's towns are suggestions, and any town typed is kept (written with capitals).
  await page.getByRole('button', { name: /Island$/ }).click();
  await page.getByRole('option', { name: 'New Providence', exact: true }).click();
  const town = page.getByRole('combobox', { name: 'City / Town' });
  await town.click();
  await expect(page.getByRole('option', { name: 'Nassau', exact: true })).toBeVisible();
  await town.fill('palmdale');
  await page.keyboard.press('Escape');

  // A renamed program is refused as it is chosen; the real PDF beside it stays.
  const files = page.locator('input[type="file"]');
  await files.setInputFiles([
    { name: 'malware.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00 not a pdf at all') },
    { name: 'site-plan.pdf', mimeType: 'application/pdf', buffer: PDF(2048) },
  ]);
  await expect(page.getByText('malware.pdf is not an accepted file type', { exact: false })).toBeVisible();
  const list = page.getByRole('list', { name: 'Files to upload' });
  await expect(list).toContainText('site-plan.pdf');
  await expect(list).not.toContainText('malware.pdf');

  // A large drawing over a slow line: the bar counts the bytes, and Cancel leaves nothing behind.
  await files.setInputFiles([
    { name: 'survey.pdf', mimeType: 'application/pdf', buffer: PDF(6 * 1024 * 1024) },
  ]);
  await expect(list).toContainText('survey.pdf');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  await page.getByRole('button', { name: 'Post Project' }).click();
  const bar = page.getByRole('progressbar', { name: 'Uploading' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuetext', /MB of 6\.0 MB/);
  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(page.getByText('Upload cancelled', { exact: true })).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(page.getByLabel('Project Title')).toHaveValue('Clear the lot behind the bakery');
  expect(await myProjects()).toEqual([]);

  // At full speed, without the survey: posted, with the plan that was kept.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await list.getByRole('button', { name: 'Remove survey.pdf' }).click();
  await page.getByRole('button', { name: 'Post Project' }).click();
  await expect(page.getByRole('heading', { name: 'Clear the lot behind the bakery' })).toBeVisible();
  await expect(page.getByText('site-plan.pdf')).toBeVisible();
  await expect(page.getByText(/Palmdale/).first()).toBeVisible();
  expect(await myProjects()).toEqual(['Clear the lot behind the bakery']);
  await context.close();
});
