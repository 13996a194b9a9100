/**
 * Every call of the projects screens, through the typed openapi-fetch client
 * (@buildbid/api-client), so each call is checked against the API's generated `paths`.
 */

import type {
  Project,
  ProjectAddendum,
  ProjectData,
  ProjectQuestion,
  ProjectSummary,
  paths,
  SavedSearch,
  SearchAlerts,
} from '@buildbid/api-client';
import {
  createBrowserApi,
  fetchWithUploadProgress,
  pageOf,
  type UploadProgress,
  unwrap,
} from '@buildbid/api-client';

const api = createBrowserApi();

type BrowseQuery = NonNullable<paths['/api/projects']['get']['parameters']['query']>;
export type ProjectQuery = BrowseQuery;

export interface ProjectPage {
  projects: ProjectSummary[];
  /** From X-Total-Count; the page's length when the header is missing. */
  total: number;
  /** The cursor of the Link rel=next page, if any. */
  nextCursor: string | null;
  /**
   * "Did you mean" (decision 0214): X-Did-You-Mean, decoded, a corrected search that finds projects when
   * this search found none; null otherwise.
   */
  suggestion: string | null;
}

function suggestionOf(response: Response): string | null {
  const header = response.headers.get('x-did-you-mean');
  if (!header) return null;
  try {
    return decodeURIComponent(header);
  } catch {
    return null;
  }
}

