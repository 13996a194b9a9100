import { sampleProjectData } from '@buildbid/test-kit/samples';
import type { APIRequestContext, Locator } from '@playwright/test';
import sharp from 'sharp';
import { register } from './support/marketplace.ts';
import { expect, test } from './support/page-hygiene.ts';

/**
 * A project's files are for signed-in users only (decision 0201). The pages that show
 * them are signed-in pages, and a same-origin <img> sends the session cookie: the images still show;
 * a visitor with the link gets 401.
 */

/** Posts a project with one photo as the signed-in client; answers its id and the photo's URLs. */
async function postWithPhoto(request: APIRequestContext, title: string) {
  const photo = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const projectData = sampleProjectData({
    title,
    description: 'Screen in the back porch and replace the rotten joists under it.',
    budgetMin: 4000,
    budgetMax: 6000,
    tags: undefined,
  });
  const res = await request.post('/api/projects', {
    multipart: {
      projectData: JSON.stringify(projectData),
      files: { name: 'back-porch.png', mimeType: 'image/png', buffer: photo },
    },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { id: string; attachments: { url: string; thumbnailUrl: string }[] };
  const [attachment] = body.attachments;
  if (!attachment) throw new Error('the photo was not stored');
  return { id: body.id, url: attachment.url, thumbnailUrl: attachment.thumbnailUrl };
}

/** The image has loaded (a broken or refused one has no natural width). */
async function expectLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

test('project photos show to signed-in users on the browse and project pages; a visitor with the link gets 401', async ({
  page,
  browser,
}) => {
  const ownerContext = await browser.newContext();
  await register(ownerContext.request, 'client', 'Petra');
  const title = `Screen the back porch ${Date.now()}`;
  const photo = await postWithPhoto(ownerContext.request, title);

  await register(page.request, 'contractor', 'Quinn');
  // The browse card shows the photo's thumbnail.
  await page.goto(`/projects?country=&q=${encodeURIComponent(title)}`);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  const thumb = card.locator('img.project-thumb');
  await expect(thumb).toHaveAttribute('src', photo.thumbnailUrl);
  await expectLoaded(thumb);

  // The project page shows the photo itself.
  await page.goto(`/projects/${photo.id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const image = page.getByRole('img', { name: 'back-porch.png' });
  await expect(image).toHaveAttribute('src', photo.url);
  await expectLoaded(image);

  // The owner sees it too.
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto(`/projects/${photo.id}`);
  await expectLoaded(ownerPage.getByRole('img', { name: 'back-porch.png' }));
  await ownerContext.close();

  // A visitor who has the links gets the API's JSON 401, not the bytes.
  const visitor = await browser.newContext();
  for (const url of [photo.url, photo.thumbnailUrl]) {
    const res = await visitor.request.get(url);
    expect(res.status(), url).toBe(401);
    expect(await res.json()).toEqual({ message: 'You are not signed in', code: 'UNAUTHENTICATED' });
  }
  await visitor.close();
});
