// @vitest-environment jsdom
import type { RemoteProps } from '@buildbid/api-client';
import { makeUser, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_DENIED_REDIRECT_MS, filterUsers } from './AdminPage.tsx';
import App from './App.tsx';

function props(overrides: Partial<RemoteProps> = {}): RemoteProps {
  return {
    path: '/admin',
    search: '',
    user: makeUser({ role: 'admin' }),
    country: '',
    navigate: vi.fn(),
    refreshUser: vi.fn(async () => {}),
    toast: vi.fn(),
    ...overrides,
  };
}

const people = [
  makeUser({ id: 'u1', firstName: 'Cora', lastName: 'Client', email: 'cora@example.com', role: 'client' }),
  makeUser({
    id: 'u2',
    firstName: 'Carl',
    lastName: 'Builder',
    email: 'carl@example.com',
    role: 'contractor',
  }),
  makeUser({ id: 'u3', firstName: 'Vera', lastName: 'Vendor', email: 'vera@example.com', role: 'vendor' }),
  makeUser({ id: 'u4', firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com', role: 'admin' }),
];

const rowNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((c) => c.textContent);

describe('Admin', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows non-admins 'Access Denied', then redirects to /home", async () => {
    vi.useFakeTimers();
    const fetch = routeFetch({});
    const p = props({ user: makeUser({ role: 'contractor' }) });
    render(<App {...p} />);
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(
      screen.getByText('You do not have permission to access this page. Admin privileges required.'),
    ).toBeTruthy();
    expect(p.navigate).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ACCESS_DENIED_REDIRECT_MS);
    });
    expect(p.navigate).toHaveBeenCalledWith('/home', { replace: true });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('filters users by role', () => {
    expect(filterUsers(people, 'all').length).toBe(4);
    expect(filterUsers(people, 'vendor').map((u) => u.id)).toEqual(['u3']);
  });

  it('shows the stat cards and the user table, filterable by role', async () => {
    routeFetch({
      'GET /api/admin/users': people,
      'GET /api/admin/stats': { activeProjects: 7, totalBids: 31 },
    });
    render(<App {...props()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('stat-active-projects').textContent).toBe('7'));
    expect(screen.getByTestId('stat-total-bids').textContent).toBe('31');
    await waitFor(() =>
      expect(rowNames()).toEqual(['Cora Client', 'Carl Builder', 'Vera Vendor', 'Ada Admin']),
    );

    fireEvent.click(screen.getByRole('button', { name: /Filter by role/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Contractor' }));
    expect(rowNames()).toEqual(['Carl Builder']);
    fireEvent.click(screen.getByRole('button', { name: /Filter by role/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Admin' }));
    expect(rowNames()).toEqual(['Ada Admin']);
  });

  it("changes a user's role only after confirming, then reloads the list; a failure is a toast", async () => {
    let list = people;
    let body: unknown;
    const fetch = routeFetch({
      'GET /api/admin/users': () =>
        new Response(JSON.stringify(list), { headers: { 'content-type': 'application/json' } }),
      'GET /api/admin/stats': { activeProjects: 0, totalBids: 0 },
      'POST /api/admin/users/u3/role': async (r: Request) => {
        body = await r.json();
        list = people.map((u) => (u.id === 'u3' ? { ...u, role: 'contractor' as const } : u));
        return new Response(JSON.stringify(list[2]), { headers: { 'content-type': 'application/json' } });
      },
      'POST /api/admin/users/u4/role': () =>
        new Response(
          JSON.stringify({
            message: 'Ada Admin is the only admin. Make another user an admin before changing this role.',
            code: 'LAST_ADMIN',
            field: 'role',
          }),
          { status: 409, headers: { 'content-type': 'application/json' } },
        ),
    });
    const p = props();
    render(<App {...p} />);
    await screen.findByText('Vera Vendor');

    // Cancelling the confirmation changes nothing.
    fireEvent.click(screen.getByRole('button', { name: /Role of Vera Vendor/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Contractor' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change role?' });
    expect(dialog.textContent).toContain(
      'Change the role of Vera Vendor (vera@example.com) from Vendor to Contractor?',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requestsOf(fetch).some((r) => r.startsWith('POST'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /Role of Vera Vendor/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Contractor' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Change Role' }),
    );
    await waitFor(() => expect(requestsOf(fetch).filter((r) => r === 'GET /api/admin/users').length).toBe(2));
    expect(body).toEqual({ role: 'contractor' });
    await waitFor(() => expect(document.querySelector('tr[data-role="vendor"]')).toBeNull());
    expect(p.toast).toHaveBeenCalledWith({
      title: 'Role Updated',
      description: 'Vera Vendor is now Contractor.',
    });

    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: /Role of Ada Admin/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Client' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Change Role' }),
    );
    await waitFor(() =>
      expect(p.toast).toHaveBeenCalledWith({
        title: 'Role Not Changed',
        description: 'Ada Admin is the only admin. Make another user an admin before changing this role.',
        variant: 'destructive',
      }),
    );
    await waitFor(() => expect(requestsOf(fetch).filter((r) => r === 'GET /api/admin/users').length).toBe(3));
    expect(document.querySelector('tr[data-role="admin"]')).not.toBeNull();
  });
});
