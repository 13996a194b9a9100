// @vitest-environment jsdom

import { jsonResponse, mockFetch } from '@buildbid/test-kit/helpers';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alertText, expectRefusedLocally, fill, press, startSignedOutAt } from './account-pages.testing.ts';
import { ForgotPasswordPage } from './ForgotPassword.tsx';

const SENT =
  'If an account exists for that email, we have sent a link to reset its password. The link works for one hour.';

describe('ForgotPasswordPage', () => {
  startSignedOutAt('/forgot-password');

  it('has the heading, a labelled email field and the button', () => {
    render(<ForgotPasswordPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
  });

  it('asks for the email before calling the server', () => {
    const fetch = mockFetch();
    render(<ForgotPasswordPage />);
    press('Send reset link');
    expectRefusedLocally('Please enter your email', fetch);
  });

  it("sends the email and shows the server's message in place of the form", async () => {
    const fetch = mockFetch();
    fetch.mockResolvedValueOnce(jsonResponse(202, { message: SENT }));
    render(<ForgotPasswordPage />);
    fill('Email', ' ann@example.com ');
    press('Send reset link');
    const status = await screen.findByText(SENT);
    expect(status.getAttribute('role')).toBe('status');
    // Focus moves in an effect after the notice renders: wait for it (it fails if focus never arrives).
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(screen.queryByLabelText('Email')).toBeNull();
    const request = fetch.mock.calls[0]?.[0];
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '').pathname).toBe('/api/auth/forgot-password');
    expect(await request?.json()).toEqual({ email: 'ann@example.com' });
  });

  it("shows the server's refusal and keeps the form", async () => {
    mockFetch().mockResolvedValueOnce(
      jsonResponse(429, { message: 'Too many requests. Try again in a minute.', code: 'RATE_LIMITED' }),
    );
    render(<ForgotPasswordPage />);
    fill('Email', 'ann@example.com');
    press('Send reset link');
    expect(await alertText()).toBe('Too many requests. Try again in a minute.');
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });
});
