import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { BrowseResult } from '#application/projects/list-projects.ts';
import type { ProjectPage, ProjectView } from '#application/projects/ports.ts';
import { BUDGET_BANDS, MAX_PAGE_SIZE } from '#domain/project/browse.ts';
import { PROJECT_STATUSES } from '#domain/project/phase.ts';
import type { ErrorCode } from '#domain/shared/error-codes.ts';
import type { User } from '#domain/user/user.ts';
import { type OperationDoc, operation } from '../../http/openapi.ts';
import {
  type ProjectDto,
  type ProjectSummaryDto,
  toProjectDto,
  toProjectSummaryDto,
} from '../../http/schemas/project.ts';
import type { Uses } from '../../http/services.ts';
import type { UploadStore } from '../../http/tokens.ts';

/** The page size of GET /api/projects when `limit` is not given. */
export const DEFAULT_PROJECT_LIMIT = 50;

const ProjectIdParams = Type.Object({
  id: Type.String({ format: 'uuid', description: 'The project id' }),
});

/**
 * The operation of a route on one project (`/api/projects/:id...`) with what every such route has: the
 * project id parameter, and 404 PROJECT_NOT_FOUND before the route's own 404s.
 */
export function onProject(doc: OperationDoc) {
  const notFound: ErrorCode[] = ['PROJECT_NOT_FOUND', ...(doc.errors?.[404] ?? [])];
  return { ...operation({ ...doc, errors: { ...doc.errors, 404: notFound } }), params: ProjectIdParams };
}

const emptyOr = <T extends readonly string[]>(values: T, description: string) =>
  Type.Optional(Type.Enum(['', 'all', ...values], { description }));

export const PagingQuery = {
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PAGE_SIZE,
      description: `Page size, 1..${MAX_PAGE_SIZE}; default ${DEFAULT_PROJECT_LIMIT}`,
    }),
  ),
  cursor: Type.Optional(
    Type.String({ maxLength: 500, description: 'From the previous page’s Link rel="next"' }),
  ),
};

export const ListQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'A search as in a search engine (decision 0214): words in any order, each found in the title or ' +
        "description by its English stem ('roofing' finds 'Roof') or as the start of a word ('kitch' finds " +
        '\'Kitchen\'); "a phrase" in quotes; `or` between alternatives; `-word` leaves a word out. Letters ' +
        'inside a word are not searched. A search that finds nothing may answer X-Did-You-Mean',
    }),
  ),
  country: Type.Optional(
    Type.String({ maxLength: 10, description: "Country code; '' or 'all' is every country" }),
  ),
  category: Type.Optional(
    Type.String({ maxLength: 100, description: "Exact category; '' or 'all' is every one" }),
  ),
  budget: emptyOr(
    BUDGET_BANDS.map((b) => b.value),
    "Budget band: '1k-5k' (max ≤ 5000), '5k-25k' (min ≥ 5000 and max ≤ 25000), '25k+' (min ≥ 25000)",
  ),
  status: emptyOr(PROJECT_STATUSES, 'Project status'),
  clientId: Type.Optional(Type.String({ format: 'uuid', description: "Only this owner's projects" })),
  ...PagingQuery,
});

/** The list headers: X-Total-Count and, when there is a next page, Link rel="next". */
/** The optional Idempotency-Key of the posts that create things (apps/api/src/http/idempotency.ts). */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      maxLength: 100,
      description:
        'Any 1..100 visible ASCII characters (a UUID is a good choice), new for each new request: a retry ' +
        'with the same key answers the first answer again',
    }),
  ),
});
export const IDEMPOTENCY_ERRORS: ErrorCode[] = ['IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE'];
export const IDEMPOTENCY_TEXT =
  'With an `Idempotency-Key` header, a retry with the same key answers the first success again ' +
  '(`Idempotent-Replayed: true`) instead of posting twice; the key with another JSON body answers 409 ' +
  'IDEMPOTENCY_KEY_REUSED (a multipart post counts by its address alone), and while the first is still ' +
  'running 409 IDEMPOTENCY_KEY_IN_USE.';

export const PageHeaders = {
  'X-Total-Count': { type: 'integer', description: 'How many projects match in all' },
  Link: {
    type: 'string',
    description: 'The next page, when there is one: `</api/projects?...&cursor=...>; rel="next"`',
  },
};

/** The browse's headers: the page's, and X-Did-You-Mean for a search that found nothing (decision 0214). */
export const BrowsePageHeaders = {
  ...PageHeaders,
  'X-Did-You-Mean': {
    type: 'string',
    description:
      'Only when a search (`q`) finds nothing on its first page and a corrected search finds projects with ' +
      'the same filters: that search, with each misspelt word replaced by the nearest word projects are ' +
      'written with, percent-encoded as a URI component (`kitchn tiles` gives `kitchen%20tiles`)',
  },
};

