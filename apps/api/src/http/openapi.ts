import type { RouteOptions } from 'fastify';
import type { ErrorCode } from '../../../../domain/shared/error-codes.ts';
import { ACCESS_KEY, type Access, securityOf } from './access.ts';

/**
 * The OpenAPI document for third parties (docs/api.md › "Documenting a route").
 *
 * A route spreads `operation({...})` into its schema: a stable operationId, a summary, a description,
 * its security, the error codes it can answer and the descriptions of its success answers. Two hooks
 * of @fastify/swagger then finish the document:
 * - `documentRoute` (swagger `transform`, once per route) adds the errors every route of its kind can
 *   give (401 for signed-in routes, 400 VALIDATION_FAILED for routes with inputs, 400 MALFORMED_JSON,
 *   413 and 415 for routes that read a body, 429 for rate-limited routes);
 * - `finishDocument` (swagger `transformObject`) turns those codes into 4xx responses with the shared
 *   Error schema, the codes as an enum, and one example per code.
 * `auditDocument` lists what a third party would miss; `npm run openapi:check` fails on any finding.
 */

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;
/** The codes a route answers by status: each one a known `ErrorCode`, so a misspelt code fails typecheck. */
export type ErrorCodes = Partial<Record<ErrorStatus, readonly ErrorCode[]>>;

export interface OperationDoc {
  /** The stable operationId (lowerCamelCase verb first: listProjects, submitBid). Never rename it. */
  id: string;
  summary: string;
  description: string;
  /**
   * Who may call it (http/access.ts): 'public', 'session' (401 UNAUTHENTICATED without the cookie) or
   * `{ roles }`. The one declaration: the access check and the document's security both read it.
   */
  access: Access;
  /** The codes the route answers besides the automatic ones, by status. */
  errors?: ErrorCodes;
  /** What each success (or redirect) answer means, by status, when the schema has no description. */
  responses?: Partial<Record<number, string>>;
  /** The route reads its body raw (any content type): no 415 and no MALFORMED_JSON. */
  rawBody?: boolean;
  /** false: the route never reads the database, so it cannot answer 503 DATABASE_UNAVAILABLE. */
  database?: boolean;
}

/**
 * The route `config` of a public, sign-in-free GET: per client address, PUBLIC_RATE_LIMIT_PER_MINUTE
 * (docs/decisions/0100-openapi-for-third-parties.md). Its 429 is documented automatically.
 */
export function publicRateLimit(config: { publicRateLimitPerMinute: number }) {
  return { rateLimit: { max: config.publicRateLimitPerMinute, timeWindow: '1 minute' } };
}

const ERROR_CODES_KEY = 'x-error-codes';
const RESPONSES_KEY = 'x-response-descriptions';
const RAW_BODY_KEY = 'x-raw-body';
const NO_DATABASE_KEY = 'x-no-database';

/** The schema fragment a route spreads into its `schema`. */
export function operation(doc: OperationDoc) {
  return {
    operationId: doc.id,
    summary: doc.summary,
    description: doc.description,
    security: securityOf(doc.access),
    [ACCESS_KEY]: doc.access,
    [ERROR_CODES_KEY]: doc.errors ?? {},
    ...(doc.responses ? { [RESPONSES_KEY]: doc.responses } : {}),
    ...(doc.rawBody ? { [RAW_BODY_KEY]: true } : {}),
    ...(doc.database === false ? { [NO_DATABASE_KEY]: true } : {}),
  };
}

/**
 * An example message per error code: the document shows it, and `auditDocument` fails for a code that
 * has none here (add the code with the message the API really gives).
 */
