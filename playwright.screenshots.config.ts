import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * `npm run screenshots`: the same server and browser as the browser tests, running only the
 * screenshot files (`*.shots.ts`), which the normal run's default test match (`*.spec.ts`) never picks up.
 */
export default defineConfig(base, {
  testMatch: '**/*.shots.ts',
  // One project: not the normal run's journeys and delivery projects (the delivery tests rebuild a remote).
  projects: [{ name: 'screenshots' }],
  use: { trace: 'off' },
});
