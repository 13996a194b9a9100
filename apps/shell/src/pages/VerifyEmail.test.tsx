// @vitest-environment jsdom

import { jsonResponse, makeUser, routeFetch } from '@buildbid/test-kit/helpers';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authAtom } from '../auth.ts';
import { shellStore } from '../store.ts';
import { alertText, startSignedOutAt } from './account-pages.testing.ts';
import { VerifyEmailPage } from './VerifyEmail.tsx';

describe('VerifyEmailPage', () => {
  startSignedOutAt('/verify-email');

  it('verifies on opening and offers the dashboard', async () => {
    const fetch = routeFetch({ 'POST /api/auth/verify-email': { email: 'ann@example.com' } });
    render(<VerifyEmailPage search="?token=verify-1" />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    const done = await screen.findByText('Your email is verified');
    // Focus moves in an effect after the notice renders: wait for it (it fails if focus never arrives).
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await fetch.mock.calls[0]?.[0].json()).toEqual({ token: 'verify-1' });
  });

  it('reads a signed-in user again, so the shell knows the email is verified', async () => {
    const before = makeUser({ emailVerified: false });
    const after = makeUser({ emailVerified: true });
    shellStore.set(authAtom, { status: 'signed-in', user: before });
    routeFetch({
      'POST /api/auth/verify-email': { email: before.email },
      'GET /api/auth/session': jsonResponse(200, { user: after }),
    });
    render(<VerifyEmailPage search="?token=verify-2" />);
    await screen.findByText('Your email is verified');
    expect(shellStore.get(authAtom)).toEqual({ status: 'signed-in', user: after });
  });

  it("shows the server's message for a bad link", async () => {
    const message = 'This verification link is invalid or has expired.';
    routeFetch({
      'POST /api/auth/verify-email': jsonResponse(400, { message, code: 'INVALID_VERIFICATION_TOKEN' }),
    });
    render(<VerifyEmailPage search="?token=verify-3" />);
    expect(await alertText()).toBe(message);
    expect(screen.queryByText('Your email is verified')).toBeNull();
  });
});
