// @vitest-environment jsdom
import { jsonResponse, makeUser, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AccessToken } from '../api.ts';
import { resetAfterEach, shellMocks, toasted } from '../testing.ts';
import { AccessTokensSection, lastUseText } from './AccessTokens.tsx';
import { DeveloperPage } from './DeveloperPage.tsx';
import { NAME_REQUIRED, SCOPES_REQUIRED } from './TokenDialogs.tsx';

const SECRET = 'bbpat_0123456789abcdefghijklmnopqrstuvwxyzABCDEF';

function token(overrides: Partial<AccessToken> = {}): AccessToken {
  return {
    id: '9b2f6c1d-4e3a-4b5c-8d7e-1f2a3b4c5d6e',
    name: 'Nightly bid report',
    scopes: ['projects:read', 'bids:read'],
    hint: 'CDEF',
    status: 'active',
    createdAt: '2027-03-01T17:00:00.000Z',
    expiresAt: '2027-05-30T17:00:00.000Z',
    lastUsedAt: null,
    lastUsedIp: null,
    revokedAt: null,
    ...overrides,
  };
}

function setup() {
  const shell = shellMocks();
  render(<AccessTokensSection shell={shell} />);
  return shell;
}

const dialog = (name: string) => screen.getByRole('dialog', { name });
const generateButton = () => screen.getByRole('button', { name: 'Generate token' });

async function openGenerate() {
  fireEvent.click(await screen.findByRole('button', { name: 'Generate token' }));
  return dialog('Generate token');
}

function fillName(form: HTMLElement, name: string) {
  fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: name } });
}

