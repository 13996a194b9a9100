/**
 * Console hygiene for browser tests: a page may not throw an uncaught error, and may not
 * log a console error. There is no exception any more: the shell's session probe (GET /api/auth/session)
 * answers 200 with `user: null` for a visitor, so a signed-out page logs no 401 (decision 0198).
 *
 * `test` from this module watches the test's `page` and fails the test at its end when anything was
 * seen; `watchPage` does the same for pages a test opens itself, and `takeProblems` lets a test check
 * (and name the route) step by step.
 */
import { test as base, expect, type Page } from '@playwright/test';

export interface PageProblems {
  /** Everything seen since the last take, in order. */
  readonly seen: string[];
  /**
   * Console errors this test causes on purpose (a refused request that the page reports to the person,
   * which Chromium also logs as a failed resource load): matched against the message, they are not
   * problems.
   */
  readonly allowed?: RegExp[];
}

/** Records the page's uncaught errors and unexpected console errors into `problems`. */
const watched = new WeakSet<Page>();

export function watchPage(page: Page, problems: PageProblems): void {
  // A page is watched once, however it was reached (its context's 'page' event and the fixture).
  if (watched.has(page)) return;
  watched.add(page);
  page.on('pageerror', (error) => {
    problems.seen.push(`uncaught ${error.name}: ${error.message} (on ${page.url()})`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    const text = `console error: ${message.text()}${where ? ` [${where}]` : ''}`;
    if (problems.allowed?.some((pattern) => pattern.test(text))) return;
    problems.seen.push(`${text} (on ${page.url()})`);
  });
}

/** Answers what was seen so far and forgets it. */
export function takeProblems(problems: PageProblems): string[] {
  return problems.seen.splice(0, problems.seen.length);
}

export interface Hygiene {
  /** Console errors that this test causes on purpose, e.g. `/status of 409.*\/api\/projects\/.+\/bids/`. */
  allowConsoleErrors(...patterns: RegExp[]): void;
}

/**
 * Every page of the test is watched: the `page` fixture's, and every page of every context the test
 * opens with `browser.newContext()` (journeys play several people at once). The test fails at its end
 * on anything seen.
 */
export const test = base.extend<{ pageProblems: PageProblems; hygiene: Hygiene }>({
  pageProblems: [
    async ({ browser }, use) => {
      const problems: PageProblems = { seen: [], allowed: [] };
      const newContext = browser.newContext;
      browser.newContext = async function watched(this: typeof browser, ...args) {
        const context = await newContext.apply(this, args);
        context.on('page', (page) => watchPage(page, problems));
        return context;
      };
      try {
        await use(problems);
      } finally {
        browser.newContext = newContext;
      }
      expect(problems.seen, 'uncaught page errors and console errors').toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page, pageProblems }, use) => {
    watchPage(page, pageProblems);
    await use(page);
  },
  hygiene: async ({ pageProblems }, use) => {
    await use({ allowConsoleErrors: (...patterns) => pageProblems.allowed?.push(...patterns) });
  },
});

export { expect };
