import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { type PageProblems, takeProblems, watchPage } from './support/page-hygiene.ts';
import {
  createScene,
  navigateInPage,
  openRoute,
  ROUTE_CASES,
  type Role,
  type Scene,
  settle,
  switchTheme,
  THEMES,
  type ThemeName,
  trackRequests,
  WIDTHS,
} from './support/routes.ts';

/**
 * The route sweep: every route of the product as every role that may see it
 * (support/routes.ts, listed in tests/e2e/README.md), each checked at 375 × 812 and 1280 × 900 in the
 * light and the dark theme:
 * - axe-core finds no serious or critical WCAG 2 A/AA violation (all of those rules in the light theme,
 *   the colour rules again in the dark one);
 * - nothing scrolls sideways (the document is no wider than the viewport);
 * - the page throws no uncaught error and logs no console error but those its case names (a consent page
 *   whose authorization is gone reports the API's 404).
 *
 * Speed: each role has one browser page for the run. Its first route is a full page load; the others
 * are reached the way Back and Forward reach them (the shell routes on popstate), so the shell, the
 * remotes and axe-core (650 KB, injected once) stay loaded. Full loads of every route are what the
 * journeys and csp-and-xss.spec.ts do.
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface RolePage {
  role: Role;
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
}

/** One page per role, kept while the sweep goes through that role's routes. */
class Sweeper {
  private current: RolePage | null = null;

  private readonly browser: Browser;
  private readonly scene: Scene;

  constructor(browser: Browser, scene: Scene) {
    this.browser = browser;
    this.scene = scene;
  }

  async pageFor(role: Role): Promise<RolePage> {
    if (this.current?.role === role) return this.current;
    await this.close();
    const context = await this.browser.newContext({
      viewport: { width: WIDTHS[0].width, height: WIDTHS[0].height },
      storageState: role === 'anonymous' ? undefined : this.scene.users[role].storageState,
    });
    const page = await context.newPage();
    trackRequests(page);
    const problems: PageProblems = { seen: [] };
    watchPage(page, problems);
    this.current = { role, context, page, problems };
    return this.current;
  }

  async close(): Promise<void> {
    await this.current?.context.close();
    this.current = null;
  }
}

const test = base.extend<object, { scene: Scene; sweeper: Sweeper }>({
  scene: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      await use(await createScene(String(workerInfo.project.use.baseURL)));
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  sweeper: [
    async ({ browser, scene }, use) => {
      const sweeper = new Sweeper(browser, scene);
      await use(sweeper);
      await sweeper.close();
    },
    { scope: 'worker' },
  ],
});

/** The elements reaching past the viewport's right edge, to name them in a failure. */
function widerThan(page: Page, width: number): Promise<string[]> {
  return page.evaluate(
    (limit) =>
      [...document.querySelectorAll('body *')]
        .filter(
          (e) => e.getBoundingClientRect().right > limit + 1 && !e.parentElement?.closest('.table-wrap'),
        )
        .slice(0, 6)
        .map((e) => {
          const classes = [...e.classList].join('.');
          return `${e.tagName.toLowerCase()}${classes ? `.${classes}` : ''} (right edge ${Math.round(e.getBoundingClientRect().right)})`;
        }),
    width,
  );
}

/**
 * axe-core's source is put into a document once; later runs on the same document reuse it (an
 * `axeSource` that only marks the spot). Legacy mode runs axe.run in the page itself instead of opening
 * a blank page per run to merge frame results (the app has no cross-origin frames).
 *
 * A theme is only a class on the root that swaps colour properties, so after the full run in the light
 * theme, the dark theme is checked by the rules about colour.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function axeFindings(page: Page, theme: ThemeName): Promise<string[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  const builder = new AxeBuilder(injected ? { page, axeSource: '/* axe-core is in the page */' } : { page });
  if (theme === 'light') builder.withTags(AXE_TAGS);
  else builder.withRules(COLOUR_RULES);
  const { violations } = await builder.setLegacyMode().analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `axe ${v.id} (${v.impact}): ${v.help}; ${v.nodes
          .slice(0, 4)
          .map(
            (n) =>
              `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ')}]` : ''}`,
          )
          .join(' | ')}`,
    );
}

const ROLES: Role[] = ['anonymous', 'client', 'contractor', 'vendor', 'admin'];

for (const role of ROLES) {
  test.describe(`as ${role}`, () => {
    for (const routeCase of ROUTE_CASES.filter((c) => c.role === role)) {
      test(`${routeCase.route}: axe, both widths and themes, a quiet console`, async ({ sweeper, scene }) => {
        const { page, problems } = await sweeper.pageFor(role);
        await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });
        if (page.url() === 'about:blank') {
          await openRoute(page, routeCase, scene);
        } else {
          await switchTheme(page, 'light');
          await navigateInPage(page, routeCase, scene);
        }

        const findings: string[] = [];
        for (const size of WIDTHS) {
          await page.setViewportSize({ width: size.width, height: size.height });
          for (const theme of THEMES) {
            await switchTheme(page, theme);
            await settle(page);
            const where = `${size.width}px, ${theme}`;
            const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
            if (scrollWidth > size.width) {
              findings.push(
                `${where}: ${scrollWidth}px wide; past the edge: ${(await widerThan(page, size.width)).join(', ')}`,
              );
            }
            for (const finding of await axeFindings(page, theme)) findings.push(`${where}: ${finding}`);
          }
        }
        expect(findings, `${routeCase.route} as ${role}`).toEqual([]);
        const unexpected = takeProblems(problems).filter(
          (problem) => !routeCase.consoleErrors?.some((pattern) => pattern.test(problem)),
        );
        expect(unexpected, `${routeCase.route} as ${role}: page and console errors`).toEqual([]);
      });
    }
  });
}
