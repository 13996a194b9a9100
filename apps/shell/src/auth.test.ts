// @vitest-environment jsdom
import { jsonResponse, makeUser, mockFetch } from '@buildbid/test-kit/helpers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authAtom, SIGN_OUT_FAILED, sessionEnded, signOut } from './auth.ts';
import { shellStore } from './store.ts';

describe('signOut', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps the user signed in on screen when the server cannot be reached, retries once, then says so', async () => {
    const user = makeUser();
    shellStore.set(authAtom, { status: 'signed-in', user });
    window.history.replaceState(null, '', '/profile');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetch = mockFetch();
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const notify = vi.fn();
    expect(await signOut(notify, 0)).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(notify).toHaveBeenCalledWith(SIGN_OUT_FAILED);
    expect(SIGN_OUT_FAILED.description).toBe(
      "You are still signed in: we couldn't reach the server. Please try again.",
    );
    expect(shellStore.get(authAtom)).toEqual({ status: 'signed-in', user });
    expect(window.location.pathname).toBe('/profile');

    // Trying again once the server answers signs the user out.
    fetch.mockReset();
    fetch.mockResolvedValue(new Response(null, { status: 204 }));
    expect(await signOut(notify, 0)).toBe(true);
    expect(shellStore.get(authAtom)).toEqual({ status: 'signed-out' });
    expect(window.location.pathname).toBe('/');
  });

  it('a failed first attempt that succeeds on the retry signs the user out without a warning', async () => {
    shellStore.set(authAtom, { status: 'signed-in', user: makeUser() });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetch = mockFetch();
    fetch
      .mockResolvedValueOnce(jsonResponse(503, { message: 'Service Unavailable', code: 'UNAVAILABLE' }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    const notify = vi.fn();
    expect(await signOut(notify, 0)).toBe(true);
    expect(notify).not.toHaveBeenCalled();
    expect(shellStore.get(authAtom)).toEqual({ status: 'signed-out' });
  });
});

describe('sessionEnded (the socket closed with 4401; decision 0223)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the user signed out on '/' when the session is gone", async () => {
    shellStore.set(authAtom, { status: 'signed-in', user: makeUser() });
    window.history.replaceState(null, '', '/my-bids');
    mockFetch().mockResolvedValue(jsonResponse(200, { user: null }));
    await sessionEnded();
    expect(shellStore.get(authAtom)).toEqual({ status: 'signed-out' });
    expect(window.location.pathname).toBe('/');
  });

  it('changes nothing while the session stands, or when the check fails', async () => {
    const user = makeUser();
    shellStore.set(authAtom, { status: 'signed-in', user });
    window.history.replaceState(null, '', '/my-bids');
    const fetch = mockFetch();
    fetch.mockResolvedValue(jsonResponse(200, { user }));
    await sessionEnded();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await sessionEnded();
    expect(shellStore.get(authAtom)).toEqual({ status: 'signed-in', user });
    expect(window.location.pathname).toBe('/my-bids');
  });
});
