/** The webhook tests' samples: an endpoint, a delivery and a saved search as the API answers them. */
import type { SavedSearch, WebhookDelivery, WebhookEndpoint } from '../../api.ts';

export const ENDPOINT_URL = 'https://hooks.example.com/buildbid';
export const ENDPOINT_ID = '3c9e7a1f-5b2d-4e8a-9f6c-1d2b3a4c5e6f';
export const SECRET = 'whsec_Qm9vbWVyYW5nLWJ1aWxkYmlkLXNpZ25pbmctc2VjcmV0';
export const SEARCH_ID = '6f1c2a9e-3b7d-4c1e-9a2f-8d5e4b3c2a10';

export function endpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: ENDPOINT_ID,
    url: ENDPOINT_URL,
    description: 'Bids into our CRM',
    eventTypes: ['bid.received', 'message.received'],
    savedSearchId: null,
    status: 'enabled',
    disabledReason: null,
    disabledAt: null,
    failingSince: null,
    createdAt: '2027-03-01T17:00:00.000Z',
    updatedAt: '2027-03-01T17:00:00.000Z',
    ...overrides,
  };
}

export function savedSearch(overrides: Partial<SavedSearch> = {}): SavedSearch {
  return {
    id: SEARCH_ID,
    name: 'Kitchens in the Bahamas',
    filters: { q: 'kitchen', country: 'BS', category: null, budget: null },
    alerts: 'instant',
    createdAt: '2027-02-01T10:00:00.000Z',
    updatedAt: '2027-02-01T10:00:00.000Z',
    ...overrides,
  };
}

export function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: '8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d',
    endpointId: ENDPOINT_ID,
    eventId: 'evt_9f86d081884c7d659a2feaa0c55ad015',
    type: 'bid.received',
    status: 'succeeded',
    attempts: 1,
    nextAttemptAt: null,
    lastAttemptAt: '2027-03-01T12:00:01.000Z',
    responseStatus: 200,
    latencyMs: 84,
    responseBody: 'ok',
    error: null,
    payload:
      '{"id":"evt_9f86d081884c7d659a2feaa0c55ad015","type":"bid.received","created":1772366400,"data":{}}',
    createdAt: '2027-03-01T12:00:00.000Z',
    updatedAt: '2027-03-01T12:00:01.000Z',
    ...overrides,
  };
}
