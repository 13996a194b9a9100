// @vitest-environment jsdom
import type { ApiUser } from '@buildbid/api-client';
import { routeFetch } from '@buildbid/test-kit/helpers';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../router.ts';
import { resolveRoute } from '../routes.ts';
import { shellStore } from '../store.ts';
import { Header, MobileSheet } from './Header.tsx';

function user(role: ApiUser['role']): ApiUser {
  return {
    id: 'u1',
    email: 'cora@example.com',
    firstName: 'Cora',
    lastName: 'Client',
    name: 'Cora Client',
    profileImageUrl: null,
    role,
    country: 'BS',
    subscriptionTier: 'free',
  } as ApiUser;
}

/** The signed-in header on `path`, its bell answered with no notifications. */
function renderHeader(role: ApiUser['role'], path: string) {
  routeFetch({ 'GET /api/notifications/unread-count': { count: 0 }, 'GET /api/notifications': [] });
  navigate(path);
  render(
    <Provider store={shellStore}>
      <Header user={user(role)} />
    </Provider>,
  );
}

describe('Saved Searches in the navigation (decision 0198)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is a link of the mobile sheet, for a client as for a contractor', () => {
    for (const role of ['client', 'contractor'] as const) {
      const { unmount } = render(<MobileSheet user={user(role)} path="/" />);
      fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
      const sheet = screen.getByRole('dialog', { name: 'Menu' });
      const link = within(sheet).getByRole('link', { name: 'Saved Searches' });
      expect(link.getAttribute('href')).toBe('/saved-searches');
      unmount();
    }
  });

  it("is in the header's main navigation, marked current on its page, and the route is a signed-in page", () => {
    renderHeader('vendor', '/saved-searches');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const link = within(nav).getByRole('link', { name: 'Saved Searches' });
    expect(link.getAttribute('href')).toBe('/saved-searches');
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Projects' }).getAttribute('aria-current')).toBeNull();
    expect(resolveRoute('/saved-searches', 'signed-in')).toEqual({ kind: 'remote', remote: 'projects' });
  });
});

describe('Developer in the user menu and the sheet (decision 0211)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("follows Profile in the sheet and opens /developer, the account remote's signed-in page", () => {
    navigate('/');
    render(<MobileSheet user={user('client')} path="/" />);
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const sheet = screen.getByRole('dialog', { name: 'Menu' });
    const actions = within(sheet)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(actions.slice(actions.indexOf('Switch Role'))).toEqual([
      'Switch Role',
      'Profile',
      'Developer',
      'Upgrade',
      'Sign out',
    ]);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Developer' }));
    expect(window.location.pathname).toBe('/developer');
    expect(resolveRoute('/developer', 'signed-in')).toEqual({ kind: 'remote', remote: 'account' });
  });

  it("follows Profile in the header's user menu and opens /developer", async () => {
    renderHeader('contractor', '/');
    fireEvent.click(screen.getAllByRole('button', { name: /Cora Client/ })[0] as HTMLElement);
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    expect(items).toEqual(['Profile', 'Developer', 'Switch Role', 'Upgrade', 'Sign out']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Developer' }));
    expect(window.location.pathname).toBe('/developer');
  });
});
