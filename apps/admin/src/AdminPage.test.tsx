// @vitest-environment jsdom
import type { ApiUser, RemoteProps } from '@buildbid/api-client';
import { makeUser, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_DENIED_REDIRECT_MS, rangeText, SEARCH_DELAY_MS } from './AdminPage.tsx';
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

/** The server's answer to GET /api/admin/users: role, words, limit and offset, with X-Total-Count. */
function usersRoute(list: () => readonly ApiUser[]) {
  return (r: Request) => {
    const url = new URL(r.url);
    const role = url.searchParams.get('role');
    const words = (url.searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const matching = list().filter(
      (u) =>
        (!role || u.role === role) &&
        words.every((w) => `${u.email} ${u.firstName} ${u.lastName}`.toLowerCase().includes(w)),
    );
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    return new Response(JSON.stringify(matching.slice(offset, offset + limit)), {
      headers: { 'content-type': 'application/json', 'x-total-count': String(matching.length) },
    });
  };
}

const noChanges = () =>
  new Response('[]', { headers: { 'content-type': 'application/json', 'x-total-count': '0' } });

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

  it('says which users a page shows', () => {
    expect(rangeText(0, 25, 30)).toBe('Showing 1–25 of 30');
    expect(rangeText(25, 5, 30)).toBe('Showing 26–30 of 30');
    expect(rangeText(0, 0, 0)).toBe('No users found');
  });

  it('shows the stat cards and the user table; the role filter and the search ask the server', async () => {
    const fetch = routeFetch({
      'GET /api/admin/users': usersRoute(() => people),
      'GET /api/admin/stats': { activeProjects: 7, totalBids: 31 },
      'GET /api/admin/role-changes': noChanges,
      'GET /api/admin/actions': noChanges,
    });
    render(<App {...props()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('stat-active-projects').textContent).toBe('7'));
    expect(screen.getByTestId('stat-total-bids').textContent).toBe('31');
    await waitFor(() =>
      expect(rowNames()).toEqual(['Cora Client', 'Carl Builder', 'Vera Vendor', 'Ada Admin']),
    );
    expect(screen.getByTestId('stat-users').textContent).toBe('4');

    fireEvent.click(screen.getByRole('button', { name: /Filter by role/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Contractor' }));
    await waitFor(() => expect(rowNames()).toEqual(['Carl Builder']));
    expect(requestsOf(fetch)).toContain('GET /api/admin/users?role=contractor&limit=25&offset=0');
    fireEvent.click(screen.getByRole('button', { name: /Filter by role/ }));
    fireEvent.click(screen.getByRole('option', { name: 'All Roles' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'ver' } });
    await waitFor(() => expect(rowNames()).toEqual(['Vera Vendor']), { timeout: SEARCH_DELAY_MS + 1000 });
    expect(requestsOf(fetch)).toContain('GET /api/admin/users?q=ver&limit=25&offset=0');
    // The Users card keeps counting everyone.
    expect(screen.getByTestId('stat-users').textContent).toBe('4');
    expect(screen.getByText('No role has been changed yet.')).toBeTruthy();
  });

  it('pages through the users with Previous and Next', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      makeUser({ id: `p${i}`, firstName: 'Pat', lastName: `Number${i + 1}`, email: `pat${i}@example.com` }),
    );
    routeFetch({
      'GET /api/admin/users': usersRoute(() => many),
      'GET /api/admin/stats': { activeProjects: 0, totalBids: 0 },
      'GET /api/admin/role-changes': noChanges,
      'GET /api/admin/actions': noChanges,
    });
    render(<App {...props()} />);
    expect(await screen.findByText('Showing 1–25 of 30')).toBeTruthy();
    expect(rowNames()).toHaveLength(25);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26–30 of 30')).toBeTruthy();
    expect(rowNames()[0]).toBe('Pat Number26');
    // The last page: Next turns off (react-aria may settle the pressed button a tick after the rows).
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true),
    );
    // And it stays there: the (empty) search's pause after the first render does not reset the page.
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DELAY_MS * 2));
    expect(screen.getByText('Showing 26–30 of 30')).toBeTruthy();
  });

  it('shows the role-change audit log, newest first, and more on request', async () => {
    const entry = (i: number, admin: { id: string; name: string; email: string } | null) => ({
      id: `c${i}`,
      admin,
      user: { id: 'u3', name: 'Vera Vendor', email: 'vera@example.com' },
      fromRole: 'client',
      toRole: 'vendor',
      createdAt: '2026-03-01T15:00:00.000Z',
    });
    const ada = { id: 'u4', name: 'Ada Admin', email: 'ada@example.com' };
    routeFetch({
      'GET /api/admin/users': usersRoute(() => people),
      'GET /api/admin/stats': { activeProjects: 0, totalBids: 0 },
      'GET /api/admin/actions': noChanges,
      'GET /api/admin/role-changes': (r: Request) => {
        const offset = Number(new URL(r.url).searchParams.get('offset'));
        const all = Array.from({ length: 12 }, (_, i) => entry(i, i === 11 ? null : ada));
        return new Response(JSON.stringify(all.slice(offset, offset + 10)), {
          headers: { 'content-type': 'application/json', 'x-total-count': '12' },
        });
      },
    });
    render(<App {...props()} />);
    const audit = await screen.findByRole('region', { name: 'Role changes' });
    await waitFor(() => expect(within(audit).getAllByText('Ada Admin')).toHaveLength(10));
    expect(within(audit).getAllByText('Client')).toHaveLength(10);
    fireEvent.click(within(audit).getByRole('button', { name: 'Show more' }));
    expect(await within(audit).findByText('admin:promote command')).toBeTruthy();
    expect(within(audit).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it("changes a user's role only after confirming, then reloads the list; a failure is a toast", async () => {
    let list = people;
    let body: unknown;
    const fetch = routeFetch({
      'GET /api/admin/users': usersRoute(() => list),
      'GET /api/admin/role-changes': noChanges,
      'GET /api/admin/actions': noChanges,
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
    await waitFor(() =>
      expect(requestsOf(fetch).filter((r) => r.startsWith('GET /api/admin/users')).length).toBe(2),
    );
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
    await waitFor(() =>
      expect(requestsOf(fetch).filter((r) => r.startsWith('GET /api/admin/users')).length).toBe(3),
    );
    expect(document.querySelector('tr[data-role="admin"]')).not.toBeNull();
  });

  it('suspends a user for a number of days or until lifted, with a reason; shows it in the row and the moderation log', async () => {
    let list: ApiUser[] = people;
    const bodies: unknown[] = [];
    const suspension = (endsAt: string | null) => ({
      id: 's1',
      userId: 'u2',
      reason: 'Asked to be paid in cash.',
      startsAt: '2026-11-26T15:00:00.000Z',
      endsAt,
      liftedAt: null,
      reportId: null,
    });
    const log = [
      {
        id: 'a1',
        admin: { id: 'u4', name: 'Ada Admin', email: 'ada@example.com' },
        user: { id: 'u2', name: 'Carl Builder', email: 'carl@example.com' },
        action: 'user_suspended',
        reason: 'Asked to be paid in cash.',
        endsAt: '2026-12-04T04:59:59.999Z',
        reportId: null,
        createdAt: '2026-11-26T15:00:00.000Z',
      },
    ];
    let logged: typeof log = [];
    const fetch = routeFetch({
      'GET /api/admin/users': usersRoute(() => list),
      'GET /api/admin/stats': { activeProjects: 0, totalBids: 0 },
      'GET /api/admin/role-changes': noChanges,
      'GET /api/admin/actions': () =>
        new Response(JSON.stringify(logged), {
          headers: { 'content-type': 'application/json', 'x-total-count': String(logged.length) },
        }),
      'POST /api/admin/users/u2/suspension': async (r: Request) => {
        const body = await r.json();
        bodies.push(body);
        if (body.reason === 'No') {
          return new Response(
            JSON.stringify({
              message: 'The reason must say why',
              code: 'SUSPENSION_REASON_REQUIRED',
              field: 'reason',
            }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          );
        }
        const made = suspension('2026-12-04T04:59:59.999Z');
        list = people.map((u) => (u.id === 'u2' ? { ...u, suspension: made } : u));
        logged = log;
        return new Response(JSON.stringify(made), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const p = props();
    render(<App {...p} />);
    await screen.findByText('Carl Builder');
    expect(screen.getByText('No one has been suspended yet.')).toBeTruthy();
    // Admins cannot be suspended: their row offers nothing.
    expect(screen.queryByRole('button', { name: 'Suspend Ada Admin' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Suspend Carl Builder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Carl Builder?' });
    expect(
      (within(dialog).getByRole('radio', { name: 'For a number of days' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((within(dialog).getByRole('textbox', { name: /Days/ }) as HTMLInputElement).value).toBe('7');
    // Nothing is sent without a reason, or with a length out of range.
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Days/ }), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Enter a whole number of days from 1 to 365')).toBeTruthy();
    expect(within(dialog).getByText('Give a reason for the suspension')).toBeTruthy();
    expect(bodies).toEqual([]);

    // The server's refusal shows under the field it names.
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Days/ }), { target: { value: '8' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'No' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('The reason must say why')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Until lifted' }));
    expect(within(dialog).queryByRole('textbox', { name: /Days/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'For a number of days' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: ' Asked to be paid in cash. ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies.at(-1)).toEqual({ days: 8, reason: 'Asked to be paid in cash.' });
    expect(p.toast).toHaveBeenCalledWith({
      title: 'User Suspended',
      description: 'Carl Builder is suspended through Dec 3, 2026.',
    });
    expect(await screen.findByText('Suspended through Dec 3, 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lift suspension of Carl Builder' })).toBeTruthy();
    const [moderation] = await screen.findAllByRole('region', { name: 'Moderation log' });
    if (!moderation) throw new Error('no moderation log');
    expect(within(moderation).getByText('Suspended')).toBeTruthy();
    expect(within(moderation).getByText('Through Dec 3, 2026 · Asked to be paid in cash.')).toBeTruthy();
    expect(requestsOf(fetch).filter((r) => r.startsWith('POST'))).toHaveLength(2);
  });

  it('lifts a suspension after confirming it, then reloads the list', async () => {
    let list: ApiUser[] = people.map((u) =>
      u.id === 'u3'
        ? {
            ...u,
            suspension: {
              id: 's1',
              userId: 'u3',
              reason: 'Fraud.',
              startsAt: '2026-11-26T15:00:00.000Z',
              endsAt: null,
              liftedAt: null,
              reportId: null,
            },
          }
        : u,
    );
    const fetch = routeFetch({
      'GET /api/admin/users': usersRoute(() => list),
      'GET /api/admin/stats': { activeProjects: 0, totalBids: 0 },
      'GET /api/admin/role-changes': noChanges,
      'GET /api/admin/actions': noChanges,
      'DELETE /api/admin/users/u3/suspension': () => {
        list = people;
        return new Response(
          JSON.stringify({
            id: 's1',
            userId: 'u3',
            reason: 'Fraud.',
            startsAt: '2026-11-26T15:00:00.000Z',
            endsAt: null,
            liftedAt: '2026-11-27T15:00:00.000Z',
            reportId: null,
          }),
          { headers: { 'content-type': 'application/json' } },
        );
      },
    });
    const p = props();
    render(<App {...p} />);
    expect(await screen.findByText('Suspended until lifted')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Lift suspension of Vera Vendor' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Lift suspension?' });
    expect(dialog.textContent).toContain(
      'Lift the suspension of Vera Vendor (vera@example.com)? They can sign in again and their projects are shown again. Bids withdrawn by the suspension stay withdrawn.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lift Suspension' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(p.toast).toHaveBeenCalledWith({
      title: 'Suspension Lifted',
      description: 'Vera Vendor can sign in again.',
    });
    expect(await screen.findByRole('button', { name: 'Suspend Vera Vendor' })).toBeTruthy();
    expect(requestsOf(fetch)).toContain('DELETE /api/admin/users/u3/suspension');
  });
});
