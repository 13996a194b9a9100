/**
 * Every route of the product as each role that may see it (accounts-and-shell section 2, projects-and-bids
 * section 2, and the shell's route table apps/shell/src/routes.ts), with the scene those pages show: a
 * client's project carrying a contractor's bid, saved by the contractor, and a saved search. The route
 * sweep (route-sweep.spec.ts) and the screenshots (screenshots/) both read this table, and
 * tests/e2e/README.md lists it.
 */
import { type APIRequestContext, expect, type Page, request as playwrightRequest } from '@playwright/test';
import { PASSWORD, postProject, promoteToAdmin } from './marketplace.ts';

export type Role = 'anonymous' | 'client' | 'contractor' | 'vendor' | 'admin';
const SIGNED_IN_ROLES = ['client', 'contractor', 'vendor', 'admin'] as const;
type SignedInRole = (typeof SIGNED_IN_ROLES)[number];

interface SceneUser {
  email: string;
  firstName: string;
  lastName: string;
  /** The session cookie, for a browser context's `storageState`. */
  storageState: Awaited<ReturnType<APIRequestContext['storageState']>>;
}

export interface Scene {
  users: Record<SignedInRole, SceneUser>;
  /** The client's project, with the contractor's pending bid on it. */
  projectId: string;
  projectTitle: string;
}

export interface RouteCase {
  /** The route as the route table writes it ('/projects/{id}'). */
  route: string;
  role: Role;
  /** The address opened. */
  path(scene: Scene): string;
  /** The page's one level-1 heading, proving the route rendered its own screen. */
  heading(scene: Scene): string | RegExp;
  /** The case whose screen docs/screenshots/ shows for this route. */
  screenshot?: boolean;
  /** Set up before the page opens. */
  prepare?(page: Page): Promise<void>;
  /** Console errors the page causes by design (a refused request it reports on the page), not problems. */
  consoleErrors?: RegExp[];
}

/** Width × height of the two layouts every route is checked at. */
export const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;
export const THEMES = ['light', 'dark'] as const;
export type ThemeName = (typeof THEMES)[number];

const fullName = (role: SignedInRole) => (scene: Scene) =>
  `${scene.users[role].firstName} ${scene.users[role].lastName}`;
const fixed = (path: string) => () => path;

interface Row {
  route: string;
  path: (scene: Scene) => string;
  roles: Role[];
  heading: (scene: Scene, role: Role) => string | RegExp;
  /** The role whose screen the screenshot shows; the first role when absent. */
  screenshot?: Role[];
  prepare?: (page: Page, role: Role) => Promise<void>;
  consoleErrors?: RegExp[];
}

const ALL_SIGNED_IN: Role[] = [...SIGNED_IN_ROLES];

