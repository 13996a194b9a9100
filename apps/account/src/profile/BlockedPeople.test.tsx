// @vitest-environment jsdom
import { jsonResponse, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BlockedUser } from '../api.ts';
import { resetAfterEach, shellMocks, toasted } from '../testing.ts';
import { BlockedPeopleCard, blockedName } from './BlockedPeople.tsx';

function person(overrides: Partial<BlockedUser> = {}): BlockedUser {
  return {
    id: '7e6d5c4b-3a29-4f18-9e07-d6c5b4a39281',
    firstName: 'Marcus',
    lastName: 'Rolle',
    profileImageUrl: null,
    deleted: false,
    blockedAt: '2027-03-20T15:04:05.000Z',
    ...overrides,
  };
}
const OTHER_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

function setup() {
  const shell = shellMocks();
  render(<BlockedPeopleCard shell={shell} />);
  return shell;
}

/** Decision 0220: the profile's 'Blocked people', with Unblock. */
describe('Blocked people', () => {
  resetAfterEach();

  it('lists each blocked person with the date and an Unblock button named after them', async () => {
    routeFetch({
      'GET /api/users/me/blocks': [
        person(),
        person({ id: OTHER_ID, firstName: null, lastName: null, deleted: true }),
      ],
    });
    setup();
    expect(screen.getByRole('region', { name: 'Blocked people' })).toBeTruthy();
    expect(
      screen.getByText("People you block can't message you or bid on your projects. They aren't told."),
    ).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'People you blocked' });
    const [marcus, gone] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(marcus.textContent).toContain('Marcus Rolle');
    expect(marcus.textContent).toContain('Blocked Mar 20, 2027');
    expect(within(marcus).getByRole('button', { name: 'Unblock Marcus Rolle' })).toBeTruthy();
    expect(within(gone).getByRole('button', { name: 'Unblock Deleted user' })).toBeTruthy();
  });

  it("says 'You haven't blocked anyone.' when there is nobody", async () => {
    routeFetch({ 'GET /api/users/me/blocks': [] });
    setup();
    expect(await screen.findByText("You haven't blocked anyone.")).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('unblocks at once: the row goes, a toast says so, and the focus moves to the next row or the title', async () => {
    const fetch = routeFetch({
      'GET /api/users/me/blocks': [person(), person({ id: OTHER_ID, firstName: 'Eve', lastName: 'Knowles' })],
      [`DELETE /api/users/me/blocks/${person().id}`]: () => new Response(null, { status: 204 }),
      [`DELETE /api/users/me/blocks/${OTHER_ID}`]: () => new Response(null, { status: 204 }),
    });
    const shell = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock Marcus Rolle' }));
    await toasted(shell.toast, { title: 'Marcus Rolle unblocked' });
    expect(screen.queryByText('Marcus Rolle')).toBeNull();
    const next = screen.getByRole('button', { name: 'Unblock Eve Knowles' });
    expect(document.activeElement).toBe(next);
    fireEvent.click(next);
    await toasted(shell.toast, { title: 'Eve Knowles unblocked' });
    expect(await screen.findByText("You haven't blocked anyone.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Blocked people' }));
    expect(requestsOf(fetch)).toEqual([
      'GET /api/users/me/blocks',
      `DELETE /api/users/me/blocks/${person().id}`,
      `DELETE /api/users/me/blocks/${OTHER_ID}`,
    ]);
  });

  it("keeps the row and toasts a refused unblock ('Error' with the message)", async () => {
    routeFetch({
      'GET /api/users/me/blocks': [person()],
      [`DELETE /api/users/me/blocks/${person().id}`]: jsonResponse(429, {
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Try again in 1 minute.',
      }),
    });
    const shell = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock Marcus Rolle' }));
    await toasted(shell.toast, {
      title: 'Error',
      description: 'Too many attempts. Try again in 1 minute.',
      variant: 'destructive',
    });
    expect(screen.getByRole('button', { name: 'Unblock Marcus Rolle' })).toBeTruthy();
  });

  it('offers Try again when the list does not load', async () => {
    const fetch = routeFetch({
      'GET /api/users/me/blocks': jsonResponse(500, { message: 'Database down', code: 'INTERNAL' }),
    });
    setup();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database down');
    fetch.mockImplementation(async () => jsonResponse(200, [person()]));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Marcus Rolle')).toBeTruthy());
  });

  it("names a deleted account 'Deleted user'", () => {
    expect(blockedName(person({ deleted: true }))).toBe('Deleted user');
    expect(blockedName(person())).toBe('Marcus Rolle');
  });
});
