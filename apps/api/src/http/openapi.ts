import type { RouteOptions } from 'fastify';
import type { Scope } from '#domain/access/scopes.ts';
import type { ErrorCode } from '#domain/shared/error-codes.ts';
import { ACCESS_KEY, type Access, SCOPE_KEY, securityOf } from './access.ts';
import { ERROR_EXAMPLES } from './error-examples.ts';

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

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;
/** The codes a route answers by status: each one a known `ErrorCode`, so a misspelt code fails typecheck. */
type ErrorCodes = Partial<Record<ErrorStatus, readonly ErrorCode[]>>;

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
  /**
   * What a third-party token (`Authorization: Bearer`) needs to call it as its owner (decision 0211). None:
   * no token may call it (403 TOKEN_NOT_ALLOWED), as for the admin operations and the account's own security.
   */
  scope?: Scope;
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
    security: securityOf(doc.access, doc.scope),
    [ACCESS_KEY]: doc.access,
    ...(doc.scope ? { [SCOPE_KEY]: doc.scope } : {}),
    [ERROR_CODES_KEY]: doc.errors ?? {},
    ...(doc.responses ? { [RESPONSES_KEY]: doc.responses } : {}),
    ...(doc.rawBody ? { [RAW_BODY_KEY]: true } : {}),
    ...(doc.database === false ? { [NO_DATABASE_KEY]: true } : {}),
  };
}

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

/** Every 429 and 503 says when to try again (decision 0191). */
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
  // Any request may carry a bearer token (decision 0211): a bad one is 401 and a spent budget 429 wherever
  // it goes; a signed-in operation refuses a token without its scope, or any token when it names none.
  if (access !== undefined) {
    add(codes, 401, 'INVALID_TOKEN');
    add(codes, 429, 'RATE_LIMITED');
    if (access !== 'public') add(codes, 403, next[SCOPE_KEY] ? 'INSUFFICIENT_SCOPE' : 'TOKEN_NOT_ALLOWED');
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
      delete op[SCOPE_KEY];
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
