import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ListProjectBids, SubmitBid } from '../../../../application/bids/use-cases.ts';
import { OpenProject } from '../../../../application/engagement/use-cases.ts';
import type { ProjectPage } from '../../../../application/projects/ports.ts';
import {
  CancelProject,
  ChangeBidDeadline,
  DeleteProject,
  EditProject,
  GetProject,
  ListAddenda,
  ListProjects,
  MoveProjectPhase,
  PostAddendum,
  PostProject,
} from '../../../../application/projects/use-cases.ts';
import { ReviewContractor } from '../../../../application/reviews/use-cases.ts';
import { BUDGET_BANDS, MAX_PAGE_SIZE } from '../../../../domain/project/browse.ts';
import { PROJECT_PHASES, PROJECT_STATUSES } from '../../../../domain/project/phase.ts';
import { ValidationError } from '../../../../domain/shared/errors.ts';
import type { User } from '../../../../domain/user/user.ts';
import { requireUser } from '../http/auth.ts';
import { idempotentRoute } from '../http/idempotency.ts';
import {
  AddendumFormBody,
  AddendumRef,
  ProjectBidRef,
  type ProjectDto,
  ProjectFormBody,
  ProjectRef,
  type ProjectSummaryDto,
  ProjectSummaryRef,
  ReviewRef,
  SubmittedBidRef,
  toAddendumDto,
  toBidDto,
  toBidQuotaDto,
  toProjectBidDto,
  toProjectDto,
  toProjectSummaryDto,
  toReviewDto,
} from '../http/marketplace-schemas.ts';
import { operation } from '../http/openapi.ts';
import {
  parseDate,
  readAddendumForm,
  readProjectForm,
  removeQuietly,
  toDetailsInput,
} from '../http/project-form.ts';
import { errors } from '../http/schemas.ts';
import type { AppServices } from '../http/services.ts';
import { HTTP_TOKENS, type UploadStore } from '../http/tokens.ts';

/** The page size of GET /api/projects when `limit` is not given. */
export const DEFAULT_PROJECT_LIMIT = 50;

export const ProjectIdParams = Type.Object({
  id: Type.String({ format: 'uuid', description: 'The project id' }),
});

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

const ListQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Words, each found case-insensitively anywhere in the title or description (also inside words), in any order',
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
const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      maxLength: 100,
      description:
        'Any 1..100 visible ASCII characters (a UUID is a good choice), new for each new request: a retry ' +
        'with the same key answers the first answer again',
    }),
  ),
});
const IDEMPOTENCY_ERRORS = ['IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE'];
const IDEMPOTENCY_TEXT =
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

/**
 * Sends one page of projects: the items as the body, X-Total-Count, and Link rel="next" (the same query
 * with the next cursor).
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  page: ProjectPage,
  uploads: UploadStore,
): Promise<FastifyReply> {
  reply.header('X-Total-Count', String(page.total));
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
    body = Promise.all(
      page.items.map(async (view) =>
        toProjectSummaryDto(view, await uploads.describe(view.project.attachments)),
      ),
    ).then((items) => JSON.stringify(items satisfies ProjectSummaryDto[]));
    serializedPages.set(page, body);
  }
  // Already JSON: Fastify sends a string body with a JSON content type as it is.
  return reply.type('application/json; charset=utf-8').send(await body);
}

/**
 * A page kept by the list cache (decision 0007) is mapped and serialized once, not per request. The
 * mapper builds exactly the ProjectSummary schema's fields, which the API tests and the contract check.
 */
const serializedPages = new WeakMap<ProjectPage, Promise<string>>();

