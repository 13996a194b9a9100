/**
 * Console hygiene for browser tests (issue 15): a page may not throw an uncaught error, and may not
 * log a console error, with one expected exception: the signed-out probe of the session
 * (GET /api/auth/user answering 401), which Chromium reports as a failed resource load.
 *
 * `test` from this module watches the test's `page` and fails the test at its end when anything was
 * seen; `watchPage` does the same for pages a test opens itself, and `takeProblems` lets a test check
 * (and name the route) step by step.
 */
import { test as base, type ConsoleMessage, expect, type Page } from '@playwright/test';

const AUTH_PROBE = '/api/auth/user';

/** The one console error a page may log: its signed-out session probe answering 401. */
export function isSignedOutProbe(message: ConsoleMessage): boolean {
  if (!/status of 401\b/.test(message.text())) return false;
  try {
    return new URL(message.location().url).pathname === AUTH_PROBE;
  } catch {
    return false;
  }
}

export interface PageProblems {
  /** Everything seen since the last take, in order. */
  readonly seen: string[];
}

/** Records the page's uncaught errors and unexpected console errors into `problems`. */
export function watchPage(page: Page, problems: PageProblems): void {
  page.on('pageerror', (error) => {
    problems.seen.push(`uncaught ${error.name}: ${error.message} (on ${page.url()})`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error' || isSignedOutProbe(message)) return;
    const where = message.location().url;
    problems.seen.push(`console error: ${message.text()}${where ? ` [${where}]` : ''} (on ${page.url()})`);
  });
}

/** Answers what was seen so far and forgets it. */
export function takeProblems(problems: PageProblems): string[] {
  return problems.seen.splice(0, problems.seen.length);
}

export const test = base.extend<{ pageProblems: PageProblems }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: PageProblems = { seen: [] };
      watchPage(page, problems);
      await use(problems);
      expect(problems.seen, 'uncaught page errors and console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
