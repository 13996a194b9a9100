// @vitest-environment jsdom

import { jsonResponse, makeUser, mockFetch } from '@buildbid/test-kit/helpers';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authAtom } from '../auth.ts';
import { checkPasswords } from '../components/AuthForm.tsx';
import { locationAtom } from '../router.ts';
import { shellStore } from '../store.ts';
import { alertText, fill, press, startSignedOutAt } from './account-pages.testing.ts';
import { RegisterPage } from './Register.tsx';

function fillRequired(password: string, confirm: string) {
  fill('Email address', 'new@example.com');
  fill('Password', password);
  fill('Confirm Password', confirm);
}

describe('checkPasswords', () => {
  it('reports the mismatch first, then the length', () => {
    expect(checkPasswords('abc', 'abd')).toBe('Passwords do not match');
    expect(checkPasswords('abc', 'abc')).toBe('Password must be at least 8 characters');
    expect(checkPasswords('abcdefg', 'abcdefg')).toBe('Password must be at least 8 characters');
    expect(checkPasswords('abcdefgh', 'abcdefgh')).toBeNull();
    expect(checkPasswords('x'.repeat(64), 'x'.repeat(64))).toBeNull();
    expect(checkPasswords('        ', '        ')).toBe('Password cannot be only spaces');
  });
});

describe('RegisterPage', () => {
  startSignedOutAt('/register');

  it('has the titles, the fields and the defaults', () => {
    render(<RegisterPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
    expect(screen.getByText('Join as a client, contractor, or vendor')).toBeTruthy();
    for (const label of ['First Name', 'Last Name', 'Email address', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByLabelText('Password').getAttribute('placeholder')).toBe('Minimum 8 characters');
    expect(screen.getByRole('button', { name: /Account Type/ }).textContent).toContain(
      'Client - Post Projects',
    );
    expect(screen.getByRole('button', { name: /Country/ }).textContent).toContain('(US)');
  });

  it('checks the passwords in order without calling the server', () => {
    const fetch = mockFetch();
    render(<RegisterPage />);
    fillRequired('abc', 'abd');
    press('Create Account');
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');

    fill('Confirm Password', 'abc');
    press('Create Account');
    expect(screen.getByRole('alert').textContent).toBe('Password must be at least 8 characters');
    fillRequired('secret1', 'secret1');
    press('Create Account');
    expect(screen.getByRole('alert').textContent).toBe('Password must be at least 8 characters');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('limits the fields to what the server takes, and clears a stale alert when the form changes', () => {
    mockFetch();
    render(<RegisterPage />);
    expect(screen.getByLabelText('First Name').getAttribute('maxlength')).toBe('100');
    expect(screen.getByLabelText('Last Name').getAttribute('maxlength')).toBe('100');
    expect(screen.getByLabelText('Email address').getAttribute('maxlength')).toBe('254');
    expect(screen.getByLabelText('Password').getAttribute('maxlength')).toBe('256');
    fillRequired('abc', 'abd');
    press('Create Account');
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');
    fill('Confirm Password', 'abc');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's message, else 'Registration failed'", async () => {
    const fetch = mockFetch();
    fetch.mockResolvedValueOnce(
      jsonResponse(409, { message: 'An account with this email already exists', code: 'EMAIL_TAKEN' }),
    );
    render(<RegisterPage />);
    fillRequired('secret12', 'secret12');
    press('Create Account');
    expect(await alertText()).toBe('An account with this email already exists');

    fetch.mockResolvedValueOnce(new Response('', { status: 500 }));
    press('Create Account');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Registration failed'));
  });

  it('registers, signs in with the same credentials and ends at /', async () => {
    const fetch = mockFetch();
    const user = makeUser({ email: 'new@example.com' });
    fetch.mockResolvedValueOnce(jsonResponse(201, user)).mockResolvedValueOnce(jsonResponse(200, user));
    render(<RegisterPage />);
    fill('First Name', 'Ann');
    fillRequired('secret12', 'secret12');
    press('Create Account');
    await waitFor(() => expect(shellStore.get(authAtom)).toEqual({ status: 'signed-in', user }));
    const [register, signin] = fetch.mock.calls.map(([request]) => request);
    expect(new URL(register?.url ?? '').pathname).toBe('/api/auth/register');
    expect(await register?.clone().json()).toEqual({
      email: 'new@example.com',
      password: 'secret12',
      firstName: 'Ann',
      role: 'client',
      country: 'US',
    });
    expect(new URL(signin?.url ?? '').pathname).toBe('/api/auth/signin');
    expect(await signin?.clone().json()).toEqual({ email: 'new@example.com', password: 'secret12' });
    // /dashboard, which the shell then replaces with '/'.
    expect(shellStore.get(locationAtom).path).toBe('/dashboard');
  });
});