/** What the project form (post and edit) can answer besides the automatic errors. */
const PROJECT_FORM_ERRORS = {
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
const BROWSE_ERRORS = ['INVALID_CURSOR', 'UNKNOWN_BUDGET_BAND', 'UNKNOWN_STATUS'];

export const projectRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const uploads = () => services.get(HTTP_TOKENS.Uploads);
  const idempotent = idempotentRoute(services);
  const timeZone = () => services.get(HTTP_TOKENS.Settings).timeZone;

  /**
   * The full project as the detail page shows it, for this caller. `opened` (GET only) counts the
   * caller's view (once a day, never the owner's) through OpenProject.
   */
  async function projectFor(user: User, id: string, options: { opened?: boolean } = {}): Promise<ProjectDto> {
    // One statement: the project, its owner and bid figures, and the caller's own bid (never the owner's).
    const details = await services.get(GetProject).execute(user, id);
    const [attachments, opened] = await Promise.all([
      details.project.attachments.length === 0 ? [] : uploads().describe(details.project.attachments),
      options.opened ? services.get(OpenProject).execute(user, details) : undefined,
    ]);
    return toProjectDto(details, attachments, details.viewerBid, opened);
  }

  app.get(
    '/api/projects',
    {
      schema: {
        tags: ['projects'],
        ...operation({
          id: 'listProjects',
          summary: 'Browse projects',
          description:
            'Newest first. Empty values and `all` mean no filter. The body is the page; the total is in ' +
            'X-Total-Count and the next page in `Link: <...>; rel="next"` (keyset paging with an opaque cursor).',
          access: 'session',
          errors: { 400: BROWSE_ERRORS },
          responses: { 200: 'One page of projects, newest first' },
        }),
        querystring: ListQuery,
        response: {
          200: Type.Array(ProjectSummaryRef, { headers: PageHeaders }),
          ...errors(400, 401),
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { limit, ...filters } = request.query;
      const page = await services
        .get(ListProjects)
        .execute(user, { ...filters, limit: limit ?? DEFAULT_PROJECT_LIMIT });
      return sendPage(request, reply, '/api/projects', page, uploads());
    },
  );

  app.get(
    '/api/projects/:id',
    {
      schema: {
        tags: ['projects'],
        ...operation({
          id: 'getProject',
          summary: 'One project, with its files and the caller’s own bid',
          description:
            'What the project page shows: every field, the files, whether it takes bids, and your own bid. ' +
            'Reading a project counts a view: one per signed-in viewer per project per day (America/Nassau ' +
            "days), never the owner's. `viewCount` includes this view; `savedByMe` says whether the caller saved it.",
          access: 'session',
          errors: { 404: ['PROJECT_NOT_FOUND'] },
          responses: { 200: 'The project' },
        }),
        params: ProjectIdParams,
        response: { 200: ProjectRef, ...errors(400, 401, 404) },
      },
    },
    async (request) => projectFor(await requireUser(request), request.params.id, { opened: true }),
  );

  app.post(
    '/api/projects',
    {
      schema: {
        tags: ['projects'],
        ...operation({
          id: 'postProject',
          summary: 'Post a project (clients), with up to 5 files',
          description:
            'multipart/form-data: a `projectData` field holding the ProjectData JSON, and the files as repeated ' +
            '`files` parts. Files are checked by their content (images, PDF, DOC, DOCX), each at most 80 MB ' +
            "(413 '{file} exceeds 80MB limit'); a sixth file answers 400 'Maximum 5 files allowed'. " +
            'A request that fails keeps none of its files. ' +
            IDEMPOTENCY_TEXT,
          access: 'session',
          errors: {
            ...PROJECT_FORM_ERRORS,
            400: [...PROJECT_FORM_ERRORS[400], 'INVALID_IDEMPOTENCY_KEY'],
            403: ['CLIENTS_ONLY'],
            409: IDEMPOTENCY_ERRORS,
          },
          responses: { 201: 'The new project, as GET /api/projects/{id} shows it' },
        }),
        multipartBody: ProjectFormBody,
        headers: IdempotencyHeaders,
        response: { 201: ProjectRef, ...errors(400, 401, 403, 409, 413) },
      },
      ...idempotent,
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const storage = uploads();
      const { data, files } = await readProjectForm(request, { storage });
      let input: ReturnType<typeof toDetailsInput>;
      try {
        input = toDetailsInput(data, timeZone());
      } catch (error) {
        await removeQuietly(
          storage,
          files.map((f) => f.name),
          request,
        );
        throw error;
      }
      // PostProject removes the stored files itself when posting fails.
      const project = await services.get(PostProject).execute(user, { ...input, files });
      return reply.status(201).send(await projectFor(user, project.id));
    },
  );

  app.patch(
    '/api/projects/:id',
    {
      schema: {
        tags: ['projects'],
        ...operation({
          id: 'editProject',
          summary: 'Edit your project while it is active and not yet awarded',
          description:
            'multipart/form-data like posting. In projectData, fields left out keep their value and ' +
            '`attachments` lists the stored names of the files to keep (absent keeps them all); new files ' +
            "come as `files`. Kept plus new is at most 5: 'Maximum 5 files allowed. You currently have {n} files.' " +
            'Dropped files are deleted after the edit is saved.',
          access: 'session',
          errors: {
            ...PROJECT_FORM_ERRORS,
            400: [...PROJECT_FORM_ERRORS[400], 'UNKNOWN_ATTACHMENT'],
            403: ['NOT_PROJECT_OWNER'],
            404: ['PROJECT_NOT_FOUND'],
            409: ['PROJECT_NOT_EDITABLE', 'BID_DEADLINE_SHORTENED'],
          },
          responses: { 200: 'The project as saved' },
        }),
        params: ProjectIdParams,
        multipartBody: ProjectFormBody,
        response: { 200: ProjectRef, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { id } = request.params;
      // Answer 404 before storing anything for a project that does not exist.
      const current = await services.get(GetProject).execute(user, id);
      const storage = uploads();
      const { data, files } = await readProjectForm(request, {
        storage,
        keptCount: (d) =>
          d === undefined
            ? undefined
            : d.attachments
              ? new Set(d.attachments).size
              : current.project.attachments.length,
      });
      let input: ReturnType<typeof toDetailsInput>;
      try {
        input = toDetailsInput(data, timeZone());
      } catch (error) {
        await removeQuietly(
          storage,
          files.map((f) => f.name),
          request,
        );
        throw error;
      }
      // EditProject removes the new files itself when the edit fails.
      await services.get(EditProject).execute(user, id, {
        ...input,
        ...(data.attachments ? { attachments: data.attachments } : {}),
        newFiles: files,
      });
      return projectFor(user, id);
    },
  );

  app.delete(
    '/api/projects/:id',
    {
      schema: {
        tags: ['projects'],
        ...operation({
          id: 'deleteProject',
          summary: 'Delete your project permanently (its bids and files go too)',
          description: 'Owner (or admin) only. Its bids, reviews and files are removed with it.',
          access: 'session',
          errors: { 403: ['NOT_PROJECT_OWNER'], 404: ['PROJECT_NOT_FOUND'] },
          responses: { 204: 'Deleted' },
        }),
        params: ProjectIdParams,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await services.get(DeleteProject).execute(user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/projects/:id/phase',
    {
      schema: {
        tags: ['projects'],
        ...operation({
          id: 'moveProjectPhase',
          summary: 'Move your awarded project on: awarded → in_progress → review → completed',
          description:
            'Owner only, one step at a time (409 INVALID_PHASE_TRANSITION otherwise). Reaching completed ' +
            'sets the status completed.',
          access: 'session',
          errors: {
            403: ['NOT_PROJECT_OWNER'],
            404: ['PROJECT_NOT_FOUND'],
            409: ['INVALID_PHASE_TRANSITION', 'PROJECT_NOT_ACTIVE'],
          },
          responses: { 200: 'The project in its new phase' },
        }),
        params: ProjectIdParams,
        body: Type.Object(
          { phase: Type.Enum([...PROJECT_PHASES]) },
          { examples: [{ phase: 'in_progress' }] },
        ),
        response: { 200: ProjectRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await services.get(MoveProjectPhase).execute(user, request.params.id, request.body.phase);
      return projectFor(user, request.params.id);
    },
  );

  app.post(
    '/api/projects/:id/cancel',
    {
      schema: {
        tags: ['projects'],
        ...operation({
          id: 'cancelProject',
          summary: 'Cancel your active project; its pending bids are rejected',
          description:
            'Owner only. No body. A project that is not active answers 409 PROJECT_NOT_CANCELLABLE.',
          access: 'session',
          errors: {
            403: ['NOT_PROJECT_OWNER'],
            404: ['PROJECT_NOT_FOUND'],
            409: ['PROJECT_NOT_CANCELLABLE'],
          },
          responses: { 200: 'The cancelled project' },
        }),
        params: ProjectIdParams,
        response: { 200: ProjectRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await services.get(CancelProject).execute(user, request.params.id);
      return projectFor(user, request.params.id);
    },
  );

  app.post(
    '/api/projects/:id/reviews',
    {
      schema: {
        tags: ['projects'],
        ...operation({
          id: 'reviewContractor',
          summary: 'Review the contractor of your completed project (once)',
          description:
            "The owner rates the awarded contractor 1..5 stars; the contractor's rating is recomputed. " +
            'Only once per project (409 REVIEW_ALREADY_EXISTS).',
          access: 'session',
          errors: {
            400: ['INVALID_RATING', 'COMMENT_TOO_LONG'],
            403: ['NOT_PROJECT_OWNER'],
            404: ['PROJECT_NOT_FOUND', 'USER_NOT_FOUND'],
            409: ['PROJECT_NOT_COMPLETED', 'NO_AWARDED_CONTRACTOR', 'REVIEW_ALREADY_EXISTS'],
          },
          responses: { 201: 'The review' },
        }),
        params: ProjectIdParams,
        body: Type.Object(
          {
            rating: Type.Integer({ minimum: 1, maximum: 5, description: 'Whole stars, 1..5' }),
            comment: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
          },
          { examples: [{ rating: 5, comment: 'On time and tidy. Would hire again.' }] },
        ),
        response: { 201: ReviewRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const review = await services.get(ReviewContractor).execute(user, request.params.id, request.body);
      return reply.status(201).send(toReviewDto(review));
    },
  );

  app.get(
    '/api/projects/:id/bids',
    {
      schema: {
        tags: ['bids'],
        ...operation({
          id: 'listProjectBids',
          summary: "A project's bids with their bidders",
          description:
            'The owner and admins see every bid, newest first; anyone else sees only their own bid (a list of ' +
            'zero or one), never other bidders’.',
          access: 'session',
          errors: { 404: ['PROJECT_NOT_FOUND'] },
          responses: { 200: 'The bids you may see, newest first' },
        }),
        params: ProjectIdParams,
        response: { 200: Type.Array(ProjectBidRef), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const bids = await services.get(ListProjectBids).execute(user, request.params.id);
      return bids.map(toProjectBidDto);
    },
  );

  app.post(
    '/api/projects/:id/bids',
    {
      schema: {
        tags: ['bids'],
        ...operation({
          id: 'submitBid',
          summary: 'Bid on a project (contractors and vendors, once per project)',
          description:
            '403 BID_LIMIT_REACHED "You\'ve reached your monthly limit of 3 bids on the free plan." when a ' +
            'free-plan user has no bids left this month; 403 OWN_PROJECT / ROLE_CANNOT_BID; 409 ' +
            'BID_ALREADY_EXISTS / PROJECT_NOT_BIDDING / BID_DEADLINE_PASSED / PROJECT_NOT_ACTIVE. ' +
            IDEMPOTENCY_TEXT,
          access: 'session',
          errors: {
            400: [
              'AMOUNT_REQUIRED',
              'AMOUNT_NOT_POSITIVE',
              'MONEY_TOO_LARGE',
              'MONEY_TOO_PRECISE',
              'TIMELINE_REQUIRED',
              'TIMELINE_NOT_WHOLE_DAYS',
              'TIMELINE_OUT_OF_RANGE',
              'PROPOSAL_REQUIRED',
              'PROPOSAL_TOO_LONG',
              'INVALID_IDEMPOTENCY_KEY',
            ],
            403: ['BID_LIMIT_REACHED', 'OWN_PROJECT', 'ROLE_CANNOT_BID'],
            404: ['PROJECT_NOT_FOUND'],
            409: [
              'BID_ALREADY_EXISTS',
              'PROJECT_NOT_BIDDING',
              'BID_DEADLINE_PASSED',
              'PROJECT_NOT_ACTIVE',
              ...IDEMPOTENCY_ERRORS,
            ],
          },
          responses: { 201: 'The bid, with your quota after it' },
        }),
        params: ProjectIdParams,
        body: Type.Object(
          {
            amount: Type.Number({ description: 'USD, more than 0, at most 2 decimals' }),
            timeline: Type.Integer({ description: 'Whole days, 1..3650' }),
            proposal: Type.String({ maxLength: 5000 }),
          },
          {
            examples: [
              { amount: 12500, timeline: 30, proposal: 'Licensed electrician, 12 years on Nassau rewires.' },
            ],
          },
        ),
        headers: IdempotencyHeaders,
        response: { 201: SubmittedBidRef, ...errors(400, 401, 403, 404, 409) },
      },
      ...idempotent,
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { bid, quota } = await services.get(SubmitBid).execute(user, request.params.id, request.body);
      return reply.status(201).send({ ...toBidDto(bid.toSnapshot()), quota: toBidQuotaDto(quota) });
    },
  );

  app.post(
    '/api/projects/:id/bid-deadline',
    {
      schema: {
        tags: ['projects'],
        ...operation({
          id: 'changeBidDeadline',
          summary: 'Extend the bid deadline of your project (owner)',
          description:
            'While the project is active and in bidding, also after the deadline passed (bidding reopens). ' +
            'A date (YYYY-MM-DD) means the end of that day in the platform time zone. Never into the past, ' +
            'never earlier while the project has bids. Pending bids stay; every bidder is notified (in-app, ' +
            'socket and email).',
          access: 'session',
          errors: {
            400: [
              'BID_DEADLINE_IN_PAST',
              'BID_DEADLINE_UNCHANGED',
              'DEADLINE_BEFORE_BID_DEADLINE',
              'INVALID_DATE',
              'BID_DEADLINE_REQUIRED',
            ],
            403: ['NOT_PROJECT_OWNER'],
            404: ['PROJECT_NOT_FOUND'],
            409: ['BID_DEADLINE_SHORTENED', 'PROJECT_NOT_ACTIVE', 'PROJECT_NOT_BIDDING'],
          },
          responses: { 200: 'The project with its new bid deadline' },
        }),
        params: ProjectIdParams,
        body: Type.Object(
          {
            bidDeadline: Type.String({
              minLength: 10,
              maxLength: 40,
              description: 'YYYY-MM-DD or an ISO 8601 date-time',
              examples: ['2026-12-31'],
            }),
          },
          { additionalProperties: false, examples: [{ bidDeadline: '2026-12-31' }] },
        ),
        response: { 200: ProjectRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const to = parseDate(request.body.bidDeadline, 'bidDeadline', timeZone());
      if (!to) throw new ValidationError('BID_DEADLINE_REQUIRED', 'bidDeadline is required', 'bidDeadline');
      await services.get(ChangeBidDeadline).execute(user, request.params.id, to);
      return projectFor(user, request.params.id);
    },
  );

  app.get(
    '/api/projects/:id/addenda',
    {
      schema: {
        tags: ['projects'],
        ...operation({
          id: 'listAddenda',
          summary: "A project's addenda, oldest first",
          description: 'Anyone signed in who can read the project reads its addenda.',
          access: 'session',
          errors: { 404: ['PROJECT_NOT_FOUND'] },
          responses: { 200: 'The addenda, oldest first' },
        }),
        params: ProjectIdParams,
        response: { 200: Type.Array(AddendumRef), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const addenda = await services.get(ListAddenda).execute(user, request.params.id);
      return Promise.all(
        addenda.map(async (a) => {
          const s = a.toSnapshot();
          return toAddendumDto(s, await uploads().describe(s.attachments));
        }),
      );
    },
  );

  app.post(
    '/api/projects/:id/addenda',
    {
      schema: {
        tags: ['projects'],
        ...operation({
          id: 'postAddendum',
          summary: 'Post an addendum to your project (owner), with up to 5 files',
          description:
            'multipart/form-data: a `text` field (1..5000 characters) and the files as repeated `files` parts, ' +
            'with the project upload rules (types by content, 80 MB each, at most 5). Owner only, while the ' +
            'project is active and in bidding. Every bidder is notified; a failed request keeps none of its files.',
          access: 'session',
          errors: {
            400: [
              'MULTIPART_REQUIRED',
              'ADDENDUM_TEXT_REQUIRED',
              'ADDENDUM_TEXT_TOO_LONG',
              'DUPLICATE_FIELD',
              'UNEXPECTED_FILE_FIELD',
              'TOO_MANY_FILES',
              'UNSUPPORTED_FILE_TYPE',
            ],
            403: ['NOT_PROJECT_OWNER'],
            404: ['PROJECT_NOT_FOUND'],
            409: ['PROJECT_NOT_ACTIVE', 'PROJECT_NOT_BIDDING'],
            413: ['FILE_TOO_LARGE', 'TEXT_TOO_LARGE', 'TOO_MANY_PARTS'],
          },
          responses: { 201: 'The addendum as stored' },
        }),
        params: ProjectIdParams,
        multipartBody: AddendumFormBody,
        response: { 201: AddendumRef, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { id } = request.params;
      // Answer 404 before storing anything for a project that does not exist.
      await services.get(GetProject).execute(user, id);
      const storage = uploads();
      const { text, files } = await readAddendumForm(request, storage);
      // PostAddendum removes the stored files itself when posting fails.
      const addendum = await services.get(PostAddendum).execute(user, id, { text, files });
      const s = addendum.toSnapshot();
      return reply.status(201).send(toAddendumDto(s, await storage.describe(s.attachments)));
    },
  );
};
