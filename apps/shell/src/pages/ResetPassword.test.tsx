// @vitest-environment jsdom

import { jsonResponse, makeUser, mockFetch } from '@buildbid/test-kit/helpers';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authAtom } from '../auth.ts';
import { locationAtom } from '../router.ts';
import { shellStore } from '../store.ts';
import { fill, press, startSignedOutAt } from './account-pages.testing.ts';
import { ResetPasswordPage } from './ResetPassword.tsx';

function submit(password: string, confirm = password) {
  fill('New Password', password);
  fill('Confirm Password', confirm);
  press('Reset password');
}

describe('ResetPasswordPage', () => {
  startSignedOutAt('/reset-password?token=tok-123');

  it('has the heading and two labelled password fields', () => {
    render(<ResetPasswordPage search="?token=tok-123" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();
    expect(screen.getByLabelText('New Password').getAttribute('type')).toBe('password');
    expect(screen.getByLabelText('Confirm Password').getAttribute('type')).toBe('password');
    expect(screen.getByLabelText('New Password').getAttribute('placeholder')).toBe('Minimum 8 characters');
    expect(document.activeElement).toBe(screen.getByLabelText('New Password'));
  });

  it("checks the register page's rules without calling the server", () => {
    const fetch = mockFetch();
    render(<ResetPasswordPage search="?token=tok-123" />);
    submit('new-secret-1', 'new-secret-2');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Passwords do not match');
    expect(document.activeElement).toBe(alert);
    submit('abcdefg');
    expect(screen.getByRole('alert').textContent).toBe('Password must be at least 8 characters');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the token and the password, signs in with the answer and goes to the dashboard', async () => {
    const user = makeUser();
    const fetch = mockFetch();
    fetch.mockResolvedValueOnce(jsonResponse(200, user));
    render(<ResetPasswordPage search="?token=tok-123" />);
    submit('new-secret-1');
    await waitFor(() => expect(shellStore.get(locationAtom).path).toBe('/dashboard'));
    expect(shellStore.get(authAtom)).toEqual({ status: 'signed-in', user });
    const request = fetch.mock.calls[0]?.[0];
    expect(new URL(request?.url ?? '').pathname).toBe('/api/auth/reset-password');
    expect(await request?.json()).toEqual({ token: 'tok-123', password: 'new-secret-1' });
  });

  it("shows a used or expired link's message once, with a way to ask for a new one", async () => {
    const message = 'This reset link is invalid or has expired. Ask for a new one.';
    mockFetch().mockResolvedValueOnce(jsonResponse(400, { message, code: 'INVALID_RESET_TOKEN' }));
    render(<ResetPasswordPage search="?token=used" />);
    submit('new-secret-1');
    const alert = await screen.findByRole('alert');
    // Said once: the API's 'Ask for a new one.' is not repeated before the 'Ask for a new link' link.
    expect(alert.textContent).toBe('This reset link is invalid or has expired. Ask for a new link');
    expect(alert.textContent?.match(/Ask for a new/g)).toHaveLength(1);
    expect(within(alert).getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(shellStore.get(authAtom)).toEqual({ status: 'signed-out' });
  });

  it("shows a password rule's message without sending the person for a new link", async () => {
    const message = 'This password is too common. Choose one that is harder to guess.';
    mockFetch().mockResolvedValueOnce(
      jsonResponse(400, { message, code: 'PASSWORD_TOO_COMMON', field: 'password' }),
    );
    render(<ResetPasswordPage search="?token=tok-123" />);
    submit('password1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(within(alert).queryByRole('link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reset password' }).getAttribute('aria-disabled')).toBeNull();
  });
});
