import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ListProjectBids, SubmitBid } from '../../../../application/bids/use-cases.ts';
import type { ProjectPage } from '../../../../application/projects/ports.ts';
import {
  CancelProject,
  DeleteProject,
  EditProject,
  GetProject,
  ListProjects,
  MoveProjectPhase,
  PostProject,
} from '../../../../application/projects/use-cases.ts';
import { ReviewContractor } from '../../../../application/reviews/use-cases.ts';
import { BUDGET_BANDS, MAX_PAGE_SIZE } from '../../../../domain/project/browse.ts';
import { PROJECT_PHASES, PROJECT_STATUSES } from '../../../../domain/project/phase.ts';
import type { User } from '../../../../domain/user/user.ts';
import { requireUser } from '../http/auth.ts';
import {
  ProjectBidRef,
  type ProjectDto,
  ProjectFormBody,
  ProjectRef,
  type ProjectSummaryDto,
  ProjectSummaryRef,
  ReviewRef,
  SubmittedBidRef,
  toBidDto,
  toBidQuotaDto,
  toProjectBidDto,
  toProjectDto,
  toProjectSummaryDto,
  toReviewDto,
} from '../http/marketplace-schemas.ts';
import { readProjectForm, removeQuietly, toDetailsInput } from '../http/project-form.ts';
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
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive, in title or description' })),
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

const secured = { security: [{ session: [] }] };

export const projectRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const uploads = () => services.get(HTTP_TOKENS.Uploads);
  const timeZone = () => services.get(HTTP_TOKENS.Settings).timeZone;

  /** The full project as the detail page shows it, for this caller. */
  async function projectFor(user: User, id: string): Promise<ProjectDto> {
    const details = await services.get(GetProject).execute(user, id);
    const [attachments, myBids] = await Promise.all([
      uploads().describe(details.project.attachments),
      details.project.clientId === user.id ? [] : services.get(ListProjectBids).execute(user, id),
    ]);
    const mine = myBids.find((b) => b.bid.contractorId === user.id);
    return toProjectDto(details, attachments, mine?.bid ?? null);
  }

  app.get(
    '/api/projects',
    {
      schema: {
        tags: ['projects'],
        summary: 'Browse projects',
        description:
          'Newest first. Empty values and `all` mean no filter. The body is the page; the total is in ' +
          'X-Total-Count and the next page in `Link: <...>; rel="next"` (keyset paging with an opaque cursor).',
        ...secured,
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
        summary: 'One project, with its files and the caller’s own bid',
        ...secured,
        params: ProjectIdParams,
        response: { 200: ProjectRef, ...errors(400, 401, 404) },
      },
    },
    async (request) => projectFor(await requireUser(request), request.params.id),
  );

  app.post(
    '/api/projects',
    {
      schema: {
        tags: ['projects'],
        summary: 'Post a project (clients), with up to 5 files',
        description:
          'multipart/form-data: a `projectData` field holding the ProjectData JSON, and the files as repeated ' +
          '`files` parts. Files are checked by their content (images, PDF, DOC, DOCX), each at most 80 MB ' +
          "(413 '{file} exceeds 80MB limit'); a sixth file answers 400 'Maximum 5 files allowed'. " +
          'A request that fails keeps none of its files.',
        ...secured,
        multipartBody: ProjectFormBody,
        response: { 201: ProjectRef, ...errors(400, 401, 403, 413) },
      },
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
        summary: 'Edit your project while it is active and not yet awarded',
        description:
          'multipart/form-data like posting. In projectData, fields left out keep their value and ' +
          '`attachments` lists the stored names of the files to keep (absent keeps them all); new files ' +
          "come as `files`. Kept plus new is at most 5: 'Maximum 5 files allowed. You currently have {n} files.' " +
          'Dropped files are deleted after the edit is saved.',
        ...secured,
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
        summary: 'Delete your project permanently (its bids and files go too)',
        ...secured,
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
        summary: 'Move your awarded project on: awarded → in_progress → review → completed',
        description:
          'Owner only, one step at a time (409 INVALID_PHASE_TRANSITION otherwise). Reaching completed ' +
          'sets the status completed.',
        ...secured,
        params: ProjectIdParams,
        body: Type.Object({ phase: Type.Enum([...PROJECT_PHASES]) }),
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
        summary: 'Cancel your active project; its pending bids are rejected',
        ...secured,
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
        summary: 'Review the contractor of your completed project (once)',
        ...secured,
        params: ProjectIdParams,
        body: Type.Object({
          rating: Type.Integer({ minimum: 1, maximum: 5, description: 'Whole stars, 1..5' }),
          comment: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
        }),
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
        summary: "A project's bids with their bidders",
        description:
          'The owner and admins see every bid, newest first; anyone else sees only their own bid (a list of ' +
          'zero or one), never other bidders’.',
        ...secured,
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
        summary: 'Bid on a project (contractors and vendors, once per project)',
        description:
          '403 BID_LIMIT_REACHED "You\'ve reached your monthly limit of 3 bids on the free plan." when a ' +
          'free-plan user has no bids left this month; 403 OWN_PROJECT / ROLE_CANNOT_BID; 409 ' +
          'BID_ALREADY_EXISTS / PROJECT_NOT_BIDDING / BID_DEADLINE_PASSED / PROJECT_NOT_ACTIVE.',
        ...secured,
        params: ProjectIdParams,
        body: Type.Object({
          amount: Type.Number({ description: 'USD, more than 0, at most 2 decimals' }),
          timeline: Type.Integer({ description: 'Whole days, 1..3650' }),
          proposal: Type.String({ maxLength: 5000 }),
        }),
        response: { 201: SubmittedBidRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { bid, quota } = await services.get(SubmitBid).execute(user, request.params.id, request.body);
      return reply.status(201).send({ ...toBidDto(bid.toSnapshot()), quota: toBidQuotaDto(quota) });
    },
  );
};
