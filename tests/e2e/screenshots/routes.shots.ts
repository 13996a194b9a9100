import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test as hygieneTest } from '../support/page-hygiene.ts';
import {
  caseSlug,
  createScene,
  openRoute,
  ROUTE_CASES,
  type Role,
  type Scene,
  settle,
  switchTheme,
  WIDTHS,
} from '../support/routes.ts';

/**
 * `npm run screenshots` (not part of `npm test`): a screenshot of each route at 375 × 812 and
 * 1280 × 900, light theme, as the role the route table marks for it (support/routes.ts), saved as
 * docs/screenshots/<route>--<role>-<width>.png. Viewport only, to keep the files small.
 */
const OUT = join(process.cwd(), 'docs', 'screenshots');

const test = hygieneTest.extend<{ role: Role }, { scene: Scene }>({
  role: ['anonymous', { option: true }],
  scene: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      await use(await createScene(String(workerInfo.project.use.baseURL)));
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  storageState: async ({ role, scene }, use) => {
    await use(role === 'anonymous' ? { cookies: [], origins: [] } : scene.users[role].storageState);
  },
});

test.beforeAll(() => mkdirSync(OUT, { recursive: true }));

for (const routeCase of ROUTE_CASES.filter((c) => c.screenshot)) {
  test.describe(() => {
    test.use({ role: routeCase.role });
    test(`${routeCase.route} as ${routeCase.role}`, async ({ page, scene }) => {
      await page.setViewportSize({ width: WIDTHS[1].width, height: WIDTHS[1].height });
      await openRoute(page, routeCase, scene);
      await switchTheme(page, 'light');
      for (const size of WIDTHS) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await settle(page);
        await page.screenshot({
          path: join(OUT, `${caseSlug(routeCase)}-${size.width}.png`),
          animations: 'disabled',
        });
      }
    });
  });
}
