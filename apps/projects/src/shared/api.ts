/**
 * Every call of the projects and bids screens, through the typed openapi-fetch client
 * (@buildbid/api-client), so each call is checked against the API's generated `paths`.
 */
import { createBrowserApi, unwrap } from '@buildbid/api-client';
import type { paths } from '../../../../openapi/schema.d.ts';
import type {
  BidStatus,
  OwnBid,
  Project,
  ProjectBid,
  ProjectData,
  ProjectSummary,
  UserStats,
} from './types.ts';

export const api = createBrowserApi();

type BrowseQuery = NonNullable<paths['/api/projects']['get']['parameters']['query']>;
export type ProjectQuery = BrowseQuery;

export interface ProjectPage {
  projects: ProjectSummary[];
  /** From X-Total-Count; the page's length when the header is missing. */
  total: number;
  /** The cursor of the Link rel=next page, if any. */
  nextCursor: string | null;
}

/** The cursor of a `Link: <...?cursor=x>; rel="next"` header. */
export function nextCursorOf(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (match?.[1]) return new URL(match[1], 'http://x').searchParams.get('cursor');
  }
  return null;
}

function toPage(projects: ProjectSummary[], response: Response): ProjectPage {
  const header = response.headers.get('x-total-count');
  const total = header === null ? Number.NaN : Number(header);
  return {
    projects,
    total: Number.isFinite(total) ? total : projects.length,
    nextCursor: nextCursorOf(response.headers.get('link')),
  };
}

/** GET /api/projects. The country is always sent: empty for all countries. */
export async function listProjects(query: ProjectQuery): Promise<ProjectPage> {
  const q: ProjectQuery = { country: query.country ?? '' };
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && key !== 'country') (q as Record<string, unknown>)[key] = value;
  }
  const call = api.GET('/api/projects', { params: { query: q } });
  const projects = await unwrap(call);
  return toPage(projects, (await call).response);
}

/** GET /api/users/me/projects: the caller's own projects (My Projects). */
export async function listMyProjects(limit: number): Promise<ProjectPage> {
  const call = api.GET('/api/users/me/projects', { params: { query: { limit } } });
  const projects = await unwrap(call);
  return toPage(projects, (await call).response);
}

/** GET /api/projects/{id}; null when the project does not exist. */
export async function getProject(id: string): Promise<Project | null> {
  const call = api.GET('/api/projects/{id}', { params: { path: { id } } });
  if ((await call).response.status === 404) return null;
  return unwrap(call);
}

function multipart(projectData: ProjectData, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('projectData', JSON.stringify(projectData));
  for (const file of files) form.append('files', file, file.name);
  return form;
}

/** POST /api/projects (multipart). Answers the new project's id, if any. */
export async function createProject(
  projectData: ProjectData,
  files: readonly File[],
): Promise<string | null> {
  const created = await unwrap(
    api.POST('/api/projects', {
      body: { projectData: JSON.stringify(projectData) },
      bodySerializer: () => multipart(projectData, files),
    }),
  );
  return created?.id ?? null;
}

/** PATCH /api/projects/{id} (multipart: projectData with the attachments to keep, plus new files). */
export async function updateProject(
  id: string,
  projectData: ProjectData,
  files: readonly File[],
): Promise<void> {
  await unwrap(
    api.PATCH('/api/projects/{id}', {
      params: { path: { id } },
      body: { projectData: JSON.stringify(projectData) },
      bodySerializer: () => multipart(projectData, files),
    }),
  );
}

export async function deleteProject(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/projects/{id}', { params: { path: { id } } }));
}

export async function listProjectBids(id: string): Promise<ProjectBid[]> {
  return unwrap(api.GET('/api/projects/{id}/bids', { params: { path: { id } } }));
}

export interface BidBody {
  amount: number;
  timeline: number;
  proposal: string;
}

export async function submitBid(projectId: string, body: BidBody): Promise<void> {
  await unwrap(api.POST('/api/projects/{id}/bids', { params: { path: { id: projectId } }, body }));
}

export async function editBid(bidId: string, body: BidBody): Promise<void> {
  await unwrap(api.PATCH('/api/bids/{bidId}', { params: { path: { bidId } }, body }));
}

export async function setBidStatus(bidId: string, status: Exclude<BidStatus, 'pending'>): Promise<void> {
  await unwrap(api.PATCH('/api/bids/{bidId}/status', { params: { path: { bidId } }, body: { status } }));
}

export async function listMyBids(): Promise<OwnBid[]> {
  return unwrap(api.GET('/api/users/me/bids'));
}

export async function getMyStats(): Promise<UserStats> {
  return unwrap(api.GET('/api/users/me/stats'));
}
