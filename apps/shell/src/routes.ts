/**
 * The route table (accounts-and-shell section 2) as one pure function of path and auth status.
 */
export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';
export type RemoteName = 'account' | 'projects' | 'bids' | 'admin';
export type ShellPage =
  | 'landing'
  | 'signin'
  | 'register'
  | 'forgot-password'
  | 'reset-password'
  | 'verify-email'
  | 'auth-test'
  | 'not-found';

export type Resolution =
  | { kind: 'loading' }
  | { kind: 'page'; page: ShellPage }
  | { kind: 'remote'; remote: RemoteName }
  | { kind: 'redirect'; to: string; replace: true; full: boolean };

/** Where the signed-out visitor of a signed-in route goes: the login endpoint (which leads to /signin). */
export const LOGIN_URL = '/api/login';

const REMOTE_ROUTES: ReadonlyArray<readonly [RegExp, RemoteName]> = [
  [/^\/$/, 'account'],
  [/^\/switch-role$/, 'account'],
  [/^\/profile$/, 'account'],
  // Personal access tokens, later OAuth apps and webhooks (decision 0211).
  [/^\/developer$/, 'account'],
  // The OAuth consent page (decision 0213): signed in only, so a visitor signs in and comes back to it.
  [/^\/oauth\/consent\/[\w-]+$/, 'account'],
  [/^\/pricing$/, 'account'],
  [/^\/subscribe$/, 'account'],
  [/^\/projects$/, 'projects'],
  [/^\/projects\/[^/]+$/, 'projects'],
  [/^\/projects\/[^/]+\/edit$/, 'projects'],
  [/^\/post-project$/, 'projects'],
  [/^\/saved-projects$/, 'projects'],
  [/^\/saved-searches$/, 'projects'],
  [/^\/my-bids$/, 'bids'],
  [/^\/admin$/, 'admin'],
  // The moderation queue (decision 0221).
  [/^\/admin\/moderation$/, 'admin'],
];

/**
 * The pages a mailed link opens (decision 0160): public, and the same signed in or out. A signed-in person
 * verifies their email in the tab they use; a reset link replaces whatever session the browser holds.
 */
const ACCOUNT_LINK_PAGES: Readonly<Record<string, ShellPage>> = {
  '/forgot-password': 'forgot-password',
  '/reset-password': 'reset-password',
  '/verify-email': 'verify-email',
};

/** The signed-out routes that do not lead to the login endpoint. */
const VISITOR_ROUTES: Readonly<Record<string, Resolution>> = {
  '/': { kind: 'page', page: 'landing' },
  '/signin': { kind: 'page', page: 'signin' },
  '/register': { kind: 'page', page: 'register' },
  '/auth-test': { kind: 'page', page: 'auth-test' },
  '/pricing': { kind: 'remote', remote: 'account' },
  // The post form shows a visitor the spec's 'Authentication Required' warning, then goes to the login
  // endpoint after 1 s (projects-and-bids section 2.6).
  '/post-project': { kind: 'remote', remote: 'projects' },
};

/** '/projects/' and '/projects' are the same route. */
function normalizePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? '/' : trimmed;
}

function remoteFor(path: string): RemoteName | null {
  const found = REMOTE_ROUTES.find(([pattern]) => pattern.test(path));
  return found ? found[1] : null;
}

export function resolveRoute(rawPath: string, status: AuthStatus): Resolution {
  const path = normalizePath(rawPath);
  // Navigation targets that the route table does not list: both lead to '/'.
  if (path === '/home' || path === '/dashboard')
    return { kind: 'redirect', to: '/', replace: true, full: false };
  if (status === 'loading') return { kind: 'loading' };
  const accountLinkPage = ACCOUNT_LINK_PAGES[path];
  if (accountLinkPage) return { kind: 'page', page: accountLinkPage };

  if (status === 'signed-in') {
    if (path === '/signin' || path === '/register')
      return { kind: 'redirect', to: '/', replace: true, full: false };
    if (path === '/auth-test') return { kind: 'page', page: 'auth-test' };
    const remote = remoteFor(path);
    return remote ? { kind: 'remote', remote } : { kind: 'page', page: 'not-found' };
  }

  const visitorRoute = VISITOR_ROUTES[path];
  if (visitorRoute) return visitorRoute;
  if (remoteFor(path)) return { kind: 'redirect', to: LOGIN_URL, replace: true, full: true };
  return { kind: 'page', page: 'not-found' };
}

/** Where a signed-out visitor's deep link is kept while they sign in (this tab only). */
const RETURN_TO_KEY = 'buildbid.returnTo';

/** Only a path of this site (never '//other.host' or a full URL) may be returned to after sign-in. */
export function safeReturnPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const path = normalizePath(value.split(/[?#]/)[0] ?? '/');
  return remoteFor(path) && path !== '/' ? value : null;
}

export function rememberReturnPath(path: string): void {
  const safe = safeReturnPath(path);
  try {
    if (safe) window.sessionStorage.setItem(RETURN_TO_KEY, safe);
  } catch {
    // No storage: the visitor lands on '/' after signing in.
  }
}

/** The remembered deep link, once: reading it forgets it. */
export function takeReturnPath(): string | null {
  try {
    const value = window.sessionStorage.getItem(RETURN_TO_KEY);
    window.sessionStorage.removeItem(RETURN_TO_KEY);
    return safeReturnPath(value);
  } catch {
    return null;
  }
}
