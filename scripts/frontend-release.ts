/**
 * How a frontend's build becomes a release in its dist/ (used by every app's `npm run build` through
 * scripts/release-dist.ts, and by scripts/build-frontends.ts):
 *
 * - Rsbuild writes the new build to dist/.staging. Its text assets get .br and .gz beside them
 *   (@fastify/static `preCompressed` and scripts/serve-remote.ts send those).
 * - The files of the release before stay in dist/ (open tabs still load their chunks); older ones
 *   are removed. dist/.release.json lists the current and the previous release's files.
 * - Hashed chunks are copied first and the entry files (index.html, remoteEntry.js, mf-manifest.json)
 *   last, so a visitor never gets an entry whose chunks are not there yet.
 * - dist/.build-stamp.json records the mode and a hash of the sources, so `npm start`'s
 *   `--if-missing` rebuilds a build made in another mode or from other sources.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const ROOT = join(import.meta.dirname, '..');
export const APPS = ['shell', 'account', 'projects', 'bids', 'admin'] as const;
export type AppName = (typeof APPS)[number];

const STAGING = '.staging';
const RELEASE_FILE = '.release.json';
const STAMP_FILE = '.build-stamp.json';

/** Sources every frontend build reads besides its own folder. */
const SHARED_SOURCES = [
  'packages',
  'openapi/src',
  'openapi/schema.d.ts',
  'openapi/package.json',
  'domain',
  'rsbuild.config.ts',
  'package.json',
  'package-lock.json',
];

function listFiles(dir: string, skip: (name: string) => boolean = () => false): string[] {
  if (!existsSync(dir)) return [];
  if (!statSync(dir).isDirectory()) return [dir];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path, skip));
    else out.push(path);
  }
  return out;
}

/** A hash of everything an app's build reads: its own folder (not dist) and the shared sources. */
export function sourcesHash(app: AppName): string {
  const skip = (name: string) => name === 'dist' || name === 'node_modules' || name.startsWith('.');
  const files = [join(ROOT, 'apps', app), ...SHARED_SOURCES.map((p) => join(ROOT, p))]
    .flatMap((p) => listFiles(p, skip))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(relative(ROOT, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** 'development' when the output is a dev build (a dev-server publicPath, or the shell's mode meta tag). */
export function detectMode(dir: string): 'production' | 'development' {
  const manifest = join(dir, 'mf-manifest.json');
  if (existsSync(manifest)) {
    const publicPath = (JSON.parse(readFileSync(manifest, 'utf8')) as { metaData?: { publicPath?: string } })
      .metaData?.publicPath;
    // Production builds say 'auto' (remotes) or '/' (the shell); a dev build names its dev server.
    if (publicPath && /^https?:\/\//.test(publicPath)) return 'development';
  }
  const html = join(dir, 'index.html');
  if (
    existsSync(html) &&
    /name="buildbid-build-mode" content="development"/.test(readFileSync(html, 'utf8'))
  ) {
    return 'development';
  }
  return 'production';
}

export interface BuildStamp {
  mode: 'production' | 'development';
  sources: string;
  builtAt: string;
}

export function distOf(app: AppName): string {
  return join(ROOT, 'apps', app, 'dist');
}

export function readStamp(app: AppName): BuildStamp | null {
  const file = join(distOf(app), STAMP_FILE);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
}

/** Why an app needs a build, or null when its dist/ is a production build of today's sources. */
export function staleReason(app: AppName): string | null {
  const stamp = readStamp(app);
  if (!stamp) return 'no build (or one without a stamp)';
  if (stamp.mode !== 'production' || detectMode(distOf(app)) !== 'production') {
    return `built in ${stamp.mode} mode`;
  }
  if (stamp.sources !== sourcesHash(app)) return 'sources changed since the build';
  return null;
}

/** Writes .br and .gz beside every text asset of at least 1 KB. */
export function precompress(dir: string): void {
  for (const file of listFiles(dir)) {
    if (!/\.(js|css|html|json|svg)$/.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

interface ReleaseState {
  current: string[];
  previous: string[];
}

const ENTRY_FILE = /(^|\/)(index\.html|remoteEntry\.js|mf-manifest\.json|mf-stats\.json)(\.(gz|br))?$/;

/** Moves dist/.staging into dist/ as the current release, keeping the previous release's files. */
export function release(app: AppName): { files: number; kept: number; removed: number } {
  const dist = distOf(app);
  const staging = join(dist, STAGING);
  if (!existsSync(staging)) throw new Error(`${relative(ROOT, staging)} is missing: run rsbuild build first`);
  const mode = detectMode(staging);
  precompress(staging);
  const fresh = listFiles(staging).map((f) => relative(staging, f));
  const isBookkeeping = (name: string) => name === STAGING || name === RELEASE_FILE || name === STAMP_FILE;
  const existing = listFiles(dist, isBookkeeping).map((f) => relative(dist, f));

  const releaseFile = join(dist, RELEASE_FILE);
  const state: ReleaseState = existsSync(releaseFile)
    ? (JSON.parse(readFileSync(releaseFile, 'utf8')) as ReleaseState)
    : { current: existing, previous: [] };
  const keep = new Set([...fresh, ...state.current]);
  // A file of this release without a .br/.gz (under 1 KB) must not be served from the previous release's
  // compressed copy of the same name: the static server prefers the .br (an unhashed index.html kept the
  // last release's <head> this way).
  const stale = new Set(
    fresh.flatMap((f) => ['.br', '.gz'].map((ext) => `${f}${ext}`)).filter((f) => !fresh.includes(f)),
  );
  let removed = 0;
  for (const file of existing) {
    if (keep.has(file) && !stale.has(file)) continue;
    rmSync(join(dist, file), { force: true });
    removed += 1;
  }
  const ordered = [...fresh.filter((f) => !ENTRY_FILE.test(f)), ...fresh.filter((f) => ENTRY_FILE.test(f))];
  for (const file of ordered) {
    const to = join(dist, file);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(join(staging, file), to);
  }
  rmSync(staging, { recursive: true, force: true });
  writeFileSync(releaseFile, `${JSON.stringify({ current: fresh, previous: state.current }, null, 1)}\n`);
  const stamp: BuildStamp = { mode, sources: sourcesHash(app), builtAt: new Date().toISOString() };
  writeFileSync(join(dist, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
  return { files: fresh.length, kept: state.current.filter((f) => !fresh.includes(f)).length, removed };
}
