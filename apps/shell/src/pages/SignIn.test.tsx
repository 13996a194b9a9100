// @vitest-environment jsdom

import { jsonResponse, makeUser, mockFetch } from '@buildbid/test-kit/helpers';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authAtom } from '../auth.ts';
import { locationAtom } from '../router.ts';
import { shellStore } from '../store.ts';
import { alertText, expectRefusedLocally, fill, press, startSignedOutAt } from './account-pages.testing.ts';
import { SignInPage } from './SignIn.tsx';

describe('SignInPage', () => {
  startSignedOutAt('/signin');

  it('has the title, the card texts and labelled fields', () => {
    render(<SignInPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeTruthy();
    expect(screen.getByText('Welcome Back')).toBeTruthy();
    expect(screen.getByText('Enter your credentials to continue')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('asks for both fields before calling the server', () => {
    const fetch = mockFetch();
    render(<SignInPage />);
    fill('Email', 'ann@example.com');
    press('Sign in');
    expectRefusedLocally('Please enter your email and password', fetch);
  });

  it("shows the server's message in the alert and enables the button again", async () => {
    const fetch = mockFetch();
    fetch.mockResolvedValueOnce(
      jsonResponse(401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }),
    );
    render(<SignInPage />);
    fill('Email', 'ann@example.com');
    fill('Password', 'wrong-password');
    press('Sign in');
    expect(await alertText()).toBe('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign in' }).getAttribute('aria-disabled')).toBeNull();
    const request = fetch.mock.calls[0]?.[0];
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '').pathname).toBe('/api/auth/signin');
    expect(request?.credentials).toBe('include');
  });

  it("shows a suspended account the server's words with the end of the suspension (decision 0223)", async () => {
    const message = 'Your account is suspended through Dec 3, 2026. You can sign in again after that day.';
    mockFetch().mockResolvedValueOnce(jsonResponse(403, { message, code: 'ACCOUNT_SUSPENDED' }));
    render(<SignInPage />);
    fill('Email', 'ann@example.com');
    fill('Password', 'secret12');
    press('Sign in');
    expect(await alertText()).toBe(message);
  });

  it('falls back to a fixed message when the answer has none', async () => {
    mockFetch().mockResolvedValueOnce(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    render(<SignInPage />);
    fill('Email', 'ann@example.com');
    fill('Password', 'secret12');
    press('Sign in');
    expect(await alertText()).toBe('Invalid email or password');
  });

  it("stores the user and goes to '/' on success", async () => {
    const user = makeUser();
    mockFetch().mockResolvedValueOnce(jsonResponse(200, user));
    render(<SignInPage />);
    fill('Email', 'ann@example.com');
    fill('Password', 'secret12');
    press('Sign in');
    await waitFor(() => expect(shellStore.get(locationAtom).path).toBe('/'));
    expect(shellStore.get(authAtom)).toEqual({ status: 'signed-in', user });
  });
});