export const ERROR_EXAMPLES: Record<string, { message: string; field?: string }> = {
  // The HTTP layer's own (apps/api/src/http/error-handler.ts)
  VALIDATION_FAILED: { message: 'email is required', field: 'email' },
  MALFORMED_JSON: { message: 'The request body is not valid JSON' },
  BAD_REQUEST: { message: 'The request could not be read' },
  UNAUTHENTICATED: { message: 'You are not signed in' },
  PAYLOAD_TOO_LARGE: { message: 'Request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { message: 'Unsupported Media Type: application/xml' },
  RATE_LIMITED: { message: 'Too many attempts. Try again in 1 minute.' },
  NOT_READY: { message: 'The database is not reachable' },
  NOT_FOUND: { message: 'The sandbox payment gateway is not active on this server' },
  // Hardening (docs/security.md)
  ORIGIN_FORBIDDEN: {
    message: 'Requests that change data must come from this site (got Origin https://evil.example)',
  },
  DATABASE_UNAVAILABLE: { message: 'The database is not available right now. Please try again shortly.' },
  NUL_BYTE: { message: 'title contains a NUL character, which is never valid text', field: 'title' },
  MALFORMED_MULTIPART: { message: 'The multipart/form-data body is malformed: Unexpected end of form' },
  SIGNIN_THROTTLED: { message: 'Too many failed sign-ins for this account. Try again in 8 seconds.' },
  PASSWORD_TOO_COMMON: {
    message: 'This password is too common. Choose one that is harder to guess.',
    field: 'password',
  },
  PASSWORD_REQUIRED: {
    message: 'Enter your current password to change your email',
    field: 'currentPassword',
  },
  WRONG_PASSWORD: { message: 'Your current password is not correct', field: 'currentPassword' },
  // The account lifecycle (issue 16)
  EMAIL_REQUIRED: { message: 'Please enter your email', field: 'email' },
  INVALID_RESET_TOKEN: {
    message: 'This reset link is invalid or has expired. Ask for a new one.',
    field: 'token',
  },
  INVALID_VERIFICATION_TOKEN: {
    message: 'This verification link is invalid or has expired.',
    field: 'token',
  },
  EMAIL_ALREADY_VERIFIED: { message: 'Your email is already verified.' },
  EMAIL_CHANGE_LIMITED: { message: 'You can change your email 3 times an hour. Try again in 42 minutes.' },
  // Accounts
  CREDENTIALS_REQUIRED: { message: 'Please enter your email and password' },
  INVALID_CREDENTIALS: { message: 'Invalid email or password' },
  INVALID_EMAIL: { message: 'Invalid email address', field: 'email' },
  EMAIL_TAKEN: { message: 'An account with this email already exists', field: 'email' },
  PASSWORD_TOO_SHORT: { message: 'Password must be at least 8 characters', field: 'password' },
  PASSWORD_TOO_LONG: { message: 'Password must be at most 256 characters', field: 'password' },
  PASSWORD_BLANK: { message: 'Password cannot be only spaces', field: 'password' },
  NAME_TOO_LONG: { message: 'firstName must be at most 100 characters', field: 'firstName' },
  FIRST_NAME_REQUIRED: { message: 'First name is required', field: 'firstName' },
  LAST_NAME_REQUIRED: { message: 'Last name is required', field: 'lastName' },
  COUNTRY_REQUIRED: { message: 'Please select a country', field: 'country' },
  UNKNOWN_COUNTRY: { message: "Unknown country code 'XX'", field: 'country' },
  INVALID_ROLE: { message: 'role must be one of client, contractor, vendor', field: 'role' },
  ROLE_NOT_SELF_ASSIGNABLE: { message: 'Only an admin can grant the admin role', field: 'role' },
  UNKNOWN_SERVICE: { message: "Unknown service 'juggling'", field: 'services' },
  ONE_CHANGE_AT_A_TIME: {
    message:
      'Send one of: the profile form (firstName, lastName, email, country, role), {services} or {emailNotifications}',
  },
  USER_NOT_FOUND: { message: 'User not found' },
  ADMIN_ONLY: { message: 'Admin privileges required' },
  INVALID_UNSUBSCRIBE_TOKEN: { message: 'This unsubscribe link is not valid' },
  // Projects
  PROJECT_NOT_FOUND: { message: 'Project not found' },
  CLIENTS_ONLY: { message: 'Only clients can post projects' },
  NOT_PROJECT_OWNER: { message: 'Only the project owner can edit this project' },
  PROJECT_NOT_EDITABLE: { message: 'A project can be edited only while it is active and not yet awarded' },
  PROJECT_NOT_ACTIVE: { message: 'This project is cancelled' },
  PROJECT_NOT_CANCELLABLE: { message: 'A completed project cannot be cancelled' },
  INVALID_PHASE_TRANSITION: { message: 'A project cannot move from Awarded to Completed' },
  UNKNOWN_PHASE: { message: "Unknown phase 'demolition'", field: 'phase' },
  UNKNOWN_BUDGET_BAND: { message: "Unknown budget filter '10k'", field: 'budget' },
  UNKNOWN_STATUS: { message: "Unknown project status 'open'", field: 'status' },
  INVALID_CURSOR: { message: 'The cursor is not valid; start again from the first page', field: 'cursor' },
  INVALID_LIMIT: { message: 'limit must be a whole number from 1 to 100', field: 'limit' },
  TITLE_TOO_SHORT: { message: 'Title must be at least 5 characters', field: 'title' },
  TITLE_TOO_LONG: { message: 'Title must be at most 100 characters', field: 'title' },
  DESCRIPTION_TOO_SHORT: { message: 'Description must be at least 20 characters', field: 'description' },
  DESCRIPTION_TOO_LONG: { message: 'Description must be at most 5000 characters', field: 'description' },
  BUDGET_RANGE_INVALID: {
    message: 'Minimum budget cannot be greater than maximum budget',
    field: 'budgetMax',
  },
  INVALID_MONEY: { message: 'budgetMin must be a non-negative amount', field: 'budgetMin' },
  MONEY_TOO_LARGE: { message: 'budgetMax must be at most 99,999,999.99', field: 'budgetMax' },
  MONEY_TOO_PRECISE: { message: 'budgetMin must have at most 2 decimal places', field: 'budgetMin' },
  INVALID_DATE: { message: 'bidDeadline is not a valid date', field: 'bidDeadline' },
  BID_DEADLINE_IN_PAST: { message: 'Bid deadline cannot be in the past', field: 'bidDeadline' },
  DEADLINE_IN_PAST: { message: 'Project deadline cannot be in the past', field: 'deadline' },
  DEADLINE_BEFORE_BID_DEADLINE: {
    message: 'Project deadline cannot be before the bid deadline',
    field: 'deadline',
  },
  TOO_MANY_TAGS: { message: 'At most 10 tags allowed', field: 'tags' },
  DUPLICATE_TAG: { message: "Duplicate tag 'kitchen'", field: 'tags' },
  EMPTY_TAG: { message: 'Tags cannot be empty', field: 'tags' },
  TAG_TOO_LONG: { message: 'Tags must be at most 30 characters', field: 'tags' },
  TEXT_TOO_LONG: { message: 'address must be at most 200 characters', field: 'address' },
  STAGE_REQUIRED: { message: 'Please select a project stage', field: 'projectStage' },
  UNKNOWN_STAGE: { message: "Unknown project stage 'dreaming'", field: 'projectStage' },
  NEEDS_REQUIRED: { message: 'Please select at least one contractor need', field: 'contractorNeeds' },
  UNKNOWN_CONTRACTOR_NEED: { message: "Unknown contractor need 'wizard'", field: 'contractorNeeds' },
  PHASES_REQUIRED: { message: 'Please select at least one construction phase', field: 'phases' },
  UNKNOWN_SERVICE_PHASE: { message: "Unknown service phase 'x'", field: 'servicePhases' },
  UNKNOWN_PROJECT_TYPE: { message: "Unknown project type 'castle'", field: 'projectType' },
  UNKNOWN_ISLAND: { message: "Unknown island 'Atlantis'", field: 'island' },
  INVALID_CITY: { message: "'1234' is not a town name: use letters", field: 'city' },
  UNKNOWN_TIME_ZONE: { message: "Unknown time zone 'Mars/Olympus'" },
  // The project form (multipart)
  MULTIPART_REQUIRED: { message: 'Send multipart/form-data with a projectData field and files' },
  PROJECT_DATA_REQUIRED: { message: 'projectData is required', field: 'projectData' },
  MALFORMED_PROJECT_DATA: { message: 'projectData is not valid JSON', field: 'projectData' },
  DUPLICATE_FIELD: { message: 'Send projectData only once', field: 'projectData' },
  UNEXPECTED_FILE_FIELD: { message: "Unexpected file field 'photo'; send files as 'files'" },
  TOO_MANY_FILES: { message: 'Maximum 5 files allowed', field: 'files' },
  UNSUPPORTED_FILE_TYPE: {
    message: 'plans.exe is not an accepted file type (images, PDF, doc or docx)',
    field: 'files',
  },
  UNKNOWN_ATTACHMENT: { message: "The project has no file 'x.pdf'", field: 'attachments' },
  FILE_TOO_LARGE: { message: 'plans.pdf exceeds 80MB limit', field: 'files' },
  PROJECT_DATA_TOO_LARGE: { message: 'projectData is too large', field: 'projectData' },
  TOO_MANY_PARTS: { message: 'The form has too many fields' },
  FILE_NOT_FOUND: { message: 'File not found' },
  THUMBNAIL_NOT_FOUND: { message: 'Thumbnail not found' },
  OWN_PROJECT_SAVE: { message: 'You cannot save your own project' },
  // Deadline changes and addenda (issue 13)
  BID_DEADLINE_UNCHANGED: {
    message: 'The new bid deadline is the same as the current one',
    field: 'bidDeadline',
  },
  BID_DEADLINE_REQUIRED: { message: 'bidDeadline is required', field: 'bidDeadline' },
  BID_DEADLINE_SHORTENED: {
    message: 'The project has bids: the bid deadline cannot be moved before Dec 30, 2026',
  },
  ADDENDUM_TEXT_REQUIRED: { message: 'Addendum text is required', field: 'text' },
  ADDENDUM_TEXT_TOO_LONG: { message: 'Addendum text must be at most 5000 characters', field: 'text' },
  TEXT_TOO_LARGE: { message: 'text is too large', field: 'text' },
  // Project questions (issue 13)
  QUESTION_REQUIRED: { message: 'Question is required', field: 'text' },
  QUESTION_TOO_LONG: { message: 'Question must be at most 1000 characters', field: 'text' },
  CLARIFICATION_REQUIRED: { message: 'Clarification is required', field: 'text' },
  CLARIFICATION_TOO_LONG: { message: 'Clarification must be at most 5000 characters', field: 'text' },
  ANSWER_REQUIRED: { message: 'Answer is required', field: 'answer' },
  ANSWER_TOO_LONG: { message: 'Answer must be at most 5000 characters', field: 'answer' },
  ROLE_CANNOT_ASK: { message: 'Only contractors and vendors can ask questions' },
  QUESTION_RATE_LIMITED: {
    message: 'You can ask at most 10 questions per hour. Please try again later.',
  },
  QUESTION_NOT_FOUND: { message: 'Question not found' },
  SAVED_SEARCH_NOT_FOUND: { message: 'Saved search not found' },
  SAVED_SEARCH_NAME_REQUIRED: { message: 'Give the search a name', field: 'name' },
  SAVED_SEARCH_NAME_TOO_LONG: { message: 'The name must be at most 80 characters', field: 'name' },
  SAVED_SEARCH_NAME_TAKEN: {
    message: "You already have a saved search named 'Kitchens in the Bahamas'",
    field: 'name',
  },
  TOO_MANY_IDS: { message: 'Ask for at most 50 projects at a time', field: 'projectId' },
  INVALID_IDEMPOTENCY_KEY: {
    message: 'Idempotency-Key must be 1 to 100 visible ASCII characters',
    field: 'Idempotency-Key',
  },
  IDEMPOTENCY_KEY_REUSED: {
    message: 'This Idempotency-Key was used for a different request. Use a new key for a new request.',
    field: 'Idempotency-Key',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    message: 'A request with this Idempotency-Key is still being answered. Try again in a moment.',
    field: 'Idempotency-Key',
  },
  SAVED_SEARCH_LIMIT: { message: 'You can keep at most 10 saved searches. Delete one to save another.' },
  UNKNOWN_ALERTS: { message: "Alerts must be 'off', 'instant' or 'daily'", field: 'alerts' },
  QUESTION_NOT_ON_PROJECT: { message: 'This question is not on this project' },
  QUESTION_ALREADY_ANSWERED: { message: 'This question has already been answered' },
  QUESTION_HIDDEN: { message: 'This question was hidden by an admin' },
  // Bids
  BID_NOT_FOUND: { message: 'Bid not found' },
  BID_NOT_ON_PROJECT: { message: 'This bid is not on this project' },
  BID_NOT_PENDING: { message: 'This bid is already accepted' },
  BID_WITHDRAWN: {
    message:
      'This bid was withdrawn: its bidder deleted their account, so it can no longer be accepted or declined',
  },
  BIDDER_DELETED: { message: 'This bidder deleted their account, so their bid can no longer be accepted' },
  RECIPIENT_DELETED: {
    message: 'This account has been deleted; the conversation is closed',
    field: 'receiverId',
  },
  BID_ALREADY_EXISTS: { message: 'You have already submitted a bid on this project' },
  BID_DEADLINE_PASSED: {
    message: 'The bid deadline for this project, Dec 30, 2026, has passed',
  },
  BID_LIMIT_REACHED: { message: "You've reached your monthly limit of 3 bids on the free plan." },
  PROJECT_NOT_BIDDING: { message: 'This project is not accepting bids (phase: Awarded)' },
  ROLE_CANNOT_BID: { message: 'Only contractors and vendors can submit bids' },
  OWN_PROJECT: { message: 'You cannot bid on your own project' },
  NOT_BID_OWNER: { message: 'Only the bidder can edit this bid' },
  ADMIN_CANNOT_DECIDE: { message: 'Admins can see bids but cannot accept or decline them' },
  INVALID_BID_STATUS: { message: 'status must be accepted or rejected', field: 'status' },
  AMOUNT_REQUIRED: { message: 'Amount is required', field: 'amount' },
  AMOUNT_NOT_POSITIVE: { message: 'Amount must be greater than 0', field: 'amount' },
  TIMELINE_REQUIRED: { message: 'Timeline is required', field: 'timeline' },
  TIMELINE_NOT_WHOLE_DAYS: { message: 'Timeline must be a whole number of days', field: 'timeline' },
  TIMELINE_OUT_OF_RANGE: { message: 'Timeline must be between 1 and 3650 days', field: 'timeline' },
  PROPOSAL_REQUIRED: { message: 'Proposal is required', field: 'proposal' },
  PROPOSAL_TOO_LONG: { message: 'Proposal must be at most 5000 characters', field: 'proposal' },
  // Reviews
  INVALID_RATING: { message: 'Rating must be a whole number from 1 to 5', field: 'rating' },
  COMMENT_TOO_LONG: { message: 'Comment must be at most 2000 characters', field: 'comment' },
  NO_AWARDED_CONTRACTOR: { message: 'This project has no awarded contractor to review' },
  PROJECT_NOT_COMPLETED: { message: 'Only a completed project can be reviewed' },
  REVIEW_ALREADY_EXISTS: { message: 'You have already reviewed this project' },
  // Notifications and messages
  NOTIFICATION_NOT_FOUND: { message: 'Notification not found' },
  MESSAGE_EMPTY: { message: 'Message cannot be empty', field: 'content' },
  MESSAGE_TOO_LONG: { message: 'Message must be at most 5000 characters', field: 'content' },
  CANNOT_MESSAGE_SELF: { message: 'You cannot send a message to yourself', field: 'receiverId' },
  UNSUPPORTED_MESSAGE_TYPE: { message: "Only 'text' messages can be sent", field: 'type' },
  // Payments
  NO_ACTIVE_SUBSCRIPTION: { message: 'You have no active subscription to cancel.' },
  NO_PAYMENT_CUSTOMER: { message: 'You have no payment method on file yet. Subscribe first.' },
  PORTAL_UNAVAILABLE: {
    message: 'Updating the payment method needs Stripe; this server runs payments in sandbox (test) mode.',
  },
  SUBSCRIPTION_NEEDS_ATTENTION: {
    message: 'Your subscription has a payment problem. Update your payment method under Profile › Billing.',
  },
  PAYMENT_NOT_FOUND: { message: 'Nothing is waiting to be confirmed with this client secret' },
  CARD_DECLINED: { message: 'Your card was declined.' },
  EXPIRED_CARD: { message: 'Your card has expired.' },
  INCORRECT_NUMBER: { message: 'Your card number is incorrect.' },
  INVALID_EXPIRY: { message: "Your card's expiration date is incomplete.", field: 'expiry' },
  INVALID_EXPIRY_MONTH: { message: "Your card's expiration month is invalid.", field: 'expiry' },
  INVALID_EXPIRY_YEAR: { message: "Your card's expiration date is in the past.", field: 'expiry' },
  INCOMPLETE_CVC: { message: "Your card's security code is incomplete.", field: 'cvc' },
  NOT_A_BIDDER: {
    message:
      'Pro is for contractors and vendors, who bid on projects. Switch your role to contractor or vendor to subscribe.',
  },
  LAST_ADMIN: {
    message: 'Ada Root is the only admin. Make another user an admin before changing this role.',
    field: 'role',
  },
  INVALID_SIGNATURE: { message: 'The webhook signature does not match' },
};

const STATUS_MEANING: Record<string, string> = {
  400: 'The request is not valid',
  401: 'Not signed in (no session cookie, or the session ended)',
  403: 'Signed in, but not allowed',
  404: 'Not found',
  409: 'The current state does not allow it',
  413: 'Too large',
  415: 'The request body has a content type this operation does not read',
  429: 'Too many requests; try again later',
  503: 'The database is not reachable right now; retry after the Retry-After seconds',
};

/** Every 429 and 503 says when to try again (issue 23). */
const RETRY_AFTER: Record<string, boolean> = { 429: true, 503: true };
const RETRY_AFTER_HEADER = {
  'Retry-After': {
    description: 'Whole seconds to wait before trying again',
    schema: { type: 'integer', minimum: 0 },
  },
};

type Codes = Record<string, string[]>;

function add(codes: Codes, status: number, ...values: string[]): void {
  const list = codes[status] ?? [];
  for (const value of values) if (!list.includes(value)) list.push(value);
  codes[status] = list;
}

/** Swagger `transform`: adds the errors every route of this kind can give to the route's declared ones. */
export function documentRoute({
  schema,
  url,
  route,
}: {
  schema: Record<string, unknown> | undefined;
  url: string;
  route: RouteOptions;
}): { schema: Record<string, unknown> | undefined; url: string } {
  if (!schema || schema.hide) return { schema, url };
  let next: Record<string, unknown> = schema;
  if (next.multipartBody) {
    const { multipartBody, ...rest } = next;
    next = { ...rest, body: multipartBody, consumes: ['multipart/form-data'] };
  }
  const declared = next[ERROR_CODES_KEY] as ErrorCodes | undefined;
  if (!declared) return { schema: next, url };
  const codes: Codes = {};
  for (const [status, list] of Object.entries(declared)) add(codes, Number(status), ...(list ?? []));
  const security = next.security as unknown[] | undefined;
  if (security && security.length > 0) add(codes, 401, 'UNAUTHENTICATED');
  const access = next[ACCESS_KEY] as Access | undefined;
  if (typeof access === 'object' && access.roles.length === 1 && access.roles[0] === 'admin') {
    add(codes, 403, 'ADMIN_ONLY');
  }
  if (next.params || next.querystring || next.body) add(codes, 400, 'VALIDATION_FAILED');
  // Any request may carry a query string: a NUL in it is refused before any route runs; a URL whose
  // percent-encoding is broken is BAD_REQUEST.
  add(codes, 400, 'NUL_BYTE');
  if (next.params) add(codes, 400, 'BAD_REQUEST');
  if (next.consumes) add(codes, 400, 'NUL_BYTE', 'MALFORMED_MULTIPART');
  if (!next[NO_DATABASE_KEY]) add(codes, 503, 'DATABASE_UNAVAILABLE');
  const methods = ([] as string[]).concat(route.method);
  if (methods.some((m) => m !== 'GET' && m !== 'HEAD')) {
    // The origin check (apps/api/src/http/security.ts): another site's Origin or Referer.
    add(codes, 403, 'ORIGIN_FORBIDDEN');
    // Fastify reads a body on these methods whatever the route declares.
    add(codes, 413, 'PAYLOAD_TOO_LARGE');
    if (!next[RAW_BODY_KEY]) {
      add(codes, 400, 'MALFORMED_JSON', 'BAD_REQUEST');
      add(codes, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  }
  const config = route.config as { rateLimit?: unknown } | undefined;
  if (config?.rateLimit) add(codes, 429, 'RATE_LIMITED');
  return { schema: { ...next, [ERROR_CODES_KEY]: codes }, url };
}

type Json = Record<string, unknown>;

const ERROR_REF = '#/components/schemas/Error';

/** Swagger `transformObject`: error codes become 4xx answers with examples; the extension keys go. */
export function finishDocument({ openapiObject }: { openapiObject: Partial<Json> }): Json {
  const document = openapiObject as Json;
  for (const item of Object.values((document.paths ?? {}) as Record<string, Json>)) {
    for (const op of Object.values(item) as Json[]) {
      if (!op || typeof op !== 'object' || !op.responses) continue;
      const responses = op.responses as Record<string, Json>;
      const codes = (op[ERROR_CODES_KEY] ?? {}) as Codes;
      delete op[ERROR_CODES_KEY];
      delete op[ACCESS_KEY];
      delete op[RAW_BODY_KEY];
      delete op[NO_DATABASE_KEY];
      for (const [status, list] of Object.entries(codes)) {
        const current = responses[status];
        const content = { ...((current?.content ?? {}) as Json) };
        content['application/json'] = errorMedia(list);
        const description =
          current?.description && current.description !== 'Default Response'
            ? String(current.description)
            : `${STATUS_MEANING[status] ?? 'Error'}: ${list.join(', ')}`;
        responses[status] = {
          description,
          content,
          ...(RETRY_AFTER[status] ? { headers: RETRY_AFTER_HEADER } : {}),
        };
      }
      const described = (op[RESPONSES_KEY] ?? {}) as Record<string, string>;
      delete op[RESPONSES_KEY];
      for (const [status, description] of Object.entries(described)) {
        const response = responses[status];
        if (response) response.description = description;
      }
      op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
  return document;
}

function errorMedia(codes: string[]): Json {
  const examples: Record<string, Json> = {};
  for (const code of codes) {
    const example = ERROR_EXAMPLES[code];
    examples[code] = {
      summary: code,
      value: { message: example?.message ?? code, code, ...(example?.field ? { field: example.field } : {}) },
    };
  }
  return {
    schema: {
      allOf: [{ $ref: ERROR_REF }, { type: 'object', properties: { code: { enum: codes } } }],
    },
    examples,
  };
}

/** What a third party would miss in the document: each finding names the operation. */
export function auditDocument(document: Json): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item) as [string, Json][]) {
      const where = `${method.toUpperCase()} ${path}`;
      const id = op.operationId;
      if (typeof id !== 'string' || !/^[a-z][A-Za-z0-9]+$/.test(id)) {
        problems.push(`${where}: no lowerCamelCase operationId (use operation({ id, ... }))`);
      } else if (seen.has(id)) problems.push(`${where}: operationId ${id} is used twice`);
      else seen.add(id);
      if (!op.summary) problems.push(`${where}: no summary`);
      if (!op.description) problems.push(`${where}: no description`);
      if (!Array.isArray(op.security)) problems.push(`${where}: no security (use operation({ access }))`);
      const responses = (op.responses ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(responses)) {
        if (!response.description || response.description === 'Default Response') {
          problems.push(`${where}: the ${status} answer has no description (operation({ responses }))`);
        }
        if (Number(status) >= 400) {
          const media = (response.content as Json | undefined)?.['application/json'] as Json | undefined;
          const schema = media?.schema as Json | undefined;
          const enumCodes = ((schema?.allOf as Json[] | undefined)?.[1]?.properties as Json | undefined)
            ?.code as Json | undefined;
          if (!enumCodes) {
            problems.push(`${where}: the ${status} answer lists no error codes (operation({ errors }))`);
            continue;
          }
          for (const code of enumCodes.enum as string[]) {
            if (!ERROR_EXAMPLES[code]) {
              problems.push(`${where}: error code ${code} has no example in ERROR_EXAMPLES`);
            }
          }
        }
      }
      const body = op.requestBody as Json | undefined;
      if (body) {
        for (const [type, media] of Object.entries((body.content ?? {}) as Record<string, Json>)) {
          if (media.example === undefined && media.examples === undefined) {
            problems.push(`${where}: the ${type} request body has no example (examples on its schema)`);
          }
        }
      }
    }
  }
  return problems;
}
