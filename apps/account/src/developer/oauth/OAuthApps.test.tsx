// @vitest-environment jsdom
import { jsonResponse, makeUser, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resetAfterEach, shellMocks, toasted } from '../../testing.ts';
import { DeveloperPage } from '../DeveloperPage.tsx';
import { APP_NAME_REQUIRED, APP_URL_REQUIRED, REDIRECT_URIS_REQUIRED } from './AppDialogs.tsx';
import type { OAuthApp } from './api.ts';
import { OAuthAppsSection } from './OAuthApps.tsx';

const SECRET = 'bbcs_3q2-7wZxYvUtSrQpOnMlKjIhGfEdCbA9876543210';
const CLIENT_ID = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function app(overrides: Partial<OAuthApp> = {}): OAuthApp {
  return {
    id: CLIENT_ID,
    name: 'Site Diary',
    homepageUrl: 'https://sitediary.example',
    logoUrl: null,
    redirectUris: ['https://sitediary.example/oauth/callback'],
    clientType: 'confidential',
    createdAt: '2027-03-01T17:00:00.000Z',
    ...overrides,
  };
}

function setup() {
  const shell = shellMocks();
  render(<OAuthAppsSection shell={shell} />);
  return shell;
}

const registerButton = () => screen.getByRole('button', { name: 'Register app' });

async function openRegister() {
  fireEvent.click(await screen.findByRole('button', { name: 'Register app' }));
  return screen.getByRole('dialog', { name: 'Register app' });
}

function type(form: HTMLElement, name: string | RegExp, value: string) {
  fireEvent.change(within(form).getByRole('textbox', { name }), { target: { value } });
}

function submit(form: HTMLElement) {
  fireEvent.click(within(form).getByRole('button', { name: 'Register app' }));
}

describe('the Developer page with OAuth', () => {
  resetAfterEach();

  it("holds the 'OAuth apps' and 'Connected apps' cards beside the tokens", async () => {
    routeFetch({
      'GET /api/access-tokens': [],
      'GET /api/oauth-apps': [],
      'GET /api/connected-apps': [],
      'GET /api/webhooks/endpoints': [],
    });
    render(<DeveloperPage path="/developer" search="" user={makeUser()} country="" {...shellMocks()} />);
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    expect(regions.slice(0, 3)).toEqual(['access-tokens-title', 'oauth-apps-title', 'connected-apps-title']);
    expect(screen.getByRole('region', { name: 'OAuth apps' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Connected apps' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No apps yet' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No connected apps' })).toBeTruthy();
  });
});

describe('the list of my apps', () => {
  resetAfterEach();

  it('shows each app: name, kind, client ID, homepage, redirect URIs, created, and Delete', async () => {
    routeFetch({
      'GET /api/oauth-apps': [
        app({
          redirectUris: ['https://sitediary.example/oauth/callback', 'http://127.0.0.1:8123/callback'],
        }),
        app({ id: 'b', name: 'Estimator CLI', clientType: 'public' }),
      ],
    });
    setup();
    const list = await screen.findByRole('list', { name: 'Your apps' });
    const [diary, cli] = within(list).getAllByRole('listitem', { name: /Site Diary|Estimator CLI/ }) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(diary).getByText('Confidential')).toBeTruthy();
    expect(diary.textContent).toContain(`Client ID${CLIENT_ID}`);
    expect(diary.textContent).toContain('CreatedMar 1, 2027');
    const homepage = within(diary).getByRole('link', { name: 'https://sitediary.example' });
    expect(homepage.getAttribute('href')).toBe('https://sitediary.example');
    expect(homepage.getAttribute('rel')).toBe('noopener noreferrer');
    const uris = within(diary).getByRole('list', { name: 'Redirect URIs of Site Diary' });
    expect(
      within(uris)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['https://sitediary.example/oauth/callback', 'http://127.0.0.1:8123/callback']);
    expect(within(diary).getByRole('button', { name: 'Delete Site Diary' })).toBeTruthy();
    expect(within(cli).getByText('Public')).toBeTruthy();
    expect(cli.textContent).toContain('Redirect URIhttps://');
  });

  it("says 'No apps yet' when there are none, and offers Try again when the list does not load", async () => {
    const fetch = routeFetch({
      'GET /api/oauth-apps': jsonResponse(500, { message: 'Database down', code: 'INTERNAL' }),
    });
    setup();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database down');
    fetch.mockImplementation(async () => jsonResponse(200, []));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No apps yet' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your apps' })).toBeNull();
  });
});

