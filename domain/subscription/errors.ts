/**
 * The error catalogue of plans and payments: every code once, with its kind (the HTTP
 * status, apps/api/src/http/error-handler.ts) and the message the API answers with. Throw with
 * `SUBSCRIPTION_ERRORS.CODE()`; a message given at the throw site replaces the catalogue's (a detail such as a
 * name or a limit). ErrorCode (../shared/error-codes.ts) is built from these catalogues.
 */
import { errorCatalogue } from '../shared/errors.ts';

export const SUBSCRIPTION_ERRORS = errorCatalogue({
  BID_LIMIT_REACHED: ['forbidden'],
  CARD_DECLINED: ['invalid'],
  EXPIRED_CARD: ['invalid'],
  INCOMPLETE_CVC: ['invalid'],
  INCORRECT_NUMBER: ['invalid'],
  INVALID_EXPIRY: ['invalid'],
  INVALID_EXPIRY_MONTH: ['invalid'],
  INVALID_EXPIRY_YEAR: ['invalid'],
  INVALID_SIGNATURE: ['invalid', 'The Stripe-Signature header is missing'],
  NOT_A_BIDDER: ['forbidden'],
  NOT_FOUND: ['not_found', 'The sandbox payment gateway is not active on this server'],
  NO_ACTIVE_SUBSCRIPTION: ['conflict', 'You have no active subscription to cancel.'],
  NO_PAYMENT_CUSTOMER: ['conflict'],
  PAYMENT_NOT_FOUND: ['not_found'],
  PORTAL_UNAVAILABLE: ['conflict'],
  SUBSCRIPTION_NEEDS_ATTENTION: ['conflict'],
  UNKNOWN_SUBSCRIPTION_STATUS: ['invalid'],
});
