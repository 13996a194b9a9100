import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleProjectData } from '@buildbid/test-kit/samples';
import { PromoteToAdmin } from '#application/accounts/index.ts';
import type { Clock } from '#application/shared/ports.ts';
import { ApplySubscriptionStatus } from '#application/subscription/index.ts';
import { buildTestApp, sessionCookie, type TestApp, uniqueEmail } from '../support/app.ts';

/**
 * Helpers of the marketplace API tests: an app whose uploads go to a fresh temporary DATA_DIR,
 * signed-in users of each role, multipart bodies built with the platform's FormData, and sample files.
 */
export interface MarketplaceApp extends TestApp {
  dataDir: string;
  uploadsDir: string;
  /** Names in the uploads folder (files and their .json records). */
  storedFiles(): string[];
  /** Empties the uploads folder (with truncateAll, between tests). */
  clearUploads(): void;
}

export async function buildMarketplaceApp(
  options: { env?: Record<string, string>; clock?: Clock } = {},
): Promise<MarketplaceApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'buildbid-api-'));
  const t = await buildTestApp(
    { DATA_DIR: dataDir, ...options.env },
    options.clock ? { clock: options.clock } : {},
  );
  const uploadsDir = join(dataDir, 'uploads');
  return {
    ...t,
    dataDir,
    uploadsDir,
    storedFiles: () => readdirSync(uploadsDir).sort(),
    clearUploads: () => {
      for (const name of readdirSync(uploadsDir)) rmSync(join(uploadsDir, name), { force: true });
    },
    close: async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Caller {
  id: string;
  email: string;
  cookie: string;
}

export type Role = 'client' | 'contractor' | 'vendor' | 'admin';

/**
 * Registers a user through the API and, unless `verified: false`, verifies the email through the link
 * the registration mailed (as its owner would); that mail is then removed from the outbox, so a test
 * counts only the mails it causes. Admins are promoted through the use case.
 */
export async function signUp(
  t: TestApp,
  role: Role,
  extra: Record<string, unknown> = {},
  options: { verified?: boolean } = {},
): Promise<Caller> {
  const email = uniqueEmail(role);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email,
      password: 'secret12',
      firstName: role[0]?.toUpperCase() + role.slice(1),
      lastName: 'Tester',
      role: role === 'admin' ? 'client' : role,
      ...extra,
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const caller = { id: res.json().id as string, email, cookie: sessionCookie(res) };
  if (options.verified !== false) await verifyThroughMail(t, email);
  if (role === 'admin') {
    await t.composition.inContext(() => t.composition.get(PromoteToAdmin).execute(email));
  }
  return caller;
}

/** Follows the verification link mailed to `email` (the newest one), then drops that mail from the outbox. */
async function verifyThroughMail(t: TestApp, email: string): Promise<void> {
  const [mail] = await t.composition.orm.em.getConnection().execute<{ id: string; text_body: string }[]>(
    `select id, text_body from email_outbox
        where recipient = ? and subject = 'Verify your email for BuildBid' order by created_at desc limit 1`,
    [email],
  );
  const token = /\/verify-email\?token=(\S+)/.exec(mail?.text_body ?? '')?.[1];
  if (!mail || !token) throw new Error(`no verification mail for ${email}`);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token: decodeURIComponent(token) },
  });
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.body}`);
  await t.composition.orm.em.getConnection().execute('delete from email_outbox where id = ?', [mail.id]);
}

export async function makePro(t: TestApp, userId: string): Promise<void> {
  await t.composition.get(ApplySubscriptionStatus).execute({
    userId,
    subscriptionId: 'sub_test',
    status: 'active',
  });
}

export interface UploadFile {
  name: string;
  type?: string;
  data: Buffer | Uint8Array;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export async function multipart(
  projectData: unknown,
  files: readonly UploadFile[] = [],
  options: { projectDataLast?: boolean; fileField?: string } = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  const appendData = () => {
    if (projectData !== undefined) {
      form.append('projectData', typeof projectData === 'string' ? projectData : JSON.stringify(projectData));
    }
  };
  if (!options.projectDataLast) appendData();
  for (const file of files) {
    form.append(
      options.fileField ?? 'files',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  if (options.projectDataLast) appendData();
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') as string },
  };
}

const pad = (head: readonly number[] | string, size = 256) => {
  const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head);
  return Buffer.concat([start, Buffer.alloc(Math.max(0, size - start.length), 7)]);
};

/** Files whose first bytes are those of their type (the rest is filler). */
export const SAMPLE = {
  png: (name = 'photo.png'): UploadFile => ({
    name,
    type: 'image/png',
    data: pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  }),
  jpeg: (name = 'site.jpg'): UploadFile => ({
    name,
    type: 'image/jpeg',
    data: pad([0xff, 0xd8, 0xff, 0xe0]),
  }),
  gif: (name = 'anim.gif'): UploadFile => ({ name, type: 'image/gif', data: pad('GIF89a') }),
  webp: (name = 'pic.webp'): UploadFile => ({
    name,
    type: 'image/webp',
    data: pad('RIFF\x10\x00\x00\x00WEBPVP8 '),
  }),
  pdf: (name = 'Plan set.pdf'): UploadFile => ({ name, type: 'application/pdf', data: pad('%PDF-1.7\n') }),
  doc: (name = 'spec.doc'): UploadFile => ({
    name,
    type: 'application/msword',
    data: pad([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  }),
  docx: (name = 'scope.docx'): UploadFile => ({
    name,
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    data: pad([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]),
  }),
  exe: (name = 'setup.exe'): UploadFile => ({
    name,
    type: 'application/octet-stream',
    data: pad('MZ\x90\x00'),
  }),
  /** HTML pretending to be a PNG. */
  fakePng: (name = 'evil.png'): UploadFile => ({ name, type: 'image/png', data: pad('<html><script>') }),
};

/** A valid post-form projectData (the test-kit's sample project). */
export const projectData = sampleProjectData;

export async function postProject(
  t: TestApp,
  cookie: string,
  data: unknown = projectData(),
  files: readonly UploadFile[] = [],
) {
  const body = await multipart(data, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

/** Posts a project and answers its id (fails the test otherwise). */
export async function createProject(
  t: TestApp,
  cookie: string,
  overrides: Record<string, unknown> = {},
  files: readonly UploadFile[] = [],
): Promise<string> {
  const res = await postProject(t, cookie, projectData(overrides), files);
  if (res.statusCode !== 201) throw new Error(`post failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

export async function editProject(
  t: TestApp,
  cookie: string,
  id: string,
  data: unknown,
  files: readonly UploadFile[] = [],
  options: { projectDataLast?: boolean } = {},
) {
  const body = await multipart(data, files, options);
  return t.app.inject({
    method: 'PATCH',
    url: `/api/projects/${id}`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

export function bidOn(t: TestApp, cookie: string, projectId: string, body: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/bids`,
    headers: { cookie },
    payload: { amount: 18500, timeline: 45, proposal: 'Licensed crew, six weeks.', ...body },
  });
}

/** Places a bid and answers its id. */
export async function placeBid(
  t: TestApp,
  cookie: string,
  projectId: string,
  body: Record<string, unknown> = {},
): Promise<string> {
  const res = await bidOn(t, cookie, projectId, body);
  if (res.statusCode !== 201) throw new Error(`bid failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

export function get(t: TestApp, url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });
}

export function send(
  t: TestApp,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string | undefined,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
