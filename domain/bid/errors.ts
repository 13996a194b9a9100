/**
 * The error catalogue of bids: every code once, with its kind (the HTTP
 * status, apps/api/src/http/error-handler.ts) and the message the API answers with. Throw with
 * `BID_ERRORS.CODE()`; a message given at the throw site replaces the catalogue's (a detail such as a
 * name or a limit). ErrorCode (../shared/error-codes.ts) is built from these catalogues.
 */
import { errorCatalogue } from '../shared/errors.ts';

export const BID_ERRORS = errorCatalogue({
  AMOUNT_NOT_POSITIVE: ['invalid', 'Amount must be greater than 0'],
  AMOUNT_REQUIRED: ['invalid', 'Amount is required'],
  BIDDER_DELETED: ['conflict'],
  BID_ALREADY_EXISTS: ['conflict', 'You have already submitted a bid on this project'],
  BID_NOT_FOUND: ['not_found', 'Bid not found'],
  BID_NOT_ON_PROJECT: ['conflict', 'This bid is not on this project'],
  BID_NOT_PENDING: ['conflict'],
  INVALID_BID_STATUS: ['invalid', 'status must be accepted or rejected'],
  NOT_BID_OWNER: ['forbidden', 'Only the bidder can edit this bid'],
  OWN_PROJECT: ['forbidden', 'You cannot ask a question on your own project'],
  PROPOSAL_REQUIRED: ['invalid', 'Proposal is required'],
  PROPOSAL_TOO_LONG: ['invalid'],
  ROLE_CANNOT_BID: ['forbidden', 'Only contractors and vendors can submit bids'],
  TIMELINE_NOT_WHOLE_DAYS: ['invalid'],
  TIMELINE_OUT_OF_RANGE: ['invalid'],
  TIMELINE_REQUIRED: ['invalid', 'Timeline is required'],
  TOO_MANY_IDS: ['invalid'],
});
