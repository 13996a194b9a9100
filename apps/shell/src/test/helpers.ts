import type { ApiUser } from '@buildbid/api-client';
import { vi } from 'vitest';

export function makeUser(overrides: Partial<ApiUser> = {}): ApiUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: 'Rolle',
    name: 'Ann Rolle',
    profileImageUrl: null,
    role: 'client',
    country: 'BS',
    subscriptionTier: 'free',
    rating: 0,
    reviewCount: 0,
    emailNotifications: true,
    services: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Replaces globalThis.fetch; returns the mock so tests can queue answers and inspect requests. */
export function mockFetch() {
  const fn = vi.fn<(request: Request) => Promise<Response>>();
  vi.stubGlobal('fetch', fn);
  return fn;
}
