import createClient from 'openapi-fetch';
import type { paths } from '../schema.d.ts';

/**
 * The typed API client every frontend uses. `paths` comes from openapi/schema.d.ts, which
 * openapi-typescript generates from the API's OpenAPI document. All calls send the session cookie.
 */
export function createApi(baseUrl = '') {
  return createClient<paths>({
    baseUrl,
    credentials: 'include',
    // Looked up at call time, so tests (and polyfills) can replace globalThis.fetch after creation.
    fetch: (request: Request) => globalThis.fetch(request),
  });
}

export type Api = ReturnType<typeof createApi>;

/**
 * The client for code running in the browser: same origin. openapi-fetch builds a `Request`, which
 * needs an absolute URL outside a browser (jsdom tests), hence the explicit origin.
 */
export function createBrowserApi(): Api {
  const origin = typeof window !== 'undefined' && window.location ? window.location.origin : '';
  return createApi(origin === 'null' ? '' : origin);
}
