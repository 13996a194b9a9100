/** Webhook event types with their words, and the endpoint form's limits (decision 0212). */
export {
  MAX_WEBHOOK_DESCRIPTION_LENGTH,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
} from '../../domain/webhook/endpoint.ts';
