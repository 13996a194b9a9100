// @vitest-environment jsdom
import type { ApiUser } from '@buildbid/api-client';
import { jsonResponse, makeUser, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProfilePage } from './Profile.tsx';
import { nextBillingDate } from './profile/BillingTab.tsx';
import { NotificationsTab } from './profile/NotificationsTab.tsx';
import { PreferencesTab } from './profile/PreferencesTab.tsx';
import { ChangePasswordCard, PASSWORD_CHANGED, PROFILE_UPDATED, ProfileTab } from './profile/ProfileTab.tsx';
import { ServicesTab } from './profile/ServicesTab.tsx';
import { passwordErrorField, successRate, validatePasswordChange, validateProfile } from './profile-rules.ts';
import { earnedBadge, keepBody, resetAfterEach, shellMocks, toasted } from './testing.ts';

const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

describe('profile rules', () => {
  it('gives the spec messages for each invalid field', () => {
    expect(
      validateProfile({ firstName: ' ', lastName: '', email: 'nope', country: '', role: 'client' }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      country: 'Country is required',
    });
    expect(
      validateProfile({ firstName: 'A', lastName: 'B', email: 'a@b.co', country: 'BS', role: 'vendor' }),
    ).toEqual({});
  });

  it('rounds the success rate and gives 0 without bids', () => {
    expect(successRate(1, 3)).toBe(33);
    expect(successRate(2, 3)).toBe(67);
    expect(successRate(0, 0)).toBe(0);
  });

  it('falls back to now + 30 days for the next billing date', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(nextBillingDate(null, now).toISOString()).toBe('2026-01-31T00:00:00.000Z');
  });
});

