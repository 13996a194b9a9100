// @vitest-environment jsdom

import { jsonResponse, makeUser, mockFetch } from '@buildbid/test-kit/helpers';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authAtom } from '../auth.ts';
import { locationAtom } from '../router.ts';
import { shellStore } from '../store.ts';
import { SignInPage } from './SignIn.tsx';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('SignInPage', () => {
  beforeEach(() => {
    window.scrollTo = () => {}; // jsdom has no layout
    window.history.replaceState(null, '', '/signin');
    shellStore.set(authAtom, { status: 'signed-out' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

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
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Please enter your email and password');
    expect(document.activeElement).toBe(alert);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's message in the alert and enables the button again", async () => {
    const fetch = mockFetch();
    fetch.mockResolvedValueOnce(
      jsonResponse(401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }),
    );
    render(<SignInPage />);
    fill('Email', 'ann@example.com');
    fill('Password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign in' }).getAttribute('aria-disabled')).toBeNull();
    const request = fetch.mock.calls[0]?.[0];
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '').pathname).toBe('/api/auth/signin');
    expect(request?.credentials).toBe('include');
  });

  it('falls back to a fixed message when the answer has none', async () => {
    mockFetch().mockResolvedValueOnce(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    render(<SignInPage />);
    fill('Email', 'ann@example.com');
    fill('Password', 'secret12');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Invalid email or password');
  });

  it("stores the user and goes to '/' on success", async () => {
    const user = makeUser();
    mockFetch().mockResolvedValueOnce(jsonResponse(200, user));
    render(<SignInPage />);
    fill('Email', 'ann@example.com');
    fill('Password', 'secret12');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(shellStore.get(locationAtom).path).toBe('/'));
    expect(shellStore.get(authAtom)).toEqual({ status: 'signed-in', user });
  });
});
