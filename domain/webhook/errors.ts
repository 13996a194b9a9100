/**
 * The error catalogue of webhooks: endpoints a user registers, and the deliveries of events to them
 * (docs/decisions/0212-signed-webhooks.md).
 */
import { errorCatalogue } from '../shared/errors.ts';

export const WEBHOOK_ERRORS = errorCatalogue({
  WEBHOOK_URL_REQUIRED: ['invalid', 'Enter the URL of the endpoint'],
  WEBHOOK_URL_TOO_LONG: ['invalid', 'An endpoint URL has at most 2048 characters'],
  WEBHOOK_URL_INVALID: ['invalid', 'Enter a valid https:// URL without a user name or password'],
  WEBHOOK_URL_NOT_HTTPS: ['invalid', 'The endpoint URL must start with https://'],
  WEBHOOK_URL_NOT_ALLOWED: ['invalid'],
  WEBHOOK_DESCRIPTION_TOO_LONG: ['invalid', 'A description has at most 500 characters'],
  WEBHOOK_EVENTS_REQUIRED: ['invalid', 'Choose at least one event type'],
  UNKNOWN_WEBHOOK_EVENT: ['invalid'],
  WEBHOOK_SAVED_SEARCH_REQUIRED: [
    'invalid',
    'Choose the saved search whose new projects project.posted sends',
  ],
  WEBHOOK_SAVED_SEARCH_NOT_FOUND: ['invalid', 'Saved search not found'],
  WEBHOOK_LIMIT_REACHED: ['conflict', 'You can have at most 10 webhook endpoints; delete one first'],
  WEBHOOK_ENDPOINT_NOT_FOUND: ['not_found', 'Webhook endpoint not found'],
  WEBHOOK_DELIVERY_NOT_FOUND: ['not_found', 'Webhook delivery not found'],
  WEBHOOK_DELIVERY_IN_PROGRESS: ['conflict', 'This delivery is being sent right now; try again in a moment'],
});
