/**
 * A webhook endpoint: a URL a user registers to receive the events that concern them, signed with the
 * endpoint's secret (docs/decisions/0212-signed-webhooks.md).
 */
import { WEBHOOK_ERRORS } from './errors.ts';

/** The event types a user can choose for an endpoint; `ping` (the test event) is sent on request only. */
export const WEBHOOK_EVENT_TYPES = [
  'project.posted',
  'bid.received',
  'bid.accepted',
  'bid.rejected',
  'bid.withdrawn',
  'message.received',
  'question.asked',
  'question.answered',
  'project.deadline_changed',
  'project.addendum_posted',
  'project.phase_changed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Each event type in a person's words: the Developer page's checkboxes say when it is sent. */
export const WEBHOOK_EVENTS: Readonly<Record<WebhookEventType, string>> = {
  'project.posted': 'A new project meets your saved search',
  'bid.received': 'A bid arrives on your project',
  'bid.accepted': 'Your bid is accepted',
  'bid.rejected': 'Your bid is not accepted',
  'bid.withdrawn': 'A bid on your project is withdrawn',
  'message.received': 'Someone sends you a message',
  'question.asked': 'Someone asks a question on your project',
  'question.answered': 'Your question, or one on a project you bid on, is answered',
  'project.deadline_changed': 'The bid deadline of a project you bid on moves',
  'project.addendum_posted': 'A project you bid on gets an addendum',
  'project.phase_changed': 'Work you were awarded moves to another phase',
};

/** The type of the test event ('Send test event'). */
export const TEST_EVENT_TYPE = 'ping';

export const MAX_ENDPOINTS_PER_USER = 10;
export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;
/** Every signing secret starts with this, as Stripe's do, so a leaked one is recognisable. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** After a roll, the previous secret still signs for this long, so receivers can switch without a gap. */
const PREVIOUS_SECRET_VALID_MS = 24 * 60 * 60 * 1000;

/**
 * Where the server runs: production accepts https URLs only; development also accepts http://localhost and
 * http://127.0.0.1, so a developer can receive events on their own machine.
 */
export type WebhookMode = 'production' | 'development';

/** The hosts development mode accepts over plain http (and the SSRF guard lets through there). */
export const DEVELOPMENT_HOSTS: readonly string[] = ['localhost', '127.0.0.1'];

type WebhookEndpointStatus = 'enabled' | 'disabled';
/** Why an endpoint is disabled: its owner turned it off, or its deliveries failed for three days. */
export type WebhookDisabledReason = 'disabled_by_owner' | 'deliveries_failing';

export interface WebhookEndpoint {
  id: string;
  ownerUserId: string;
  /** The OAuth app that registered it; null for endpoints a user registers themselves (all, for now). */
  appId: string | null;
  url: string;
  description: string;
  /** Each once, in the catalogue's order. */
  eventTypes: WebhookEventType[];
  /** project.posted sends the new projects that meet this saved search of the owner's; null without it. */
  savedSearchId: string | null;
  /** The current signing secret (`whsec_…`). */
  secret: string;
  /** The secret before the last roll, still signing until `previousSecretExpiresAt`. */
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  status: WebhookEndpointStatus;
  disabledReason: WebhookDisabledReason | null;
  disabledAt: Date | null;
  /** When the first of the attempts failed since the last success was made; null after a success. */
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What the owner's list shows: everything but the secrets (those are revealed one endpoint at a time). */
export type WebhookEndpointView = Omit<WebhookEndpoint, 'secret' | 'previousSecret'>;

export interface WebhookEndpointInput {
  url: string;
  description?: string | null | undefined;
  eventTypes: readonly string[];
  savedSearchId?: string | null | undefined;
}

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** The URL as stored: trimmed, at most 2048 characters, https (or a local http URL in development). */
function webhookUrl(raw: string, mode: WebhookMode): string {
  const url = raw.trim();
  if (!url) throw WEBHOOK_ERRORS.WEBHOOK_URL_REQUIRED({ field: 'url' });
  if (url.length > MAX_WEBHOOK_URL_LENGTH) throw WEBHOOK_ERRORS.WEBHOOK_URL_TOO_LONG({ field: 'url' });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw WEBHOOK_ERRORS.WEBHOOK_URL_INVALID({ field: 'url' });
  }
  // Credentials in a URL end up in logs and in the owner's list: never kept.
  if (parsed.username || parsed.password || !parsed.hostname) {
    throw WEBHOOK_ERRORS.WEBHOOK_URL_INVALID({ field: 'url' });
  }
  if (parsed.protocol === 'https:') return url;
  const local = mode === 'development' && DEVELOPMENT_HOSTS.includes(parsed.hostname);
  if (parsed.protocol === 'http:' && local) return url;
  if (parsed.protocol === 'http:') throw WEBHOOK_ERRORS.WEBHOOK_URL_NOT_HTTPS({ field: 'url' });
  throw WEBHOOK_ERRORS.WEBHOOK_URL_INVALID({ field: 'url' });
}

function webhookDescription(raw: string | null | undefined): string {
  const description = (raw ?? '').trim();
  if ([...description].length > MAX_WEBHOOK_DESCRIPTION_LENGTH) {
    throw WEBHOOK_ERRORS.WEBHOOK_DESCRIPTION_TOO_LONG({ field: 'description' });
  }
  return description;
}

/** The event types asked for, checked and put in the catalogue's order (a repeated type counts once). */
function webhookEventTypes(raw: readonly string[]): WebhookEventType[] {
  if (raw.length === 0) throw WEBHOOK_ERRORS.WEBHOOK_EVENTS_REQUIRED({ field: 'eventTypes' });
  const unknown = raw.find((type) => !isWebhookEventType(type));
  if (unknown !== undefined) {
    throw WEBHOOK_ERRORS.UNKNOWN_WEBHOOK_EVENT({
      message: `Unknown event type '${unknown}'; the types are ${WEBHOOK_EVENT_TYPES.join(', ')}`,
      field: 'eventTypes',
    });
  }
  return WEBHOOK_EVENT_TYPES.filter((type) => raw.includes(type));
}

/**
 * The saved search project.posted follows: required with project.posted, dropped without it (the form
 * shows the choice only beside that type). Whether the search is the owner's is the use case's check.
 */
function webhookSavedSearch(
  eventTypes: readonly WebhookEventType[],
  savedSearchId: string | null | undefined,
): string | null {
  if (!eventTypes.includes('project.posted')) return null;
  const id = savedSearchId?.trim();
  if (!id) throw WEBHOOK_ERRORS.WEBHOOK_SAVED_SEARCH_REQUIRED({ field: 'savedSearchId' });
  return id;
}

/** The checked fields of the endpoint form. */
function endpointFields(input: WebhookEndpointInput, mode: WebhookMode) {
  const eventTypes = webhookEventTypes(input.eventTypes);
  return {
    url: webhookUrl(input.url, mode),
    description: webhookDescription(input.description),
    eventTypes,
    savedSearchId: webhookSavedSearch(eventTypes, input.savedSearchId),
  };
}

export function newWebhookEndpoint(
  input: WebhookEndpointInput & { id: string; ownerUserId: string; secret: string; now: Date },
  mode: WebhookMode,
): WebhookEndpoint {
  return {
    id: input.id,
    ownerUserId: input.ownerUserId,
    appId: null,
    ...endpointFields(input, mode),
    secret: input.secret,
    previousSecret: null,
    previousSecretExpiresAt: null,
    status: 'enabled',
    disabledReason: null,
    disabledAt: null,
    failingSince: null,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/** The endpoint with the form's new values (the whole form: url, description, event types, saved search). */
export function editWebhookEndpoint(
  endpoint: WebhookEndpoint,
  input: WebhookEndpointInput,
  mode: WebhookMode,
  now: Date,
): WebhookEndpoint {
  return { ...endpoint, ...endpointFields(input, mode), updatedAt: now };
}

/**
 * Enables or disables the endpoint. Enabling starts its failure count afresh (the owner says it is fixed);
 * disabling by the owner records why, so the list can tell it from a disabling for failures.
 */
export function setWebhookEndpointEnabled(
  endpoint: WebhookEndpoint,
  enabled: boolean,
  now: Date,
): WebhookEndpoint {
  if (enabled === (endpoint.status === 'enabled')) return endpoint;
  return enabled
    ? {
        ...endpoint,
        status: 'enabled',
        disabledReason: null,
        disabledAt: null,
        failingSince: null,
        updatedAt: now,
      }
    : {
        ...endpoint,
        status: 'disabled',
        disabledReason: 'disabled_by_owner',
        disabledAt: now,
        updatedAt: now,
      };
}

/** A new current secret; the old one keeps signing for 24 hours beside it. */
export function rollWebhookSecret(endpoint: WebhookEndpoint, secret: string, now: Date): WebhookEndpoint {
  return {
    ...endpoint,
    secret,
    previousSecret: endpoint.secret,
    previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_VALID_MS),
    updatedAt: now,
  };
}

/** The secrets that sign a delivery made at `at`: the current one, and the previous one during a roll. */
export function signingSecrets(
  endpoint: Pick<WebhookEndpoint, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  at: Date,
): string[] {
  const previousValid =
    endpoint.previousSecret !== null &&
    endpoint.previousSecretExpiresAt !== null &&
    endpoint.previousSecretExpiresAt.getTime() > at.getTime();
  return previousValid ? [endpoint.secret, endpoint.previousSecret as string] : [endpoint.secret];
}

export function webhookEndpointView(endpoint: WebhookEndpoint): WebhookEndpointView {
  const { secret: _secret, previousSecret: _previous, ...view } = endpoint;
  return view;
}
