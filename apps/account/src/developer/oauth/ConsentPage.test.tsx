// @vitest-environment jsdom
import { jsonResponse, makeUser, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import App from '../../App.tsx';
import { resetAfterEach, shellMocks, toasted } from '../../testing.ts';
import type { ConsentDetails } from './api.ts';
import { ConsentPage, REQUEST_ENDED_TEXT, REQUEST_ENDED_TITLE } from './ConsentPage.tsx';

const UID = 'Yq3v-x_9';
const DETAILS = `/oauth/consent/${UID}/details`;
const RESUME = `http://localhost:3000/oauth/auth/${UID}`;

function details(overrides: Partial<ConsentDetails> = {}): ConsentDetails {
  return {
    uid: UID,
    app: {
      clientId: '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      name: 'Site Diary',
      homepageUrl: 'https://sitediary.example',
      logoUrl: 'https://sitediary.example/logo.png',
    },
    scopes: [
      { scope: 'projects:read', description: 'See projects, their questions, addenda and files' },
      { scope: 'bids:read', description: 'See your bids and the bids on your projects' },
      {
        scope: 'offline_access',
        description: 'Keep this access while you are away, until you disconnect the app',
      },
    ],
    redirectUri: 'https://app.sitediary.example/oauth/callback',
    loginRequired: false,
    ...overrides,
  };
}

function setup() {
  const shell = shellMocks();
  const goTo = vi.fn();
  render(<ConsentPage path={`/oauth/consent/${UID}`} user={makeUser()} goTo={goTo} {...shell} />);
  return { ...shell, goTo };
}

const page = () => screen.findByRole('region', { name: 'Authorize Site Diary' });

describe('the consent page', () => {
  resetAfterEach();

  it('is the account remote’s page for /oauth/consent/{uid}', async () => {
    routeFetch({ [`GET ${DETAILS}`]: details() });
    render(<App path={`/oauth/consent/${UID}`} search="" user={makeUser()} country="" {...shellMocks()} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Authorize Site Diary' })).toBeTruthy();
  });

  it('shows the app, who is signed in, the scopes in words, all ticked, and where the browser goes back to', async () => {
    routeFetch({ [`GET ${DETAILS}`]: details() });
    setup();
    const region = await page();
    const logo = region.querySelector('img');
    expect(logo?.getAttribute('src')).toBe('https://sitediary.example/logo.png');
    expect(logo?.getAttribute('alt')).toBe('');
    expect(logo?.getAttribute('referrerpolicy')).toBe('no-referrer');
    const homepage = within(region).getByRole('link', { name: 'sitediary.example' });
    expect(homepage.getAttribute('href')).toBe('https://sitediary.example');
    expect(region.textContent).toContain('Site Diary wants to use your BuildBid account.');
    expect(region.textContent).toContain('You are signed in as Ann Rolle (ann@example.com).');

    const scopes = within(region).getByRole('group', { name: 'It asks to' });
    const boxes = within(scopes).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual([
      'See projects, their questions, addenda and filesprojects:read',
      'See your bids and the bids on your projectsbids:read',
      'Keep this access while you are away, until you disconnect the appoffline_access',
    ]);
    expect(boxes.every((b) => b.checked)).toBe(true);
    expect(region.textContent).toContain('you go back to app.sitediary.example.');
    expect(within(region).getByRole('link', { name: 'Developer page' }).getAttribute('href')).toBe(
      '/developer',
    );
  });

  it('leaves the logo out when it does not load', async () => {
    routeFetch({ [`GET ${DETAILS}`]: details() });
    setup();
    const region = await page();
    fireEvent.error(region.querySelector('img') as HTMLImageElement);
    expect(region.querySelector('img')).toBeNull();
  });

  it('allows the scopes left ticked, then sends the browser where the API says', async () => {
    const sent: { body?: unknown } = {};
    const fetch = routeFetch({
      [`GET ${DETAILS}`]: details(),
      [`POST /oauth/consent/${UID}/allow`]: async (request: Request) => {
        sent.body = await request.json();
        return jsonResponse(200, { redirectTo: RESUME });
      },
    });
    const { goTo } = setup();
    const region = await page();
    fireEvent.click(within(region).getByRole('checkbox', { name: /bids:read/ }));
    fireEvent.click(within(region).getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(RESUME));
    expect(sent.body).toEqual({ scopes: ['projects:read', 'offline_access'] });
    expect(requestsOf(fetch)).toEqual([`GET ${DETAILS}`, `POST /oauth/consent/${UID}/allow`]);
    // Busy until the browser has left.
    expect(within(region).getByRole('button', { name: 'Allowing...' })).toHaveProperty('disabled', true);
    expect(within(region).getByRole('button', { name: 'Deny' })).toHaveProperty('disabled', true);
  });

  it('denies, then sends the browser where the API says', async () => {
    const denied = `${RESUME}?denied`;
    routeFetch({
      [`GET ${DETAILS}`]: details(),
      [`POST /oauth/consent/${UID}/deny`]: jsonResponse(200, { redirectTo: denied }),
    });
    const { goTo } = setup();
    fireEvent.click(within(await page()).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(denied));
  });

  it('shows the refusal of too few scopes under the checkboxes, and the buttons work again', async () => {
    const message = 'Allow at least one kind of access, or deny';
    routeFetch({
      [`GET ${DETAILS}`]: details(),
      [`POST /oauth/consent/${UID}/allow`]: jsonResponse(400, {
        code: 'CONSENT_SCOPES_REQUIRED',
        message,
        field: 'scopes',
      }),
    });
    const { goTo, toast } = setup();
    const region = await page();
    for (const name of [/projects:read/, /bids:read/]) {
      fireEvent.click(within(region).getByRole('checkbox', { name }));
    }
    fireEvent.click(within(region).getByRole('button', { name: 'Allow' }));
    const scopes = within(region).getByRole('group', { name: 'It asks to' });
    expect(await within(scopes).findByText(message)).toBeTruthy();
    expect(goTo).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    expect(within(region).getByRole('button', { name: 'Allow' })).toHaveProperty('disabled', false);
  });

  it('says the request has expired when the API no longer knows it, on load or on answering', async () => {
    const gone = { code: 'INTERACTION_NOT_FOUND', message: REQUEST_ENDED_TEXT };
    routeFetch({ [`GET ${DETAILS}`]: jsonResponse(404, gone) });
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: REQUEST_ENDED_TITLE })).toBeTruthy();
    expect(screen.getByText(REQUEST_ENDED_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/');
    cleanup();

    routeFetch({
      [`GET ${DETAILS}`]: details(),
      [`POST /oauth/consent/${UID}/allow`]: jsonResponse(404, gone),
    });
    const { goTo } = setup();
    fireEvent.click(within(await page()).getByRole('button', { name: 'Allow' }));
    expect(await screen.findByRole('heading', { level: 1, name: REQUEST_ENDED_TITLE })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
    expect(goTo).not.toHaveBeenCalled();
  });

  it("says 'Unauthorized' and goes to sign in when the session has ended", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    routeFetch({
      [`GET ${DETAILS}`]: jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'You are not signed in' }),
    });
    const { toast, navigate } = setup();
    await toasted(toast, {
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(navigate).toHaveBeenCalledWith('/api/login');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('offers Try again when the request does not load for another reason', async () => {
    const fetch = routeFetch({
      [`GET ${DETAILS}`]: jsonResponse(503, {
        code: 'DATABASE_UNAVAILABLE',
        message: 'The database is not available right now. Please try again shortly.',
      }),
    });
    setup();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Could not load the request' })).toBeTruthy();
    fetch.mockImplementation(async () => jsonResponse(200, details()));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await page()).toBeTruthy();
  });
});