describe('registering an app', () => {
  resetAfterEach();

  it('asks for a name, a homepage and a redirect URI before sending anything', async () => {
    const fetch = routeFetch({ 'GET /api/oauth-apps': [] });
    setup();
    const form = await openRegister();
    submit(form);
    expect(await within(form).findByText(APP_NAME_REQUIRED)).toBeTruthy();
    expect(within(form).getByText(APP_URL_REQUIRED)).toBeTruthy();
    const uris = within(form).getByRole('group', { name: /Redirect URIs/ });
    expect(within(uris).getByText(REDIRECT_URIS_REQUIRED)).toBeTruthy();
    expect(requestsOf(fetch)).toEqual(['GET /api/oauth-apps']);
  });

  it('adds and removes redirect URI lines (1 to 10), focusing the line added or the one before', async () => {
    routeFetch({ 'GET /api/oauth-apps': [] });
    setup();
    const form = await openRegister();
    const uris = within(form).getByRole('group', { name: /Redirect URIs/ });
    expect(within(uris).getAllByRole('textbox')).toHaveLength(1);
    expect(within(uris).queryByRole('button', { name: /Remove/ })).toBeNull();

    fireEvent.click(within(uris).getByRole('button', { name: 'Add redirect URI' }));
    const second = within(uris).getByRole('textbox', { name: 'Redirect URI 2' });
    await waitFor(() => expect(document.activeElement).toBe(second));
    fireEvent.click(within(uris).getByRole('button', { name: 'Remove redirect URI 2' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(uris).getByRole('textbox', { name: 'Redirect URI 1' })),
    );

    for (let i = 1; i < 10; i += 1) {
      fireEvent.click(within(uris).getByRole('button', { name: 'Add redirect URI' }));
    }
    expect(within(uris).getAllByRole('textbox')).toHaveLength(10);
    expect(within(uris).queryByRole('button', { name: 'Add redirect URI' })).toBeNull();
  });

  it('sends the app (URIs trimmed, blank lines left out), then shows a confidential app’s secret once', async () => {
    const created = app({ id: 'new', name: 'Site Diary' });
    const sent: { body?: unknown } = {};
    routeFetch({
      'GET /api/oauth-apps': [app({ id: 'old', name: 'Old app' })],
      'POST /api/oauth-apps': async (request: Request) => {
        sent.body = await request.json();
        return jsonResponse(201, { client_id: 'new', client_secret: SECRET, app: created });
      },
    });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const shell = setup();
    const form = await openRegister();
    type(form, /^Name/, ' Site Diary ');
    type(form, /^Homepage URL/, 'https://sitediary.example');
    type(form, /^Logo URL/, 'https://sitediary.example/logo.png');
    const uris = within(form).getByRole('group', { name: /Redirect URIs/ });
    type(uris, 'Redirect URI 1', ' https://sitediary.example/oauth/callback ');
    fireEvent.click(within(uris).getByRole('button', { name: 'Add redirect URI' }));
    fireEvent.click(within(uris).getByRole('button', { name: 'Add redirect URI' }));
    type(uris, 'Redirect URI 3', 'http://127.0.0.1:8123/callback');
    submit(form);

    const shown = await screen.findByRole('dialog', { name: 'Copy your client secret now' });
    expect(sent.body).toEqual({
      name: 'Site Diary',
      homepageUrl: 'https://sitediary.example',
      logoUrl: 'https://sitediary.example/logo.png',
      redirectUris: ['https://sitediary.example/oauth/callback', 'http://127.0.0.1:8123/callback'],
      clientType: 'confidential',
    });
    expect(screen.queryByRole('dialog', { name: 'Register app' })).toBeNull();
    expect(within(shown).getByText("You won't be able to see it again.")).toBeTruthy();
    expect((within(shown).getByRole('textbox', { name: 'Client ID' }) as HTMLInputElement).value).toBe('new');
    const field = within(shown).getByRole('textbox', { name: 'Client secret' }) as HTMLInputElement;
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(within(shown).getByRole('status').textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith(SECRET);

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(window.localStorage.length).toBe(0);
    expect(document.activeElement).toBe(registerButton());
    expect(shell.toast).not.toHaveBeenCalled();
    const names = within(screen.getByRole('list', { name: 'Your apps' }))
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(names).toEqual(['Site Diary', 'Old app']);
  });

  it('registers a public app without a secret: no secret dialog, a toast, focus back on Register app', async () => {
    const sent: { body?: Record<string, unknown> } = {};
    routeFetch({
      'GET /api/oauth-apps': [],
      'POST /api/oauth-apps': async (request: Request) => {
        sent.body = await request.json();
        return jsonResponse(201, {
          client_id: CLIENT_ID,
          client_secret: null,
          app: app({ clientType: 'public' }),
        });
      },
    });
    const shell = setup();
    const form = await openRegister();
    type(form, /^Name/, 'Estimator CLI');
    type(form, /^Homepage URL/, 'https://estimator.example');
    type(
      within(form).getByRole('group', { name: /Redirect URIs/ }),
      'Redirect URI 1',
      'https://e.example/cb',
    );
    fireEvent.click(within(form).getByRole('radio', { name: /^Public/ }));
    submit(form);
    await toasted(shell.toast, { title: 'App registered' });
    expect(sent.body?.clientType).toBe('public');
    expect(sent.body).not.toHaveProperty('logoUrl');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(registerButton());
    expect(screen.getByRole('listitem', { name: 'Site Diary' }).textContent).toContain('Public');
  });

  it.each([
    ['name', 'APP_NAME_TOO_LONG', 'An app name has at most 100 characters', 'textbox', /^Name/],
    ['homepageUrl', 'APP_URL_INVALID', 'Enter a full https:// address', 'textbox', /^Homepage URL/],
    ['logoUrl', 'APP_URL_INVALID', 'Enter a full https:// address', 'textbox', /^Logo URL/],
    [
      'redirectUris',
      'REDIRECT_URI_INVALID',
      "Redirect URI 'http://sitediary.example/cb' must use https:// (or http://localhost)",
      'group',
      /Redirect URIs/,
    ],
  ] as const)(
    'shows a refusal of %s under that field and keeps the dialog open',
    async (field, code, message, role, label) => {
      routeFetch({
        'GET /api/oauth-apps': [],
        'POST /api/oauth-apps': jsonResponse(400, { code, message, field }),
      });
      const shell = setup();
      const form = await openRegister();
      type(form, /^Name/, 'Site Diary');
      type(form, /^Homepage URL/, 'http://sitediary.example');
      type(within(form).getByRole('group', { name: /Redirect URIs/ }), 'Redirect URI 1', 'http://x.example');
      submit(form);
      const error = await within(form).findByText(message);
      const control = within(form).getByRole(role, { name: label });
      expect((control.closest('.field') ?? control).contains(error)).toBe(true);
      expect(within(form).getAllByText(message)).toHaveLength(1);
      expect(shell.toast).not.toHaveBeenCalled();
      expect(screen.getByRole('dialog', { name: 'Register app' })).toBeTruthy();
    },
  );

  it("toasts a refusal that names no field, and returns focus to 'Register app' on Cancel", async () => {
    routeFetch({
      'GET /api/oauth-apps': [],
      'POST /api/oauth-apps': jsonResponse(401, {
        code: 'UNAUTHENTICATED',
        message: 'You are not signed in',
      }),
    });
    const shell = setup();
    const form = await openRegister();
    type(form, /^Name/, 'Site Diary');
    type(form, /^Homepage URL/, 'https://sitediary.example');
    type(
      within(form).getByRole('group', { name: /Redirect URIs/ }),
      'Redirect URI 1',
      'https://s.example/cb',
    );
    submit(form);
    await toasted(shell.toast, {
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(registerButton());
  });
});

describe('deleting an app', () => {
  resetAfterEach();

  it("asks 'Delete app?', deletes on 'Delete', and the app leaves the list", async () => {
    const fetch = routeFetch({
      'GET /api/oauth-apps': [app()],
      [`DELETE /api/oauth-apps/${CLIENT_ID}`]: new Response(null, { status: 204 }),
    });
    const shell = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Site Diary' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete app?' });
    expect(confirm.textContent).toContain('“Site Diary” stops working at once');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await toasted(shell.toast, { title: 'App deleted' });
    expect(requestsOf(fetch)).toContain(`DELETE /api/oauth-apps/${CLIENT_ID}`);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('listitem', { name: 'Site Diary' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'No apps yet' })).toBeTruthy();
    expect(document.activeElement).toBe(registerButton());
  });

  it('leaves the app alone on Cancel, and keeps it when the API answers 404', async () => {
    const fetch = routeFetch({
      'GET /api/oauth-apps': [app()],
      [`DELETE /api/oauth-apps/${CLIENT_ID}`]: jsonResponse(404, {
        code: 'APP_NOT_FOUND',
        message: 'App not found',
      }),
    });
    const shell = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Site Diary' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requestsOf(fetch)).toEqual(['GET /api/oauth-apps']);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Site Diary' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await toasted(shell.toast, { title: 'Error', description: 'App not found', variant: 'destructive' });
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('listitem', { name: 'Site Diary' })).toBeTruthy();
  });
});