/**
 * Sends one page of projects: the items as the body, X-Total-Count, Link rel="next" (the same query
 * with the next cursor) and, for a search that found nothing, X-Did-You-Mean.
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  { page, suggestion }: BrowseResult,
  uploads: UploadStore,
): Promise<FastifyReply> {
  reply.header('X-Total-Count', String(page.total));
  if (suggestion !== null) reply.header('X-Did-You-Mean', encodeURIComponent(suggestion));
  if (page.nextCursor) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(request.query as Record<string, unknown>)) {
      if (key !== 'cursor' && value !== undefined && value !== '') query.set(key, String(value));
    }
    query.set('cursor', page.nextCursor);
    reply.header('Link', `<${path}?${query.toString()}>; rel="next"`);
  }
  let body = serializedPages.get(page);
  if (!body) {
    body = projectSummaries(page.items, uploads).then((items) => JSON.stringify(items));
    serializedPages.set(page, body);
  }
  // Already JSON: Fastify sends a string body with a JSON content type as it is.
  return reply.type('application/json; charset=utf-8').send(await body);
}

/** Projects as the cards show them, each with what is known of its files. */
export function projectSummaries(
  views: readonly ProjectView[],
  uploads: UploadStore,
): Promise<ProjectSummaryDto[]> {
  return Promise.all(
    views.map(async (view) => toProjectSummaryDto(view, await uploads.describe(view.project.attachments))),
  );
}

/**
 * A page kept by the list cache (decision 0007) is mapped and serialized once, not per request. The
 * mapper builds exactly the ProjectSummary schema's fields, which the API tests and the contract check.
 */
const serializedPages = new WeakMap<ProjectPage, Promise<string>>();

/** What the project form (post and edit) can answer besides the automatic errors. */
export const PROJECT_FORM_ERRORS = {
  400: [
    'MULTIPART_REQUIRED',
    'PROJECT_DATA_REQUIRED',
    'MALFORMED_PROJECT_DATA',
    'DUPLICATE_FIELD',
    'UNEXPECTED_FILE_FIELD',
    'TOO_MANY_FILES',
    'UNSUPPORTED_FILE_TYPE',
    'INVALID_DATE',
    'TITLE_TOO_SHORT',
    'TITLE_TOO_LONG',
    'DESCRIPTION_TOO_SHORT',
    'DESCRIPTION_TOO_LONG',
    'BUDGET_RANGE_INVALID',
    'INVALID_MONEY',
    'MONEY_TOO_LARGE',
    'MONEY_TOO_PRECISE',
    'BID_DEADLINE_IN_PAST',
    'DEADLINE_IN_PAST',
    'DEADLINE_BEFORE_BID_DEADLINE',
    'TOO_MANY_TAGS',
    'DUPLICATE_TAG',
    'EMPTY_TAG',
    'TAG_TOO_LONG',
    'TEXT_TOO_LONG',
    'STAGE_REQUIRED',
    'UNKNOWN_STAGE',
    'NEEDS_REQUIRED',
    'UNKNOWN_CONTRACTOR_NEED',
    'PHASES_REQUIRED',
    'UNKNOWN_PHASE',
    'UNKNOWN_SERVICE_PHASE',
    'UNKNOWN_PROJECT_TYPE',
    'UNKNOWN_ISLAND',
    'INVALID_CITY',
    'UNKNOWN_COUNTRY',
    'COUNTRY_REQUIRED',
  ],
  413: ['FILE_TOO_LARGE', 'PROJECT_DATA_TOO_LARGE', 'TOO_MANY_PARTS'],
} as const;
export const BROWSE_ERRORS: ErrorCode[] = ['INVALID_CURSOR', 'UNKNOWN_BUDGET_BAND', 'UNKNOWN_STATUS'];

/**
 * The full project as the detail page shows it, for this caller. `opened` (GET only) counts the
 * caller's view (once a day, never the owner's) through OpenProject.
 */
export function projectReader(
  useCases: Uses<'getProject' | 'openProject'>['useCases'],
  http: Uses<never, 'uploads'>['http'],
) {
  return async function projectFor(
    user: User,
    id: string,
    options: { opened?: boolean } = {},
  ): Promise<ProjectDto> {
    // One statement: the project, its owner and bid figures, and the caller's own bid (never the owner's).
    const details = await useCases.getProject.execute(user, id);
    const [attachments, opened] = await Promise.all([
      details.project.attachments.length === 0 ? [] : http.uploads.describe(details.project.attachments),
      options.opened ? useCases.openProject.execute(user, details) : undefined,
    ]);
    return toProjectDto(details, attachments, details.viewerBid, opened);
  };
}
