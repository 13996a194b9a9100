import { describe, expect, it } from 'vitest';
import {
  type AuthStatus,
  type RemoteName,
  type Resolution,
  resolveRoute,
  type ShellPage,
  safeReturnPath,
} from './routes.ts';

describe('resolveRoute', () => {
  it('shows the spinner while the auth check loads', () => {
    expect(resolveRoute('/projects', 'loading')).toEqual({ kind: 'loading' });
  });

  it('sends /home and /dashboard to / (replace), whatever the auth state', () => {
    for (const status of ['loading', 'signed-in', 'signed-out'] as const) {
      expect(resolveRoute('/home', status)).toMatchObject({ kind: 'redirect', to: '/', replace: true });
      expect(resolveRoute('/dashboard', status)).toMatchObject({ kind: 'redirect', to: '/', replace: true });
    }
  });

  it('opens the account-link pages (issue 16) signed out and signed in alike', () => {
    for (const status of ['signed-out', 'signed-in'] as const) {
      expect(resolveRoute('/forgot-password', status)).toEqual({ kind: 'page', page: 'forgot-password' });
      expect(resolveRoute('/reset-password', status)).toEqual({ kind: 'page', page: 'reset-password' });
      expect(resolveRoute('/verify-email/', status)).toEqual({ kind: 'page', page: 'verify-email' });
    }
    expect(resolveRoute('/verify-email', 'loading')).toEqual({ kind: 'loading' });
    expect(resolveRoute('/reset-password/more', 'signed-out')).toEqual({ kind: 'page', page: 'not-found' });
  });

  it('sends a visitor on a signed-in route to the login endpoint', () => {
    for (const path of [
      '/projects',
      '/projects/7',
      '/projects/7/edit',
      '/my-bids',
      '/subscribe',
      '/profile',
      '/developer',
      '/oauth/consent/Yq3v-x_9',
      '/switch-role',
      '/admin',
    ]) {
      expect(resolveRoute(path, 'signed-out')).toEqual({
        kind: 'redirect',
        to: '/api/login',
        replace: true,
        full: true,
      });
    }
  });

  const page = (name: ShellPage): Resolution => ({ kind: 'page', page: name });
  const remote = (name: RemoteName): Resolution => ({ kind: 'remote', remote: name });

  it.each<[string, AuthStatus, Resolution]>([
    // The signed-out routes.
    ['/', 'signed-out', page('landing')],
    ['/signin', 'signed-out', page('signin')],
    ['/register', 'signed-out', page('register')],
    ['/auth-test', 'signed-out', page('auth-test')],
    ['/pricing', 'signed-out', remote('account')],
    // The post form warns a visitor itself, then goes to the login endpoint.
    ['/post-project', 'signed-out', remote('projects')],
    // The signed-in routes: remotes, and the diagnostic page.
    ['/', 'signed-in', remote('account')],
    ['/switch-role', 'signed-in', remote('account')],
    ['/developer', 'signed-in', remote('account')],
    // The OAuth consent page (decision 0213), the account remote's.
    ['/oauth/consent/Yq3v-x_9', 'signed-in', remote('account')],
    ['/oauth/consent/', 'signed-in', page('not-found')],
    ['/oauth/consent/a.b', 'signed-in', page('not-found')],
    ['/projects/', 'signed-in', remote('projects')],
    ['/projects/abc/edit', 'signed-in', remote('projects')],
    ['/post-project', 'signed-in', remote('projects')],
    ['/my-bids', 'signed-in', remote('bids')],
    ['/admin', 'signed-in', remote('admin')],
    ['/auth-test', 'signed-in', page('auth-test')],
  ])('maps %s (%s)', (path, status, expected) => {
    expect(resolveRoute(path, status)).toEqual(expected);
  });

  it('sends a signed-in user away from /signin and /register', () => {
    expect(resolveRoute('/signin', 'signed-in')).toMatchObject({ kind: 'redirect', to: '/' });
    expect(resolveRoute('/register', 'signed-in')).toMatchObject({ kind: 'redirect', to: '/' });
  });

  it('shows the 404 page for unknown paths', () => {
    expect(resolveRoute('/nope', 'signed-in')).toEqual({ kind: 'page', page: 'not-found' });
    expect(resolveRoute('/nope', 'signed-out')).toEqual({ kind: 'page', page: 'not-found' });
    expect(resolveRoute('/projects/1/edit/more', 'signed-in')).toEqual({ kind: 'page', page: 'not-found' });
  });
});

describe('safeReturnPath (the deep link kept while a visitor signs in)', () => {
  it('keeps paths of this site that lead to a signed-in page, with their query', () => {
    expect(safeReturnPath('/profile?tab=billing')).toBe('/profile?tab=billing');
    expect(safeReturnPath('/projects/abc')).toBe('/projects/abc');
    // An app's authorization waits on the consent page while the person signs in (decision 0213).
    expect(safeReturnPath('/oauth/consent/Yq3v-x_9')).toBe('/oauth/consent/Yq3v-x_9');
  });

  it('refuses other hosts, full URLs, unknown pages and nothing', () => {
    expect(safeReturnPath('//evil.example/profile')).toBeNull();
    expect(safeReturnPath('https://evil.example/profile')).toBeNull();
    expect(safeReturnPath('/nowhere')).toBeNull();
    expect(safeReturnPath('/')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});
