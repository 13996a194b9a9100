// @vitest-environment jsdom
import { makeUser, routeFetch } from '@buildbid/test-kit/helpers';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import App from './App.tsx';
import { resetAfterEach, shellMocks, toasted } from './testing.ts';

describe('returning from the payment provider', () => {
  resetAfterEach();

  it("shows 'You are now subscribed to the Pro plan!', refetches the user and cleans the address", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    routeFetch({ 'GET /api/users/me/projects': [] });
    const props = {
      path: '/',
      search: '?subscription=success',
      user: makeUser(),
      country: 'BS',
      ...shellMocks(),
    };
    render(<App {...props} />);
    await toasted(props.toast, {
      title: 'Payment Successful',
      description: 'You are now subscribed to the Pro plan!',
    });
    expect(props.refreshUser).toHaveBeenCalled();
    expect(props.navigate).toHaveBeenCalledWith('/', { replace: true });
  });
});