function toPage(projects: ProjectSummary[], response: Response): ProjectPage {
  const { items, total, nextCursor } = pageOf(projects, response);
  return { projects: items, total, nextCursor, suggestion: suggestionOf(response) };
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

export type MyBidStatus =
  paths['/api/users/me/bid-statuses']['get']['responses'][200]['content']['application/json'][number];

/** GET /api/users/me/bid-statuses: the caller's own bids on these projects (cards show them). */
export async function listMyBidStatuses(projectIds: readonly string[]): Promise<MyBidStatus[]> {
  if (projectIds.length === 0) return [];
  return unwrap(api.GET('/api/users/me/bid-statuses', { params: { query: { projectId: [...projectIds] } } }));
}

/** POST /api/projects/{id}/phase: the owner moves the awarded work on one step. */
export async function moveProjectPhase(
  id: string,
  phase: 'in_progress' | 'review' | 'completed',
): Promise<Project> {
  return unwrap(api.POST('/api/projects/{id}/phase', { params: { path: { id } }, body: { phase } }));
}

/** POST /api/projects/{id}/reviews: the owner's one review of the awarded contractor. */
export async function reviewContractor(id: string, rating: number, comment: string | null): Promise<void> {
  await unwrap(
    api.POST('/api/projects/{id}/reviews', { params: { path: { id } }, body: { rating, comment } }),
  );
}

/** GET /api/projects/{id}; null when the project does not exist. */
/**
 * The project, or null when there is none: 404, and 400 for an id that cannot be one (/projects/abc
 * answers VALIDATION_FAILED; a very long id may answer either), so a malformed link reads 'Project Not
 * Found' rather than an error with 'Try again' (decision 0196).
 */
export async function getProject(id: string): Promise<Project | null> {
  const call = api.GET('/api/projects/{id}', { params: { path: { id } } });
  const status = (await call).response.status;
  if (status === 404 || status === 400) return null;
  return unwrap(call);
}

function multipart(projectData: ProjectData, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('projectData', JSON.stringify(projectData));
  for (const file of files) form.append('files', file, file.name);
  return form;
}

/** Progress and Cancel for the multipart posts: bytes sent out of the total; aborting cancels the upload. */
export interface UploadOptions {
  onProgress?(progress: UploadProgress): void;
  signal?: AbortSignal;
}

function uploadOptions(options: UploadOptions) {
  return {
    ...(options.onProgress ? { fetch: fetchWithUploadProgress(options.onProgress) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
}

/** POST /api/projects (multipart). Answers the new project's id, if any. */
export async function createProject(
  projectData: ProjectData,
  files: readonly File[],
  options: UploadOptions & { idempotencyKey?: string } = {},
): Promise<string | null> {
  const created = await unwrap(
    api.POST('/api/projects', {
      ...(options.idempotencyKey
        ? { params: { header: { 'idempotency-key': options.idempotencyKey } } }
        : {}),
      body: { projectData: JSON.stringify(projectData) },
      bodySerializer: () => multipart(projectData, files),
      ...uploadOptions(options),
    }),
  );
  return created?.id ?? null;
}

/** PATCH /api/projects/{id} (multipart: projectData with the attachments to keep, plus new files). */
export async function updateProject(
  id: string,
  projectData: ProjectData,
  files: readonly File[],
  options: UploadOptions = {},
): Promise<void> {
  await unwrap(
    api.PATCH('/api/projects/{id}', {
      params: { path: { id } },
      body: { projectData: JSON.stringify(projectData) },
      bodySerializer: () => multipart(projectData, files),
      ...uploadOptions(options),
    }),
  );
}

export async function deleteProject(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/projects/{id}', { params: { path: { id } } }));
}

/** POST /api/projects/{id}/bid-deadline (owner): a date means the end of that day on the platform. */
export async function changeBidDeadline(id: string, bidDeadline: string): Promise<Project> {
  return unwrap(
    api.POST('/api/projects/{id}/bid-deadline', { params: { path: { id } }, body: { bidDeadline } }),
  );
}

/** GET /api/projects/{id}/addenda, oldest first. */
export async function listAddenda(id: string): Promise<ProjectAddendum[]> {
  return unwrap(api.GET('/api/projects/{id}/addenda', { params: { path: { id } } }));
}

/** POST /api/projects/{id}/addenda (multipart: text and files). */
export async function postAddendum(
  id: string,
  text: string,
  files: readonly File[],
): Promise<ProjectAddendum> {
  return unwrap(
    api.POST('/api/projects/{id}/addenda', {
      params: { path: { id } },
      body: { text },
      bodySerializer: () => {
        const form = new FormData();
        form.append('text', text);
        for (const file of files) form.append('files', file, file.name);
        return form;
      },
    }),
  );
}

/** GET /api/projects/{id}/questions: what this viewer may see, oldest first. */
export async function listQuestions(id: string): Promise<ProjectQuestion[]> {
  return unwrap(api.GET('/api/projects/{id}/questions', { params: { path: { id } } }));
}

/** POST /api/projects/{id}/questions (contractors and vendors). */
export async function askQuestion(id: string, text: string): Promise<ProjectQuestion> {
  return unwrap(api.POST('/api/projects/{id}/questions', { params: { path: { id } }, body: { text } }));
}

/** POST /api/projects/{id}/clarifications (owner). */
export async function postClarification(id: string, text: string): Promise<ProjectQuestion> {
  return unwrap(api.POST('/api/projects/{id}/clarifications', { params: { path: { id } }, body: { text } }));
}

/** POST /api/questions/{questionId}/answer (owner, once). */
export async function answerQuestion(
  questionId: string,
  answer: string,
  showAsker: boolean,
): Promise<ProjectQuestion> {
  return unwrap(
    api.POST('/api/questions/{questionId}/answer', {
      params: { path: { questionId } },
      body: { answer, showAsker },
    }),
  );
}

/** POST /api/questions/{questionId}/hidden (admins). */
export async function hideQuestion(questionId: string, hidden: boolean): Promise<ProjectQuestion> {
  return unwrap(
    api.POST('/api/questions/{questionId}/hidden', { params: { path: { questionId } }, body: { hidden } }),
  );
}

export interface SaveState {
  saved: boolean;
  saveCount: number;
}

/** PUT /api/projects/{id}/save: save for later (anyone but the owner); saving twice is one save. */
export async function saveProject(id: string): Promise<SaveState> {
  return unwrap(api.PUT('/api/projects/{id}/save', { params: { path: { id } } }));
}

/** DELETE /api/projects/{id}/save. */
export async function unsaveProject(id: string): Promise<SaveState> {
  return unwrap(api.DELETE('/api/projects/{id}/save', { params: { path: { id } } }));
}

/** GET /api/users/me/saved-projects: the caller's saved projects, newest save first. */
export async function listSavedProjects(): Promise<ProjectSummary[]> {
  return unwrap(api.GET('/api/users/me/saved-projects'));
}

/** The filters a saved search keeps (the browse page's, without paging). */
export interface SearchFilters {
  q?: string | null;
  country?: string | null;
  category?: string | null;
  budget?: string | null;
}

/** GET /api/saved-searches: the caller's saved searches, newest first. */
export async function listSavedSearches(): Promise<SavedSearch[]> {
  return unwrap(api.GET('/api/saved-searches'));
}

/** POST /api/saved-searches: 'Save this search'. */
export async function createSavedSearch(
  name: string,
  filters: SearchFilters,
  alerts: SearchAlerts,
): Promise<SavedSearch> {
  return unwrap(api.POST('/api/saved-searches', { body: { name, filters, alerts } }));
}

/** PATCH /api/saved-searches/{id}: rename, or change the alerts. */
export async function updateSavedSearch(
  id: string,
  changes: { name?: string; alerts?: SearchAlerts },
): Promise<SavedSearch> {
  return unwrap(api.PATCH('/api/saved-searches/{id}', { params: { path: { id } }, body: changes }));
}

/** DELETE /api/saved-searches/{id}. */
export async function deleteSavedSearch(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/saved-searches/{id}', { params: { path: { id } } }));
}

type ReportBody = paths['/api/reports']['post']['requestBody']['content']['application/json'];
type ReportTargetType = ReportBody['targetType'];

/** POST /api/reports (decision 0221): reports an item to BuildBid's moderators. */
export async function fileReport(report: ReportBody): Promise<void> {
  await unwrap(api.POST('/api/reports', { body: report }));
}

/** GET /api/users/me/reports: the ids of the items of this type the caller reported and that wait for a decision. */
export async function reportedIds(targetType: ReportTargetType): Promise<Set<string>> {
  const mine = await unwrap(api.GET('/api/users/me/reports', { params: { query: { targetType } } }));
  return new Set(mine.map((r) => r.targetId));
}
