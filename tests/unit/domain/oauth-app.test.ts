import { errorOf } from '@buildbid/test-kit/samples';
import { describe, expect, it } from 'vitest';
import {
  clientTypeOf,
  consentedScopes,
  MAX_APP_URL_LENGTH,
  MAX_REDIRECT_URIS,
  type NewOAuthAppInput,
  newOAuthApp,
  OFFLINE_ACCESS_WORDS,
  redirectUri,
  scopeWords,
} from '#domain/oauth/oauth-app.ts';

const NOW = new Date('2027-03-01T12:00:00Z');
const input: NewOAuthAppInput = {
  id: 'app-1',
  ownerUserId: 'u1',
  name: 'Site Diary',
  homepageUrl: 'https://diary.example',
  logoUrl: 'https://diary.example/logo.png',
  redirectUris: ['https://diary.example/callback'],
  secretHash: 'h'.repeat(64),
  now: NOW,
  loopbackRedirects: false,
};

describe('registering an OAuth app (decision 0213)', () => {
  it('keeps the name trimmed, the addresses as given and each redirect URI once', () => {
    const app = newOAuthApp({
      ...input,
      name: '  Site Diary  ',
      logoUrl: '   ',
      redirectUris: ['https://diary.example/cb?x=1', 'https://diary.example/cb?x=1', 'https://b.example/cb'],
    });
    expect(app).toEqual({
      id: 'app-1',
      ownerUserId: 'u1',
      name: 'Site Diary',
      homepageUrl: 'https://diary.example',
      logoUrl: null,
      redirectUris: ['https://diary.example/cb?x=1', 'https://b.example/cb'],
      secretHash: 'h'.repeat(64),
      createdAt: NOW,
    });
    expect(clientTypeOf(app)).toBe('confidential');
    expect(clientTypeOf({ secretHash: null })).toBe('public');
  });

  it.each([
    ['an empty name', { name: '   ' }, 'APP_NAME_REQUIRED', 'name'],
    ['a name of 101 characters', { name: 'é'.repeat(101) }, 'APP_NAME_TOO_LONG', 'name'],
    ['an http homepage', { homepageUrl: 'http://diary.example' }, 'APP_URL_INVALID', 'homepageUrl'],
    ['a homepage that is no URL', { homepageUrl: 'diary.example' }, 'APP_URL_INVALID', 'homepageUrl'],
    [
      'a homepage with a password',
      { homepageUrl: 'https://a:b@diary.example' },
      'APP_URL_INVALID',
      'homepageUrl',
    ],
    ['an http logo', { logoUrl: 'http://diary.example/l.png' }, 'APP_URL_INVALID', 'logoUrl'],
    ['no redirect URI', { redirectUris: [] }, 'REDIRECT_URIS_REQUIRED', 'redirectUris'],
    [
      `${MAX_REDIRECT_URIS + 1} redirect URIs`,
      { redirectUris: Array.from({ length: MAX_REDIRECT_URIS + 1 }, (_, i) => `https://d.example/${i}`) },
      'TOO_MANY_REDIRECT_URIS',
      'redirectUris',
    ],
  ])('refuses %s', (_case, change, code, field) => {
    expect(errorOf(() => newOAuthApp({ ...input, ...change }))).toMatchObject({ code, field });
  });

  it('takes a name of exactly 100 characters and 10 redirect URIs', () => {
    const uris = Array.from({ length: MAX_REDIRECT_URIS }, (_, i) => `https://d.example/${i}`);
    const app = newOAuthApp({ ...input, name: 'n'.repeat(100), redirectUris: uris });
    expect(app.redirectUris).toHaveLength(10);
  });

  it.each([
    ['https://diary.example/callback', false, true],
    ['https://diary.example:8443/cb?from=bb', false, true],
    ['http://localhost:3000/callback', true, true],
    ['http://127.0.0.1:8080/cb', true, true],
    ['http://[::1]/cb', true, true],
    ['http://localhost:3000/callback', false, false],
    ['http://diary.example/callback', true, false],
    ['https://diary.example/callback#done', false, false],
    ['https://diary.example/callback#', false, false],
    ['com.diary.app:/callback', true, false],
    ['/callback', false, false],
    [' https://diary.example/callback', false, false],
    [`https://diary.example/${'a'.repeat(MAX_APP_URL_LENGTH)}`, false, false],
  ])('redirect URI %s (localhost allowed: %s) is accepted: %s', (uri, loopback, accepted) => {
    if (accepted) expect(redirectUri(uri, loopback)).toBe(uri);
    else
      expect(errorOf(() => redirectUri(uri, loopback))).toMatchObject({
        code: 'REDIRECT_URI_INVALID',
        field: 'redirectUris',
      });
  });

  it('says why a redirect URI is refused', () => {
    expect(errorOf(() => redirectUri('http://diary.example/cb', false)).message).toBe(
      "Redirect URI 'http://diary.example/cb' must use https://",
    );
    expect(errorOf(() => redirectUri('http://diary.example/cb', true)).message).toBe(
      "Redirect URI 'http://diary.example/cb' must use https:// (or http://localhost)",
    );
  });
});

describe('scopes on the consent page', () => {
  it('puts the known scopes in the catalogue order with their words, offline_access last, unknown ones dropped', () => {
    expect(
      scopeWords(['offline_access', 'bids:read', 'openid', 'admin', 'projects:read', 'bids:read']),
    ).toEqual([
      { scope: 'projects:read', description: 'See projects, their questions, addenda and files' },
      { scope: 'bids:read', description: 'See your bids and the bids on your projects' },
      { scope: 'offline_access', description: OFFLINE_ACCESS_WORDS },
    ]);
  });

  it('takes a part of what was asked for, and at least one BuildBid scope', () => {
    const asked = ['projects:read', 'bids:read', 'offline_access'];
    expect(consentedScopes(asked, ['offline_access', 'projects:read'])).toEqual([
      'projects:read',
      'offline_access',
    ]);
    expect(errorOf(() => consentedScopes(asked, ['offline_access']))).toMatchObject({
      code: 'CONSENT_SCOPES_REQUIRED',
    });
    expect(errorOf(() => consentedScopes(asked, []))).toMatchObject({ code: 'CONSENT_SCOPES_REQUIRED' });
    expect(errorOf(() => consentedScopes(asked, ['projects:read', 'bids:write']))).toMatchObject({
      code: 'CONSENT_SCOPE_NOT_REQUESTED',
      message: "The app did not ask for 'bids:write'",
    });
  });
});
