import createClient from 'openapi-fetch';
import type { paths } from '../schema.d.ts';

export interface ApiOptions {
  /**
   * A personal access token (`bbpat_…`, decision 0211): every call sends `Authorization: Bearer <token>`
   * and no cookie, so a script can use the client outside the browser (docs/api-quickstart.md).
   */
  token?: string;
}

/**
 * The typed API client every frontend uses. `paths` comes from openapi/schema.d.ts, which
 * openapi-typescript generates from the API's OpenAPI document. In the browser all calls send the
 * session cookie; given a token, they send it instead.
 */
export function createApi(baseUrl = '', options: ApiOptions = {}) {
  return createClient<paths>({
    baseUrl,
    ...(options.token
      ? { credentials: 'omit' as const, headers: { authorization: `Bearer ${options.token}` } }
      : { credentials: 'include' as const }),
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
