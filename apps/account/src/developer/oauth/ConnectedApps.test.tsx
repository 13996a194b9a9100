// @vitest-environment jsdom
import { jsonResponse, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetAfterEach, shellMocks, toasted } from '../../testing.ts';
import type { ConnectedApp } from './api.ts';
import { ConnectedAppsSection } from './ConnectedApps.tsx';

const CLIENT_ID = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function connected(overrides: Partial<ConnectedApp> = {}): ConnectedApp {
  return {
    clientId: CLIENT_ID,
    name: 'Site Diary',
    homepageUrl: 'https://sitediary.example/about',
    logoUrl: null,
    scopes: [
      { scope: 'projects:read', description: 'See projects, their questions, addenda and files' },
      {
        scope: 'offline_access',
        description: 'Keep this access while you are away, until you disconnect the app',
      },
    ],
    grantedAt: '2027-03-02T09:30:00.000Z',
    ...overrides,
  };
}

function setup() {
  const shell = shellMocks();
  render(<ConnectedAppsSection shell={shell} />);
  return shell;
}

describe('the connected apps', () => {
  resetAfterEach();

  it('shows each app with what it may do in words, since when, its homepage, and Disconnect', async () => {
    routeFetch({
      'GET /api/connected-apps': [connected(), connected({ clientId: 'b', name: 'Estimator', scopes: [] })],
    });
    setup();
    const list = await screen.findByRole('list', { name: 'Your connected apps' });
    const diary = within(list).getByRole('listitem', { name: 'Site Diary' });
    const may = within(diary).getByRole('list', { name: 'What Site Diary may do' });
    expect(
      within(may)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'See projects, their questions, addenda and files (projects:read)',
      'Keep this access while you are away, until you disconnect the app (offline_access)',
    ]);
    expect(diary.textContent).toContain('Connected Mar 2, 2027');
    const homepage = within(diary).getByRole('link', { name: 'sitediary.example' });
    expect(homepage.getAttribute('href')).toBe('https://sitediary.example/about');
    expect(within(diary).getByRole('button', { name: 'Disconnect Site Diary' })).toBeTruthy();
    expect(within(list).getByRole('listitem', { name: 'Estimator' })).toBeTruthy();
  });

  it("says 'No connected apps' when there are none, and offers Try again when the list does not load", async () => {
    const fetch = routeFetch({
      'GET /api/connected-apps': jsonResponse(500, { message: 'Database down', code: 'INTERNAL' }),
    });
    setup();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database down');
    fetch.mockImplementation(async () => jsonResponse(200, []));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No connected apps' })).toBeTruthy();
  });
});

describe('disconnecting an app', () => {
  resetAfterEach();

  it("asks 'Disconnect app?', disconnects on 'Disconnect', and the app leaves the list", async () => {
    const fetch = routeFetch({
      'GET /api/connected-apps': [connected()],
      [`DELETE /api/connected-apps/${CLIENT_ID}`]: new Response(null, { status: 204 }),
    });
    const shell = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Site Diary' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Disconnect app?' });
    expect(confirm.textContent).toContain('“Site Diary” loses access to your account at once.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disconnect' }));
    await toasted(shell.toast, { title: 'App disconnected' });
    expect(requestsOf(fetch)).toContain(`DELETE /api/connected-apps/${CLIENT_ID}`);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('listitem', { name: 'Site Diary' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'No connected apps' })).toBeTruthy();
    // The row is gone: focus rests on the card's introduction.
    expect(document.activeElement?.textContent).toContain('Apps you allowed to use your BuildBid account.');
  });

  it('keeps the app on Cancel, and toasts a 404 (no longer connected) while the row stays', async () => {
    const fetch = routeFetch({
      'GET /api/connected-apps': [connected()],
      [`DELETE /api/connected-apps/${CLIENT_ID}`]: jsonResponse(404, {
        code: 'CONNECTION_NOT_FOUND',
        message: 'This app is not connected to your account',
      }),
    });
    const shell = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Site Diary' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(requestsOf(fetch)).toEqual(['GET /api/connected-apps']);

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Site Diary' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }));
    await toasted(shell.toast, {
      title: 'Error',
      description: 'This app is not connected to your account',
      variant: 'destructive',
    });
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('listitem', { name: 'Site Diary' })).toBeTruthy();
  });
});