describe('the Developer page', () => {
  resetAfterEach();

  it("is titled 'Developer', links the API reference and holds the tokens' card", async () => {
    routeFetch({ 'GET /api/access-tokens': [] });
    render(<DeveloperPage path="/developer" search="" user={makeUser()} country="" {...shellMocks()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Developer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/docs');
    expect(screen.getByRole('region', { name: 'Personal access tokens' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No tokens yet' })).toBeTruthy();
  });
});

describe('the token list', () => {
  resetAfterEach();

  it('shows each token: name, scope chips, dates, last use, status, Revoke if active', async () => {
    routeFetch({
      'GET /api/access-tokens': [
        token({ lastUsedAt: '2027-03-02T12:00:04.000Z', lastUsedIp: '203.0.113.7' }),
        token({ id: 'b', name: 'Old export', status: 'expired', scopes: ['messages:read'] }),
        token({ id: 'c', name: 'Leaked', status: 'revoked', revokedAt: '2027-03-03T00:00:00.000Z' }),
      ],
    });
    setup();
    const list = await screen.findByRole('list', { name: 'Your tokens' });
    const [active, expired, revoked] = within(list).getAllByRole('listitem', {
      name: /Nightly bid report|Old export|Leaked/,
    }) as [HTMLElement, HTMLElement, HTMLElement];

    const scopes = within(active).getByRole('list', { name: 'Scopes of Nightly bid report' });
    const chips = within(scopes).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual(['projects:read', 'bids:read']);
    expect(chips[0]?.getAttribute('title')).toBe('See projects, their questions, addenda and files');
    expect(active.textContent).toContain('bbpat_…CDEF');
    expect(active.textContent).toContain('CreatedMar 1, 2027');
    expect(active.textContent).toContain('ExpiresMay 30, 2027');
    expect(active.textContent).toContain('Last usedMar 2, 2027 from 203.0.113.7');
    expect(within(active).getByText('Active')).toBeTruthy();
    expect(within(active).getByRole('button', { name: 'Revoke Nightly bid report' })).toBeTruthy();

    expect(within(expired).getByText('Expired', { selector: '.badge' })).toBeTruthy();
    expect(expired.textContent).toContain('Last usedNever used');
    expect(within(revoked).getByText('Revoked')).toBeTruthy();
    for (const row of [expired, revoked]) expect(within(row).queryByRole('button')).toBeNull();
  });

  it('says when a token was last used, and where', () => {
    expect(lastUseText({ lastUsedAt: null, lastUsedIp: null })).toBe('Never used');
    expect(lastUseText({ lastUsedAt: '2027-03-02T12:00:00.000Z', lastUsedIp: null })).toBe('Mar 2, 2027');
  });

  it("says 'No tokens yet' when there are none", async () => {
    routeFetch({ 'GET /api/access-tokens': [] });
    setup();
    expect(await screen.findByRole('heading', { name: 'No tokens yet' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your tokens' })).toBeNull();
  });

  it('offers Try again when the list does not load', async () => {
    const fetch = routeFetch({
      'GET /api/access-tokens': jsonResponse(500, { message: 'Database down', code: 'INTERNAL' }),
    });
    setup();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database down');
    fetch.mockImplementation(async () => jsonResponse(200, [token()]));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Nightly bid report' })).toBeTruthy();
  });
});

describe('generating a token', () => {
  resetAfterEach();

  it('offers every scope with its words and the expiries, 90 days by default', async () => {
    routeFetch({ 'GET /api/access-tokens': [] });
    setup();
    const form = await openGenerate();
    const scopes = within(form).getByRole('group', { name: /Scopes/ });
    const boxes = within(scopes).getAllByRole('checkbox');
    expect(boxes).toHaveLength(9);
    expect(
      within(scopes)
        .getByRole('checkbox', { name: /^projects:read/ })
        .closest('label')?.textContent,
    ).toBe('projects:readSee projects, their questions, addenda and files');
    const expiry = within(form).getByRole('button', { name: /Expiration/ });
    expect(expiry.textContent).toContain('90 days');
    fireEvent.click(expiry);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '7 days',
      '30 days',
      '60 days',
      '90 days',
      '180 days',
      '365 days',
    ]);
  });

  it('asks for a name and a scope before sending anything', async () => {
    const fetch = routeFetch({ 'GET /api/access-tokens': [] });
    setup();
    const form = await openGenerate();
    fireEvent.click(within(form).getByRole('button', { name: 'Generate token' }));
    expect(await within(form).findByText(NAME_REQUIRED)).toBeTruthy();
    expect(within(form).getByText(SCOPES_REQUIRED)).toBeTruthy();
    expect(requestsOf(fetch)).toEqual(['GET /api/access-tokens']);
  });

  it('sends name, scopes and expiry, shows the secret once; Done takes it out of the page', async () => {
    const created = token({ id: 'new', name: 'CI deploy', scopes: ['projects:read'] });
    const sent: { body?: unknown } = {};
    routeFetch({
      'GET /api/access-tokens': [token()],
      'POST /api/access-tokens': async (request: Request) => {
        sent.body = await request.json();
        return jsonResponse(201, { token: SECRET, accessToken: created });
      },
    });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    setup();
    const form = await openGenerate();
    fillName(form, '  CI deploy ');
    fireEvent.click(within(form).getByRole('checkbox', { name: /^projects:read/ }));
    fireEvent.click(within(form).getByRole('button', { name: /Expiration/ }));
    fireEvent.click(screen.getByRole('option', { name: '30 days' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Generate token' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy your token now' });
    expect(sent.body).toEqual({ name: 'CI deploy', scopes: ['projects:read'], expiresInDays: 30 });
    expect(screen.queryByRole('dialog', { name: 'Generate token' })).toBeNull();
    expect(within(shown).getByText("You won't be able to see it again.")).toBeTruthy();
    const field = within(shown).getByRole('textbox', { name: 'Token' }) as HTMLInputElement;
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(within(shown).getByRole('status').textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith(SECRET);

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(window.localStorage.length).toBe(0);
    expect(document.activeElement).toBe(generateButton());
    const names = within(screen.getByRole('list', { name: 'Your tokens' }))
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(names).toEqual(['CI deploy', 'Nightly bid report']);
  });

  it('says so when the clipboard refuses, and the secret stays in the field to copy by hand', async () => {
    routeFetch({
      'GET /api/access-tokens': [],
      'POST /api/access-tokens': jsonResponse(201, { token: SECRET, accessToken: token() }),
    });
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: async () => Promise.reject(new Error('no')) },
    });
    setup();
    const form = await openGenerate();
    fillName(form, 'Report');
    fireEvent.click(within(form).getByRole('checkbox', { name: /^bids:read/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Generate token' }));
    const shown = await screen.findByRole('dialog', { name: 'Copy your token now' });
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(within(shown).getByRole('status').textContent).toBe(
        'Could not copy. Select the token and copy it yourself.',
      ),
    );
  });

  it.each([
    ['name', 'TOKEN_NAME_TOO_LONG', 'A token name has at most 100 characters', /Name/],
    ['scopes', 'UNKNOWN_SCOPE', "Unknown scope 'x'", /Scopes/],
    ['expiresInDays', 'TOKEN_EXPIRY_INVALID', 'A token expires after 1 to 365 days', /Expiration/],
  ])(
    'shows a refusal of %s under that field and keeps the dialog open',
    async (field, code, message, label) => {
      routeFetch({
        'GET /api/access-tokens': [],
        'POST /api/access-tokens': jsonResponse(400, { code, message, field }),
      });
      const shell = setup();
      const form = await openGenerate();
      fillName(form, 'Report');
      fireEvent.click(within(form).getByRole('checkbox', { name: /^bids:read/ }));
      fireEvent.click(within(form).getByRole('button', { name: 'Generate token' }));
      const error = await within(form).findByText(message);
      const control =
        within(form).queryByRole('textbox', { name: label }) ??
        within(form).queryByRole('group', { name: label }) ??
        within(form).getByRole('button', { name: label });
      expect(control.closest('.field')?.contains(error)).toBe(true);
      expect(shell.toast).not.toHaveBeenCalled();
      expect(dialog('Generate token')).toBeTruthy();
    },
  );

  it("toasts a refusal that names no field ('Error' with the message)", async () => {
    routeFetch({
      'GET /api/access-tokens': [],
      'POST /api/access-tokens': jsonResponse(409, {
        code: 'TOKEN_LIMIT_REACHED',
        message: 'You can have at most 50 active tokens; revoke one first',
      }),
    });
    const shell = setup();
    const form = await openGenerate();
    fillName(form, 'Report');
    fireEvent.click(within(form).getByRole('checkbox', { name: /^bids:read/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Generate token' }));
    await toasted(shell.toast, {
      title: 'Error',
      description: 'You can have at most 50 active tokens; revoke one first',
      variant: 'destructive',
    });
    expect(dialog('Generate token')).toBeTruthy();
  });

  it("returns focus to 'Generate token' when the form is cancelled", async () => {
    routeFetch({ 'GET /api/access-tokens': [] });
    setup();
    const form = await openGenerate();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(generateButton());
  });
});

describe('revoking a token', () => {
  resetAfterEach();

  it("asks 'Revoke token?', revokes on 'Revoke', and the row shows Revoked", async () => {
    const fetch = routeFetch({
      'GET /api/access-tokens': [token()],
      [`DELETE /api/access-tokens/${token().id}`]: new Response(null, { status: 204 }),
    });
    const shell = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Nightly bid report' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Revoke token?' });
    expect(confirm.textContent).toContain('Scripts that use “Nightly bid report” stop working at once.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await toasted(shell.toast, { title: 'Token revoked' });
    expect(requestsOf(fetch)).toContain(`DELETE /api/access-tokens/${token().id}`);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const row = screen.getByRole('listitem', { name: /Nightly bid report/ });
    expect(within(row).getByText('Revoked')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(document.activeElement).toBe(generateButton());
  });

  it('leaves the token alone on Cancel', async () => {
    const fetch = routeFetch({ 'GET /api/access-tokens': [token()] });
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Nightly bid report' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requestsOf(fetch)).toEqual(['GET /api/access-tokens']);
    expect(screen.getByText('Active')).toBeTruthy();
  });

  it("toasts 'Error' when the token is not found, and the row stays", async () => {
    routeFetch({
      'GET /api/access-tokens': [token()],
      [`DELETE /api/access-tokens/${token().id}`]: jsonResponse(404, {
        code: 'TOKEN_NOT_FOUND',
        message: 'Token not found',
      }),
    });
    const shell = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Nightly bid report' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    await toasted(shell.toast, { title: 'Error', description: 'Token not found', variant: 'destructive' });
    expect(screen.getByText('Active')).toBeTruthy();
  });
});
