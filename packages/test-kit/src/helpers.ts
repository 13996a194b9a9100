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
    emailVerified: true,
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

type Handler = (request: Request) => Response | Promise<Response>;

/**
 * Replaces globalThis.fetch with a router: keys are 'METHOD /path' (no query string), values answer
 * the request (a function), are the answer (a Response) or its JSON body. Anything else answers 404. Returns the mock so tests can inspect the requests.
 */
export function routeFetch(routes: Record<string, Handler | unknown>) {
  const fn = mockFetch();
  fn.mockImplementation(async (request: Request) => {
    const url = new URL(request.url);
    const handler = routes[`${request.method} ${url.pathname}`];
    if (handler === undefined) return jsonResponse(404, { message: 'Not Found', code: 'NOT_FOUND' });
    if (handler instanceof Response) return handler.clone();
    return typeof handler === 'function' ? (handler as Handler)(request) : jsonResponse(200, handler);
  });
  return fn;
}

/** The 'METHOD /path?query' of every request the mock received. */
export function requestsOf(fn: ReturnType<typeof mockFetch>): string[] {
  return fn.mock.calls.map(([request]) => {
    const url = new URL(request.url);
    return `${request.method} ${url.pathname}${url.search}`;
  });
}

/** A fake real-time channel whose `emit` delivers a message to every subscriber. */
export function fakeRealtime() {
  const listeners = new Set<(message: { type: string; data?: unknown }) => void>();
  return {
    subscribe(listener: (message: { type: string; data?: unknown }) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(message: { type: string; data?: unknown }) {
      for (const l of [...listeners]) l(message);
    },
    get size() {
      return listeners.size;
    },
  };
}