describe('ProfileTab', () => {
  resetAfterEach();

  function setup(user: ApiUser = makeUser()) {
    const shell = shellMocks();
    render(<ProfileTab user={user} shell={shell} />);
    return shell;
  }

  it('is read-only until Edit, and Cancel returns to read-only', () => {
    setup();
    expect(screen.getByText('Ann')).toBeTruthy();
    expect(screen.getByText('Bahamas')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(field('First Name').value).toBe('Ann');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows the validation messages and sends nothing', async () => {
    const fetch = routeFetch({});
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(field('First Name'), { target: { value: '' } });
    fireEvent.change(field('Last Name'), { target: { value: ' ' } });
    fireEvent.change(field('Email'), { target: { value: 'ann@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('saves, toasts success, refetches the user and returns to read-only', async () => {
    const sent = keepBody('PATCH /api/users/me', makeUser({ firstName: 'Annie' }));
    const shell = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(field('First Name'), { target: { value: ' Annie ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await toasted(shell.toast, { title: 'Success', description: PROFILE_UPDATED });
    expect(sent.body).toEqual({
      firstName: 'Annie',
      lastName: 'Rolle',
      email: 'ann@example.com',
      country: 'BS',
      role: 'client',
    });
    await waitFor(() => expect(shell.refreshUser).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('asks for the current password only when the email changes, and sends it', async () => {
    const sent = keepBody('PATCH /api/users/me', makeUser({ email: 'ann.new@example.com' }));
    const shell = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.queryByLabelText(/Current Password/)).toBeNull();
    fireEvent.change(field('Email'), { target: { value: 'ann.new@example.com' } });
    const password = screen.getByLabelText(/Current Password/) as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.change(password, { target: { value: 'my secret 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await toasted(shell.toast, { title: 'Success', description: PROFILE_UPDATED });
    expect(sent.body).toMatchObject({ email: 'ann.new@example.com', currentPassword: 'my secret 1' });
  });

  it("shows 'Error' with the server's message on failure", async () => {
    routeFetch({
      'PATCH /api/users/me': jsonResponse(409, { message: 'Email already in use', code: 'EMAIL_TAKEN' }),
    });
    const shell = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await toasted(shell.toast, {
      title: 'Error',
      description: 'Email already in use',
      variant: 'destructive',
    });
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });

  it("answers 401 with 'Unauthorized' and goes to /api/login after 500 ms", async () => {
    routeFetch({
      'PATCH /api/users/me': () => jsonResponse(401, { message: 'Sign in', code: 'UNAUTHENTICATED' }),
    });
    const shell = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(shell.toast).toHaveBeenCalledWith({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    expect(shell.navigate).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(shell.navigate).toHaveBeenCalledWith('/api/login');
  });
});

describe('Services and notifications tabs', () => {
  resetAfterEach();

  it("toggles a specialty with 'Services Updated'", async () => {
    const sent = keepBody('PATCH /api/users/me', makeUser());
    const shell = shellMocks();
    render(<ServicesTab user={makeUser({ role: 'contractor', services: ['plumbing'] })} shell={shell} />);
    fireEvent.click(screen.getByRole('switch', { name: /^Electrical/ }));
    await toasted(shell.toast, {
      title: 'Services Updated',
      description: 'Electrical added to your specialties.',
    });
    expect(sent.body).toEqual({ services: ['plumbing', 'electrical'] });
    fireEvent.click(screen.getByRole('switch', { name: /^Plumbing/ }));
    await waitFor(() =>
      expect(shell.toast).toHaveBeenLastCalledWith({
        title: 'Services Updated',
        description: 'Plumbing removed from your specialties.',
      }),
    );
  });

  it("says 'Failed to update service specialties.' and undoes the toggle on failure", async () => {
    routeFetch({
      'PATCH /api/users/me': jsonResponse(500, { message: 'Internal Server Error', code: 'INTERNAL' }),
    });
    const shell = shellMocks();
    render(<ServicesTab user={makeUser({ role: 'contractor' })} shell={shell} />);
    const toggle = screen.getByRole('switch', { name: /^Roofing/ }) as HTMLInputElement;
    fireEvent.click(toggle);
    await toasted(shell.toast, {
      title: 'Error',
      description: 'Failed to update service specialties.',
      variant: 'destructive',
    });
    expect(toggle.checked).toBe(false);
  });

  it('turns email notifications off and on', async () => {
    const fetch = routeFetch({ 'PATCH /api/users/me': jsonResponse(200, makeUser()) });
    const shell = shellMocks();
    render(<NotificationsTab user={makeUser({ emailNotifications: true })} shell={shell} />);
    fireEvent.click(screen.getByRole('switch', { name: /Email notifications/ }));
    await toasted(shell.toast, {
      title: 'Notifications Updated',
      description: 'Email notifications disabled.',
    });
    expect(requestsOf(fetch)).toEqual(['PATCH /api/users/me']);
  });

  it("says 'Failed to update notification preferences.' on failure", async () => {
    routeFetch({ 'PATCH /api/users/me': jsonResponse(500, { message: 'x', code: 'INTERNAL' }) });
    const shell = shellMocks();
    render(<NotificationsTab user={makeUser({ emailNotifications: false })} shell={shell} />);
    fireEvent.click(screen.getByRole('switch', { name: /Email notifications/ }));
    await toasted(shell.toast, {
      title: 'Error',
      description: 'Failed to update notification preferences.',
      variant: 'destructive',
    });
  });

  it('has no browser-only toggles that change nothing, and keeps Delete Account', () => {
    render(<PreferencesTab shell={shellMocks()} />);
    // The toggles that were only kept in the browser and changed nothing are gone (decision 0092).
    expect(screen.queryAllByRole('switch')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Delete Account' })).toBeTruthy();
  });
});

describe('ProfilePage', () => {
  resetAfterEach();

  it("shows a contractor's summary, stats, 6 badges with 'View All Badges', and the Services tab", async () => {
    routeFetch({
      'GET /api/users/me/stats': {
        totalBids: 3,
        wonProjects: 2,
        bidsThisMonth: 1,
        subscriptionTier: 'free',
        activeBids: 0,
        activeProjects: 0,
        completedProjects: 0,
        postedProjects: 0,
        rating: 4.5,
        reviewCount: 2,
      },
      [`GET /api/users/${makeUser().id}/badges`]: Array.from({ length: 8 }, (_, i) => earnedBadge(i)),
      'GET /api/users/me/reviews': [
        {
          id: 'r1',
          rating: 4,
          comment: 'Tidy work, one day late.',
          projectId: 'p1',
          projectTitle: 'Re-roof the beach house',
          reviewerName: 'Olive Owner',
          createdAt: '2026-03-01T10:00:00.000Z',
        },
        {
          id: 'r2',
          rating: 5,
          comment: null,
          projectId: null,
          projectTitle: null,
          reviewerName: 'Pat Client',
          createdAt: '2026-02-01T10:00:00.000Z',
        },
      ],
    });
    const user = makeUser({ role: 'contractor', rating: 4.25, reviewCount: 7, subscriptionTier: 'pro' });
    render(<ProfilePage path="/profile" search="" user={user} country="BS" {...shellMocks()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ann Rolle' })).toBeTruthy();
    expect(screen.getByText('4.3')).toBeTruthy();
    expect(screen.getByText('(7 reviews)')).toBeTruthy();
    expect(screen.getByText('Pro')).toBeTruthy();
    expect(await screen.findByText('67%')).toBeTruthy();
    expect(await screen.findByText('Badge 5')).toBeTruthy();
    expect(screen.queryByText('Badge 6')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'View All Badges' }));
    expect(screen.getByText('Badge 7')).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Profile', 'Billing', 'Services', 'Notifications', 'Preferences']);
    // The reviews about them, newest first: stars, comment, who and which project (or that it is gone).
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(await within(reviews).findByText('Tidy work, one day late.')).toBeTruthy();
    expect(
      within(reviews)
        .getAllByRole('img')
        .map((i) => i.getAttribute('aria-label')),
    ).toEqual(['4 out of 5 stars', '5 out of 5 stars']);
    expect(within(reviews).getByText(/Olive Owner · Re-roof the beach house/)).toBeTruthy();
    expect(within(reviews).getByText(/Pat Client · A deleted project/)).toBeTruthy();
  });

  it('says so when a contractor has no reviews yet, and when they failed to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const props = { path: '/profile', search: '', country: 'BS', ...shellMocks() };
    routeFetch({ 'GET /api/users/me/reviews': [] });
    render(<ProfilePage {...props} user={makeUser({ role: 'contractor' })} />);
    expect(await screen.findByText(/No reviews yet/)).toBeTruthy();
    cleanup();
    routeFetch({ 'GET /api/users/me/reviews': jsonResponse(500, { message: 'down' }) });
    render(<ProfilePage {...props} user={makeUser({ role: 'contractor' })} />);
    expect(await screen.findByText(/Your reviews could not be loaded/)).toBeTruthy();
  });

  it("has no Services tab for clients and shows 'Recently' without a join date", () => {
    routeFetch({});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ProfilePage
        path="/profile"
        search=""
        user={makeUser({ createdAt: '' })}
        country="BS"
        {...shellMocks()}
      />,
    );
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Profile',
      'Billing',
      'Notifications',
      'Preferences',
    ]);
    expect(screen.getByText('Recently')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your Stats' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Reviews' })).toBeNull();
  });
});

// ---- Decision 0160: change password, download my data, delete account -------------------------

const password = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

const WRONG_PASSWORD = 'Your current password is not correct';

/** `route` refuses the current password (400 WRONG_PASSWORD) with the error on `field`. */
function refuseWrongPassword(route: string, field: string) {
  routeFetch({ [route]: jsonResponse(400, { message: WRONG_PASSWORD, code: 'WRONG_PASSWORD', field }) });
}

describe('password rules', () => {
  it('puts each problem under its field', () => {
    expect(
      validatePasswordChange({ currentPassword: '', newPassword: 'abc', confirmPassword: 'abd' }),
    ).toEqual({
      currentPassword: 'Enter your current password',
      newPassword: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(
      validatePasswordChange({ currentPassword: 'old', newPassword: 'new-one', confirmPassword: 'new-one' }),
    ).toEqual({ newPassword: 'Password must be at least 8 characters' });
    expect(
      validatePasswordChange({
        currentPassword: 'old',
        newPassword: 'new-one8',
        confirmPassword: 'new-one8',
      }),
    ).toEqual({});
  });

  it("files the API's refusals under the field they are about", () => {
    expect(passwordErrorField('WRONG_PASSWORD', 'currentPassword')).toBe('currentPassword');
    expect(passwordErrorField('WRONG_PASSWORD', undefined)).toBe('currentPassword');
    expect(passwordErrorField('PASSWORD_TOO_COMMON', undefined)).toBe('newPassword');
    expect(passwordErrorField('LAST_ADMIN', undefined)).toBeNull();
  });
});

describe('ChangePasswordCard', () => {
  resetAfterEach();

  function fillPasswords(current: string, next: string, confirm = next) {
    fireEvent.change(password('Current Password'), { target: { value: current } });
    fireEvent.change(password('New Password'), { target: { value: next } });
    fireEvent.change(password('Confirm New Password'), { target: { value: confirm } });
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
  }

  it('has the card, three labelled password fields and the button', () => {
    render(<ChangePasswordCard shell={shellMocks()} />);
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeTruthy();
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) {
      expect(password(label).type).toBe('password');
    }
  });

  it('shows the mismatch under the confirmation and sends nothing', () => {
    const fetch = routeFetch({});
    render(<ChangePasswordCard shell={shellMocks()} />);
    fillPasswords('old-secret', 'new-secret-1', 'new-secret-2');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(password('Confirm New Password').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('changes the password, empties the fields and says the other sessions were signed out', async () => {
    const fetch = routeFetch({ 'PUT /api/users/me/password': new Response(null, { status: 204 }) });
    const shell = shellMocks();
    render(<ChangePasswordCard shell={shell} />);
    fillPasswords('old-secret', 'new-secret-1');
    await toasted(shell.toast, { title: 'Success', description: PASSWORD_CHANGED });
    expect(PASSWORD_CHANGED).toBe('Password changed. Your other sessions were signed out.');
    expect(password('Current Password').value).toBe('');
    expect(await fetch.mock.calls[0]?.[0].json()).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'new-secret-1',
    });
  });

  it("shows a wrong current password under that field, with the server's message", async () => {
    refuseWrongPassword('PUT /api/users/me/password', 'currentPassword');
    const shell = shellMocks();
    render(<ChangePasswordCard shell={shell} />);
    fillPasswords('not-it', 'new-secret-1');
    expect(await screen.findByText(WRONG_PASSWORD)).toBeTruthy();
    expect(password('Current Password').getAttribute('aria-invalid')).toBe('true');
    expect(shell.toast).not.toHaveBeenCalled();
  });
});

describe('PreferencesTab: download my data and delete the account', () => {
  resetAfterEach();

  /** Opens 'Delete your account?' from a PreferencesTab on `shell`. */
  async function openDeleteDialog(shell = shellMocks()) {
    render(<PreferencesTab shell={shell} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    return screen.findByRole('alertdialog', { name: 'Delete your account?' });
  }

  /** Types the password into the dialog and presses 'Delete my account'. */
  function confirmWith(dialog: HTMLElement, value: string) {
    fireEvent.change(within(dialog).getByLabelText('Current Password'), { target: { value } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
  }

  it('downloads the export as buildbid-data.json through a Blob link', async () => {
    const body = { exportedAt: '2026-11-25T12:00:00.000Z', profile: makeUser(), projects: [] };
    routeFetch({ 'GET /api/users/me/export': jsonResponse(200, body) });
    const saved: { blob: Blob | null; name: string | null } = { blob: null, name: null };
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.blob = blob;
      return 'blob:export';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.name = this.download;
    });
    render(<PreferencesTab shell={shellMocks()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved.name).toBe('buildbid-data.json'));
    expect(JSON.parse(await (saved.blob as Blob).text())).toEqual(body);
  });

  it('says what goes and what stays, and deletes with the password, then signs out to the home page', async () => {
    const fetch = routeFetch({ 'POST /api/users/me/delete': new Response(null, { status: 204 }) });
    const shell = shellMocks();
    const dialog = await openDeleteDialog(shell);
    for (const goes of [
      'your profile',
      'your projects without an accepted bid, and their files',
      'your saved searches and notifications',
      'your Pro subscription is cancelled',
    ]) {
      expect(within(dialog).getByText(goes)).toBeTruthy();
    }
    expect(dialog.textContent).toContain('Your bids, messages and reviews stay');
    expect(dialog.textContent).toContain("'Deleted user'");
    confirmWith(dialog, 'my-secret');
    await waitFor(() => expect(shell.navigate).toHaveBeenCalledWith('/'));
    expect(shell.refreshUser).toHaveBeenCalled();
    expect(await fetch.mock.calls[0]?.[0].json()).toEqual({ password: 'my-secret' });
  });

  it('keeps the dialog open with a wrong password under the field', async () => {
    refuseWrongPassword('POST /api/users/me/delete', 'password');
    const shell = shellMocks();
    const dialog = await openDeleteDialog(shell);
    confirmWith(dialog, 'not-it');
    expect(await within(dialog).findByText(WRONG_PASSWORD)).toBeTruthy();
    expect(shell.navigate).not.toHaveBeenCalled();
    expect(shell.refreshUser).not.toHaveBeenCalled();
  });

  it("shows the last admin's refusal in the dialog", async () => {
    const message = 'You are the last admin. Make someone else an admin first.';
    routeFetch({ 'POST /api/users/me/delete': jsonResponse(409, { message, code: 'LAST_ADMIN' }) });
    const dialog = await openDeleteDialog();
    confirmWith(dialog, 'secret');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
  });
});