const ROWS: Row[] = [
  {
    route: '/',
    path: fixed('/'),
    roles: ['anonymous', ...ALL_SIGNED_IN],
    heading: (scene, role) =>
      role === 'anonymous' ? 'Build it right, bid by bid.' : `Welcome back, ${scene.users[role].firstName}!`,
    screenshot: ['anonymous', 'client', 'contractor'],
  },
  {
    route: '/signin',
    path: fixed('/signin'),
    roles: ['anonymous'],
    heading: () => 'Sign in to your account',
  },
  {
    route: '/register',
    path: fixed('/register'),
    roles: ['anonymous'],
    heading: () => 'Create your account',
  },
  {
    // The account lifecycle's public pages (decision 0160). /verify-email posts its token on load, so it is
    // opened by account.spec.ts (the account lifecycle) with a real mailed link rather than here.
    route: '/forgot-password',
    path: fixed('/forgot-password'),
    roles: ['anonymous'],
    heading: () => 'Reset your password',
  },
  {
    route: '/reset-password',
    path: fixed('/reset-password?token=from-the-mail'),
    roles: ['anonymous'],
    heading: () => 'Choose a new password',
  },
  {
    route: '/pricing',
    path: fixed('/pricing'),
    roles: ['anonymous', ...ALL_SIGNED_IN],
    heading: () => 'Choose Your Plan',
    screenshot: ['contractor'],
  },
  {
    route: '/auth-test',
    path: fixed('/auth-test'),
    roles: ['anonymous', ...ALL_SIGNED_IN],
    heading: () => 'Authentication Test',
    screenshot: ['client'],
  },
  {
    route: '/post-project',
    path: fixed('/post-project'),
    // A visitor sees the form with the 'Authentication Required' warning, then goes to /api/login
    // after 1 s (shell.spec.ts follows that); here the login answer keeps them on the form.
    roles: ['anonymous', 'client'],
    heading: () => 'Post a New Project',
    screenshot: ['client'],
    prepare: async (page, role) => {
      if (role !== 'anonymous') return;
      await page.unroute('**/api/login*');
      await page.route('**/api/login*', (route) => route.fulfill({ status: 204 }));
    },
  },
  {
    route: '/projects',
    // Filtered to the scene's project: the shared test database holds every run's projects, and the
    // list's markup is the same for one card as for fifty.
    path: (scene) => `/projects?country=&q=${encodeURIComponent(scene.projectTitle)}`,
    roles: ALL_SIGNED_IN,
    heading: () => 'Browse Projects',
    screenshot: ['contractor'],
  },
  {
    route: '/projects/{id}',
    path: (scene) => `/projects/${scene.projectId}`,
    roles: ALL_SIGNED_IN,
    heading: (scene) => scene.projectTitle,
    screenshot: ['client', 'contractor'],
  },
  {
    route: '/projects/{id}/edit',
    path: (scene) => `/projects/${scene.projectId}/edit`,
    roles: ['client'],
    heading: () => 'Edit Project',
  },
  {
    route: '/my-bids',
    path: fixed('/my-bids'),
    roles: ['contractor'],
    heading: () => 'My Bids',
  },
  {
    route: '/saved-projects',
    path: fixed('/saved-projects'),
    roles: ['contractor', 'vendor'],
    heading: () => 'Saved Projects',
  },
  {
    route: '/saved-searches',
    path: fixed('/saved-searches'),
    roles: ['client', 'contractor', 'vendor'],
    heading: () => 'Saved Searches',
    screenshot: ['contractor'],
  },
  {
    route: '/subscribe',
    path: fixed('/subscribe'),
    roles: ALL_SIGNED_IN,
    heading: (_scene, role) =>
      role === 'contractor' || role === 'vendor' ? 'Upgrade to Pro' : 'Pro is for contractors and vendors',
    screenshot: ['contractor'],
  },
  {
    route: '/profile',
    path: fixed('/profile'),
    roles: ALL_SIGNED_IN,
    heading: (scene, role) => fullName(role as SignedInRole)(scene),
    screenshot: ['contractor'],
  },
  {
    route: '/developer',
    path: fixed('/developer'),
    roles: ALL_SIGNED_IN,
    heading: () => 'Developer',
  },
  {
    // The OAuth consent page (decision 0213) shows a real authorization only to the browser that holds its
    // interaction cookie, so developer-oauth.spec.ts opens it through /oauth/auth. Here it is opened for a
    // request that is not there, as after the 15 minutes an authorization waits: it says so (the API's 404
    // is the one console error).
    route: '/oauth/consent/{uid}',
    path: fixed('/oauth/consent/no-such-request'),
    roles: ALL_SIGNED_IN,
    heading: () => 'This request has expired',
    consoleErrors: [/status of 404.*\/oauth\/consent\/no-such-request\/details/],
  },
  {
    route: '/switch-role',
    path: fixed('/switch-role'),
    roles: ALL_SIGNED_IN,
    heading: () => 'Change Account Role',
  },
  {
    route: '/admin',
    path: fixed('/admin'),
    roles: ['admin'],
    heading: () => 'Admin Dashboard',
  },
  {
    // The moderation queue (decision 0221), as it comes: empty or with the run's open reports.
    route: '/admin/moderation',
    path: fixed('/admin/moderation'),
    roles: ['admin'],
    heading: () => 'Moderation queue',
  },
  {
    route: '(any other path)',
    path: fixed('/no-such-page'),
    roles: ['anonymous', 'client'],
    heading: () => '404 Page Not Found',
  },
];

export const ROUTE_CASES: RouteCase[] = ROWS.flatMap((row) =>
  row.roles.map((role) => {
    const prepare = row.prepare;
    return {
      route: row.route,
      role,
      path: row.path,
      heading: (scene: Scene) => row.heading(scene, role),
      screenshot: (row.screenshot ?? [row.roles[0]]).includes(role),
      prepare: prepare ? (page: Page) => prepare(page, role) : undefined,
      consoleErrors: row.consoleErrors,
    };
  }),
);

