// @vitest-environment jsdom
import { makeUser } from '@buildbid/test-kit/helpers';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isUpdateDisabled, SwitchRolePage } from './SwitchRole.tsx';
import { resetAfterEach, shellMocks, toasted } from './testing.ts';

const user = makeUser({
  id: '00000000-0000-4000-8000-000000000002',
  email: 'bo@example.com',
  firstName: 'Bo',
  lastName: null,
  name: 'Bo',
  role: 'contractor',
});

function setup(search = '') {
  const props = { path: '/switch-role', search, user, country: 'BS', ...shellMocks() };
  render(<SwitchRolePage {...props} user={user} />);
  return props;
}

const updateButton = () => screen.getByRole('button', { name: 'Update Role' });

describe('isUpdateDisabled', () => {
  it('is disabled for the current role or while a request is pending', () => {
    expect(isUpdateDisabled('contractor', 'contractor', false)).toBe(true);
    expect(isUpdateDisabled('client', 'contractor', true)).toBe(true);
    expect(isUpdateDisabled('client', 'contractor', false)).toBe(false);
  });
});

describe('SwitchRolePage', () => {
  resetAfterEach();

  it('starts on the current role with the button disabled', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Change Account Role' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Role Permissions' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Contractor/ }) as HTMLInputElement).checked).toBe(true);
    expect(updateButton().hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Vendor/ }));
    expect(updateButton().hasAttribute('disabled')).toBe(false);
  });

  it('preselects the role named in ?role=', () => {
    setup('?role=client');
    expect((screen.getByRole('radio', { name: /Client/ }) as HTMLInputElement).checked).toBe(true);
    expect(updateButton().hasAttribute('disabled')).toBe(false);
  });

  it('updates, toasts, refreshes the user and goes home after 1.5 s', async () => {
    const fetch = vi.fn(
      async (_request: Request) =>
        new Response(JSON.stringify({ ...user, role: 'vendor' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const props = setup('?role=vendor');
    fireEvent.click(updateButton());
    await waitFor(() => expect(props.refreshUser).toHaveBeenCalled());
    expect(props.toast).toHaveBeenCalledWith(
      expect.objectContaining({
        description: 'Your role has been successfully updated. Redirecting to dashboard...',
      }),
    );
    const request = fetch.mock.calls[0]?.[0];
    expect(request?.method).toBe('PATCH');
    expect(await request?.clone().json()).toEqual({ role: 'vendor' });
    expect(props.navigate).not.toHaveBeenCalled();
    await waitFor(() => expect(props.navigate).toHaveBeenCalledWith('/'), { timeout: 2500 });
  });

  it.each([
    {
      name: 'shows the failure toast and enables the button again',
      status: 500,
      body: '{"message":"nope","code":"X"}',
      toast: { description: 'Failed to update role. Please try again.', variant: 'destructive' },
      after: () => expect(updateButton().hasAttribute('disabled')).toBe(false),
    },
    {
      name: 'on 401 tells the user and goes to /api/login after 0.5 s',
      status: 401,
      body: '{"message":"Unauthorized","code":"UNAUTHENTICATED"}',
      toast: { title: 'Unauthorized', description: 'You are logged out. Logging in again...' },
      after: (props: ReturnType<typeof setup>) => expect(props.navigate).toHaveBeenCalledWith('/api/login'),
    },
  ])('$name', async ({ status, body, toast, after }) => {
    vi.stubGlobal('fetch', async () => new Response(body, { status }));
    const props = setup('?role=client');
    fireEvent.click(updateButton());
    await toasted(props.toast, expect.objectContaining(toast));
    await waitFor(() => after(props));
  });
});
