/**
 * What the account pages' suites share (sign in, register, forgot and reset password, verify email): a
 * signed-out visitor at the page's address before each case, a clean page and fetch after it, and the
 * steps of filling in a form.
 */
import type { mockFetch } from '@buildbid/test-kit/helpers';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { authAtom } from '../auth.ts';
import { shellStore } from '../store.ts';

/** Registers the suite's hooks: each case starts signed out at `path`. */
export function startSignedOutAt(path: string) {
  beforeEach(() => {
    window.scrollTo = () => {}; // jsdom has no layout
    window.history.replaceState(null, '', path);
    shellStore.set(authAtom, { status: 'signed-out' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

export function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

export function press(button: string) {
  fireEvent.click(screen.getByRole('button', { name: button }));
}

/** The text of the alert, once it appears. */
export async function alertText(): Promise<string | null> {
  return (await screen.findByRole('alert')).textContent;
}

/** The client's own check refused the form: its alert says `text` and has focus, and no request went out. */
export function expectRefusedLocally(text: string, fetch: ReturnType<typeof mockFetch>) {
  const alert = screen.getByRole('alert');
  expect(alert.textContent).toBe(text);
  expect(document.activeElement).toBe(alert);
  expect(fetch).not.toHaveBeenCalled();
}