async function registerAs(
  baseURL: string,
  role: 'client' | 'contractor' | 'vendor',
  firstName: string,
): Promise<{ request: APIRequestContext; email: string; lastName: string }> {
  const request = await playwrightRequest.newContext({ baseURL });
  const email = `sweep.${role}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const lastName = 'Sweeper';
  const res = await request.post('/api/auth/register', {
    data: { email, password: PASSWORD, firstName, lastName, role, country: 'BS' },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  return { request, email, lastName };
}

/** Users of every role and the data their pages show, made through the API (no database reset). */
export async function createScene(baseURL: string): Promise<Scene> {
  const stamp = Date.now().toString(36);
  const client = await registerAs(baseURL, 'client', 'Clara');
  const contractor = await registerAs(baseURL, 'contractor', 'Marcus');
  const vendor = await registerAs(baseURL, 'vendor', 'Vanessa');
  const admin = await registerAs(baseURL, 'client', 'Adrian');
  promoteToAdmin(admin.email);

  const projectTitle = `Kitchen remodel in Nassau ${stamp}`;
  const projectId = await postProject(client.request, projectTitle, {
    description: 'Strip out the old kitchen and fit new cabinets, counters, tile and lighting.',
    tags: ['kitchen', 'cabinetry', 'tile'],
  });
  const bid = await contractor.request.post(`/api/projects/${projectId}/bids`, {
    data: { amount: 18500, timeline: 45, proposal: 'Licensed crew, hurricane-rated materials, 45 days.' },
  });
  expect(bid.status(), await bid.text()).toBe(201);
  for (const who of [contractor, vendor]) {
    const saved = await who.request.put(`/api/projects/${projectId}/save`);
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  for (const who of [client, contractor, vendor]) {
    const search = await who.request.post('/api/saved-searches', {
      data: { name: `Kitchens ${stamp}`, filters: { q: 'kitchen', country: 'BS' }, alerts: 'daily' },
    });
    expect(search.status(), await search.text()).toBe(201);
  }

  const users = {} as Record<SignedInRole, SceneUser>;
  const made = { client, contractor, vendor, admin };
  const firstNames = { client: 'Clara', contractor: 'Marcus', vendor: 'Vanessa', admin: 'Adrian' };
  for (const role of SIGNED_IN_ROLES) {
    const { request, email, lastName } = made[role];
    users[role] = {
      email,
      firstName: firstNames[role],
      lastName,
      storageState: await request.storageState(),
    };
    await request.dispose();
  }
  return { users, projectId, projectTitle };
}

/** Applies a theme the way the shell's theme menu does: the stored preference and the root's class. */
export async function switchTheme(page: Page, theme: ThemeName): Promise<void> {
  await page.evaluate(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
      const root = document.documentElement;
      root.classList.remove('light', 'dark');
      root.classList.add(value);
    },
    ['vite-ui-theme', theme] as const,
  );
}

/** Lets running CSS transitions (colours after a theme switch, layout after a resize) end. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // getAnimations() brings styles up to date first, so the transitions a change started are listed.
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
  });
}

const inFlight = new WeakMap<Page, Set<unknown>>();

/**
 * Counts the page's requests in flight, for `networkQuiet`. Playwright's 'networkidle' load state is
 * reached once per document, so it says nothing about the requests of a route reached in the page.
 */
export function trackRequests(page: Page): void {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

/** Resolves once no request has been in flight for 300 ms (late loads such as badges have arrived). */
async function networkQuiet(page: Page): Promise<void> {
  const pending = inFlight.get(page);
  if (!pending) {
    await page.waitForLoadState('networkidle');
    return;
  }
  let quietSince = Date.now();
  while (Date.now() - quietSince < 300) {
    if (pending.size > 0) quietSince = Date.now();
    await page.waitForTimeout(50);
  }
}

/** Waits until the page shows the case's own screen: its heading, nothing busy, the network quiet. */
async function expectScreen(page: Page, routeCase: RouteCase, scene: Scene): Promise<void> {
  await expect(
    page.getByRole('heading', { level: 1, name: routeCase.heading(scene), exact: true }),
  ).toBeVisible();
  await networkQuiet(page);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Opens a case's page with a full load and waits for its screen. */
export async function openRoute(page: Page, routeCase: RouteCase, scene: Scene): Promise<void> {
  await routeCase.prepare?.(page);
  await page.goto(routeCase.path(scene));
  await expectScreen(page, routeCase, scene);
}

/**
 * Moves an already loaded page to a case's route the way the browser's Back and Forward do (the shell
 * routes on popstate), so the shell, its remotes and anything injected stay loaded.
 */
export async function navigateInPage(page: Page, routeCase: RouteCase, scene: Scene): Promise<void> {
  await routeCase.prepare?.(page);
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
    window.scrollTo(0, 0);
  }, routeCase.path(scene));
  await expectScreen(page, routeCase, scene);
}

/** 'projects-id-edit--client'. */
export function caseSlug(routeCase: RouteCase): string {
  const route =
    routeCase.route === '/'
      ? 'home'
      : routeCase.route.startsWith('(')
        ? 'not-found'
        : routeCase.route.replace(/^\//, '').replace(/[{}]/g, '').replace(/\//g, '-');
  return `${route}--${routeCase.role}`;
}
