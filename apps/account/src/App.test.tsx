// @vitest-environment jsdom
import type { RemoteProps } from '@buildbid/api-client';
import { makeUser, routeFetch } from '@buildbid/test-kit/helpers';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from './App.tsx';

describe('returning from the payment provider', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows 'You are now subscribed to the Pro plan!', refetches the user and cleans the address", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    routeFetch({ 'GET /api/users/me/projects': [] });
    const props: RemoteProps = {
      path: '/',
      search: '?subscription=success',
      user: makeUser(),
      country: 'BS',
      navigate: vi.fn(),
      refreshUser: vi.fn(async () => {}),
      toast: vi.fn(),
    };
    render(<App {...props} />);
    await waitFor(() =>
      expect(props.toast).toHaveBeenCalledWith({
        title: 'Payment Successful',
        description: 'You are now subscribed to the Pro plan!',
      }),
    );
    expect(props.refreshUser).toHaveBeenCalled();
    expect(props.navigate).toHaveBeenCalledWith('/', { replace: true });
  });
});
