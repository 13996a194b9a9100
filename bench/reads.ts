/**
 * Reads at the database's pace (issue 26, decisions 0214 and 0218).
 *
 *   npm run bench:reads                    # 10,000 then 1,000,000 projects: per-request latency, buffers, growth
 *   npm run bench:compare -- 5dea2b9       # the same workload on another commit's API and this one, paired
 *   BENCH_REUSE=1 npm run bench:compare -- 5dea2b9   # reuses the two databases of an earlier compare
 *   BENCH_LARGE=200000 npm run bench:reads # a smaller large stage (a quick look; the goals are set at 1M)
 *
 * The real API runs as `npm start` runs it (a child process, `node apps/api/src/main.ts`) with every read
 * cache off (PROJECT_LIST_CACHE_MS=0, SESSION_CACHE_MS=0, USER_CACHE_MS=0), on a real PostgreSQL whose data
 * bench/seed-sql.ts writes (the same rows on every run). The requests are the ones people make: over 600
 * distinct browse URLs (stems, prefixes, phrases, common, rare and absent words, misspellings, `or` and
 * `-word`, every filter of the browse screen and the dashboard's, and second pages through the Link header) and project pages of 600 distinct
 * projects, signed in as a contractor.
 * - Per request: one request at a time, after one warm-up pass; p50, p99 and the worst.
 * - Buffers: EXPLAIN (ANALYZE, BUFFERS) of every browse URL's statement, run as the adapter runs it.
 * - Growth: p50 at the large size over p50 at 10,000.
 * - Compare: 10 connections for BENCH_SECONDS over the diverse browse, then over project pages of many
 *   distinct ids, alternating the two APIs three times on identical data (each version on a database migrated
 *   by its own code), medians compared.
 * Results go to bench/reads-results.md; each goal prints PASS or FAIL.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { numbered } from '../adapters/persistence/sql.ts';
import { parseProjectFilters, type RawProjectFilters } from '../domain/project/browse.ts';
import { http, type Measured } from './load.ts';
import { resetDatabase, seedProjects, seedUsers } from './seed-sql.ts';
import { pgProjectQuery, type Statement } from './sql-driver.ts';
import { BUDGETS, CATEGORIES, COUNTRIES } from './workloads.ts';

const root = new URL('..', import.meta.url).pathname;
const SMALL = 10_000;
const LARGE = Number(process.env.BENCH_LARGE ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SERVER = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const RESULTS = new URL('./reads-results.md', import.meta.url);
const compareWith = process.argv[2] === '--compare' ? process.argv[3] : undefined;

const log = (message: string) => console.log(`[reads ${(performance.now() / 1000).toFixed(0)}s] ${message}`);

// ---- the workload ----

/** The kinds of search people make, each with the searches of that kind (the seeded texts' words). */
export const SEARCH_KINDS: Record<string, readonly string[]> = {
  none: [''],
  'common word': ['kitchen', 'tile', 'roof', 'home', 'house'],
  stem: ['roofing', 'painted', 'panel', 'shutter', 'installing', 'renovations', 'walls'],
  prefix: ['kitch', 'hurric', 'pergo', 'bat', 'sol', 'elec', 'bathr'],
  phrase: ['"tile floor"', '"walk-in shower"', '"storm damage"', '"new pump"', '"single-storey concrete"'],
  'rare word': ['cistern', 'cistern pump', 'kitchen cistern'],
  'absent word': ['zebrawood', 'helipad', 'itche'],
  misspelling: ['kitchn', 'shuters', 'pergolla', 'bathrom', 'hurricaine'],
  'two words': ['kitchen tile', 'storm roof', 'nassau solar', 'solar battery', 'deck pergola'],
  'or, -word': ['deck or pool', 'kitchen -tile', 'roof or shutters'],
};

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface BrowseUrl {
  kind: string;
  query: Record<string, string>;
}

const browsePath = (query: Record<string, string>) =>
  `/api/projects?${new URLSearchParams(query).toString()}`;

/**
 * 560 distinct first pages, drawn the same on every run: what the frontends ask. The browse screen's
 * parameters (every kind of search with a country, a category and a budget band, each or none), and the
 * dashboard's open projects in each country (`status=active`, as apps/account's Dashboard asks them).
 */
function firstPages(): BrowseUrl[] {
  const next = random(26);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const kinds = Object.keys(SEARCH_KINDS);
  const seen = new Set<string>();
  const urls: BrowseUrl[] = COUNTRIES.map((country) => ({
    kind: 'dashboard (status=active)',
    query: { country, status: 'active', limit: '7' },
  }));
  while (urls.length < 560) {
    const kind = kinds[urls.length % kinds.length] as string;
    const query: Record<string, string> = { country: pick(COUNTRIES) };
    const q = pick(SEARCH_KINDS[kind] as readonly string[]);
    if (q) query.q = q;
    for (const [key, list] of [
      ['category', CATEGORIES],
      ['budget', BUDGETS],
    ] as const) {
      const value = pick(list);
      if (value) query[key] = value;
    }
    query.limit = '20';
    const path = browsePath(query);
    if (seen.has(path)) continue;
    seen.add(path);
    urls.push({ kind, query });
  }
  return urls;
}

function md5Uuid(text: string): string {
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `count` distinct project pages spread over the first `size` projects. */
function detailPaths(size: number, count: number, seed: number): string[] {
  const next = random(seed);
  const ids = new Set<number>();
  while (ids.size < Math.min(count, size)) ids.add(Math.floor(next() * size));
  return [...ids].map((i) => `/api/projects/${md5Uuid(`project${i}`)}`);
}

// ---- the API as a process ----

interface Api {
  url: string;
  cookie: string;
  stop(): Promise<void>;
}

/** Every API process still running: stopped if the run fails, so none holds the database afterwards. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function startApi(checkout: string, databaseUrl: string): Promise<Api> {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'buildbid-reads-'));
  const child: ChildProcess = spawn(process.execPath, ['apps/api/src/main.ts'], {
    cwd: checkout,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      APPS_DIR: '/nonexistent',
      SEED_DEMO_DATA: 'false',
      SESSION_SECRET: 'cd'.repeat(32),
      LOG_LEVEL: 'warn',
      PROJECT_LIST_CACHE_MS: '0',
      SESSION_CACHE_MS: '0',
      USER_CACHE_MS: '0',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the API in ${checkout} did not start:\n${output}`));
    }, 180_000);
    const onData = async (chunk: Buffer) => {
      output += String(chunk);
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      const url = (match[1] as string).replace('localhost', '127.0.0.1');
      try {
        const registered = await fetch(`${url}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: `reads-${Date.now()}-${Math.random().toString(36).slice(2)}@bench.example`,
            password: 'bench-secret-1',
            firstName: 'Bench',
            lastName: 'Reader',
            role: 'contractor',
          }),
        });
        if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
        const cookie = (registered.headers.getSetCookie()[0] ?? '').split(';')[0] as string;
        resolve({
          url,
          cookie,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => {
                rmSync(dataDir, { recursive: true, force: true });
                done();
              });
              child.kill('SIGTERM');
            }),
        });
      } catch (error) {
        child.kill('SIGKILL');
        reject(error);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += String(chunk);
    });
    child.once('exit', (code) => reject(new Error(`the API exited (${code}):\n${output}`)));
  });
}

// ---- data ----

/** Seeds projects up to `to` (from `from`), the text indexes dropped during the load and built once after. */
async function grow(url: string, from: number, to: number): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    if (from === 0) await seedUsers(pool);
    const { rows } = await pool.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'projects' and indexdef ilike '%using gin%'`,
    );
    for (const index of rows) await pool.query(`drop index ${index.indexname}`);
    for (let at = from; at < to; at += 100_000) {
      await seedProjects(pool, at, Math.min(to, at + 100_000));
      if (to - from > 100_000) log(`${Math.min(to, at + 100_000).toLocaleString('en')} projects`);
    }
    for (const index of rows) await pool.query(index.indexdef);
    await pool.query('vacuum analyze');
  } finally {
    await pool.end();
  }
}

async function projectCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string }>('select count(*) as n from projects');
    return Number(rows[0]?.n);
  } catch {
    return -1;
  } finally {
    await client.end().catch(() => undefined);
  }
}

// ---- measures ----

interface Latency {
  p50: number;
  p99: number;
  worst: number;
  count: number;
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

function latencyOf(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    worst: sorted.at(-1) as number,
    count: sorted.length,
  };
}

/** Each path once as a warm-up, then each path `rounds` times, one request at a time. */
async function oneAtATime(api: Api, paths: readonly string[], rounds = 2): Promise<Latency> {
  const samples: number[] = [];
  for (let round = -1; round < rounds; round++) {
    for (const path of paths) {
      const t = performance.now();
      const res = await fetch(api.url + path, { headers: { cookie: api.cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      if (round >= 0) samples.push(performance.now() - t);
    }
  }
  return latencyOf(samples);
}

/** The second pages of the first pages that have one (the Link header's URL). */
async function secondPages(api: Api, firsts: BrowseUrl[], want: number): Promise<BrowseUrl[]> {
  const found: BrowseUrl[] = [];
  for (const first of firsts) {
    if (found.length >= want) break;
    const res = await fetch(api.url + browsePath(first.query), { headers: { cookie: api.cookie } });
    await res.arrayBuffer();
    const link = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '');
    if (!link) continue;
    const query = Object.fromEntries(new URL(link[1] as string, api.url).searchParams);
    found.push({ kind: `${first.kind}, second page`, query });
  }
  return found;
}

/** Shared buffers (hit + read) of each browse URL's statements, by EXPLAIN (ANALYZE, BUFFERS). */
async function buffersOf(url: string, urls: BrowseUrl[]): Promise<Map<string, number[]>> {
  const pool = new pg.Pool({ connectionString: url, max: 1, options: '-c jit=off' });
  const byKind = new Map<string, number[]>();
  try {
    for (const { kind, query } of urls) {
      const statements: Statement[] = [];
      const { limit, ...raw } = query;
      await pgProjectQuery(pool, statements).list(
        parseProjectFilters({ ...(raw as RawProjectFilters), limit: Number(limit ?? 20) }),
      );
      let buffers = 0;
      for (const s of statements) {
        const plan = await pool.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${numbered(s.sql)}`,
          s.params as unknown[],
        );
        const top = plan.rows.map((r) => r['QUERY PLAN']).find((line) => line.includes('Buffers: shared'));
        const hit = Number(/hit=(\d+)/.exec(top ?? '')?.[1] ?? 0);
        const read = Number(/read=(\d+)/.exec(top ?? '')?.[1] ?? 0);
        buffers += hit + read;
      }
      byKind.set(kind, [...(byKind.get(kind) ?? []), buffers]);
    }
  } finally {
    await pool.end();
  }
  return byKind;
}

// ---- the run ----

const lines: string[] = [];
const goals: Array<[string, string, boolean]> = [];
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const row = (l: Latency) => `${fmt(l.p50)} | ${fmt(l.p99)} | ${fmt(l.worst)} | ${l.count}`;

async function measureSizes(): Promise<void> {
  const url = `${SERVER}/buildbid_reads`;
  await resetDatabase(url);
  let api = await startApi(root, url); // migrates
  await api.stop();
  await grow(url, 0, SMALL);
  api = await startApi(root, url);
  const firsts = firstPages();
  const small = { firsts, seconds: await secondPages(api, firsts, 80) };
  const smallBrowse = await oneAtATime(
    api,
    [...small.firsts, ...small.seconds].map((u) => browsePath(u.query)),
  );
  const smallDetail = await oneAtATime(api, detailPaths(SMALL, 600, 7));
  log(
    `10,000: browse p50 ${fmt(smallBrowse.p50)} p99 ${fmt(smallBrowse.p99)}; detail p50 ${fmt(smallDetail.p50)}`,
  );
  await api.stop();

  let t = performance.now();
  await grow(url, SMALL, LARGE);
  log(`grown to ${LARGE.toLocaleString('en')} in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  api = await startApi(root, url);
  const seconds = await secondPages(api, firsts, 80);
  const all = [...firsts, ...seconds];
  t = performance.now();
  const largeBrowse = await oneAtATime(
    api,
    all.map((u) => browsePath(u.query)),
  );
  const largeDetail = await oneAtATime(api, detailPaths(LARGE, 600, 7));
  log(
    `${LARGE}: browse p50 ${fmt(largeBrowse.p50)} p99 ${fmt(largeBrowse.p99)} worst ${fmt(largeBrowse.worst)}`,
  );
  // Per kind, one at a time.
  const perKind: string[] = [];
  for (const kind of new Set(all.map((u) => u.kind))) {
    const paths = all.filter((u) => u.kind === kind).map((u) => browsePath(u.query));
    perKind.push(`| ${kind} | ${paths.length} | ${row(await oneAtATime(api, paths, 1))} |`);
  }
  await api.stop();
  const buffers = await buffersOf(url, all);
  const everyBuffers = [...buffers.values()].flat().sort((a, b) => a - b);
  const buffersP99 = percentile(everyBuffers, 99);

  const size = LARGE.toLocaleString('en');
  goals.push(
    [
      `browse p99 at ${size} ≤ 20 ms (caches off, one at a time)`,
      fmt(largeBrowse.p99),
      largeBrowse.p99 <= 20,
    ],
    [`browse worst at ${size} ≤ 50 ms`, fmt(largeBrowse.worst), largeBrowse.worst <= 50],
    [`shared buffers per browse URL at ${size}, p99 ≤ 2,000`, String(buffersP99), buffersP99 <= 2000],
    [
      `growth: browse p50 at ${size} ≤ 2× p50 at 10,000`,
      `${fmt(largeBrowse.p50)} / ${fmt(smallBrowse.p50)} = ${(largeBrowse.p50 / smallBrowse.p50).toFixed(2)}×`,
      largeBrowse.p50 <= 2 * smallBrowse.p50,
    ],
  );
  lines.push(
    `## Per request, caches off, one at a time (${new Date().toISOString().slice(0, 10)})`,
    '',
    `${all.length} distinct browse URLs (${firsts.length} first pages, ${seconds.length} second pages) and 600 project pages.`,
    '',
    '| what | p50 | p99 | worst | requests |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| browse at 10,000 | ${row(smallBrowse)} |`,
    `| browse at ${size} | ${row(largeBrowse)} |`,
    `| project page at 10,000 | ${row(smallDetail)} |`,
    `| project page at ${size} | ${row(largeDetail)} |`,
    '',
    `### Browse at ${size} by kind of search`,
    '',
    '| kind | URLs | p50 | p99 | worst | requests |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...perKind,
    '',
    `### Shared buffers per browse URL at ${size} (EXPLAIN (ANALYZE, BUFFERS), hit + read)`,
    '',
    '| kind | URLs | median | max |',
    '| --- | ---: | ---: | ---: |',
    ...[...buffers].map(([kind, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return `| ${kind} | ${values.length} | ${percentile(sorted, 50)} | ${sorted.at(-1)} |`;
    }),
    '',
  );
}

/** One throughput figure: 10 connections over `paths` for SECONDS. */
async function throughput(api: Api, name: string, paths: string[]): Promise<Measured> {
  return http(name, {
    url: api.url,
    duration: SECONDS,
    connections: 10,
    headers: { cookie: api.cookie },
    paths,
  });
}

async function compare(commit: string): Promise<void> {
  const old = join(os.tmpdir(), `buildbid-compare-${commit}`);
  if (!existsSync(old)) {
    execFileSync('git', ['worktree', 'add', '--detach', old, commit], { cwd: root, stdio: 'inherit' });
    // The other commit runs on this checkout's packages (hard links; its lock file differs only by additions).
    execFileSync('cp', ['-al', join(root, 'node_modules'), join(old, 'node_modules')]);
  }
  const databases = { old: `${SERVER}/buildbid_compare_old`, new: `${SERVER}/buildbid_compare_new` };
  for (const [which, url] of Object.entries(databases)) {
    if (process.env.BENCH_REUSE === '1' && (await projectCount(url)) === LARGE) {
      log(`${which}: reusing its ${LARGE.toLocaleString('en')} projects (BENCH_REUSE=1)`);
      continue;
    }
    await resetDatabase(url);
    const api = await startApi(which === 'old' ? old : root, url); // each version migrates its own schema
    await api.stop();
    const t = performance.now();
    await grow(url, 0, LARGE);
    log(
      `${which}: ${LARGE.toLocaleString('en')} projects in ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );
  }
  const browse = firstPages().map((u) => browsePath(u.query));
  const results: Record<'old' | 'new', { browse: number[]; detail: number[]; failed: number }> = {
    old: { browse: [], detail: [], failed: 0 },
    new: { browse: [], detail: [], failed: 0 },
  };
  // Answers per second that were answers: a request refused or timed out (a 503 when a statement ran past
  // the database timeout) is counted apart and not as throughput.
  const served = (m: Measured) => m.rps * ((m.total - m.errors) / Math.max(1, m.total));
  for (let round = 0; round < 3; round++) {
    for (const which of ['old', 'new'] as const) {
      const api = await startApi(which === 'old' ? old : root, databases[which]);
      // Fresh project pages each round: views are counted once per viewer and day.
      const details = detailPaths(LARGE, 20_000, 100 + round);
      await throughput(api, 'warm-up', browse.slice(0, 100));
      const b = await throughput(api, `${which} browse`, browse);
      const d = await throughput(api, `${which} detail`, details);
      results[which].browse.push(served(b));
      results[which].detail.push(served(d));
      results[which].failed += b.errors + d.errors;
      log(
        `round ${round + 1} ${which}: browse ${served(b).toFixed(0)} req/s, detail ${served(d).toFixed(0)} req/s, ${b.errors + d.errors} failed`,
      );
      await api.stop();
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] as number;
  const ratio = (kind: 'browse' | 'detail') => median(results.new[kind]) / median(results.old[kind]);
  for (const kind of ['browse', 'detail'] as const) {
    goals.push([
      `${kind === 'browse' ? 'diverse browse' : 'project detail'} throughput ≥ 2× ${commit} (caches off, 10 connections, median of 3 paired)`,
      `${median(results.new[kind]).toFixed(0)} / ${median(results.old[kind]).toFixed(0)} req/s = ${ratio(kind).toFixed(2)}×`,
      ratio(kind) >= 2,
    ]);
  }
  lines.push(
    `## Throughput against ${commit}, paired (${new Date().toISOString().slice(0, 10)})`,
    '',
    `${LARGE.toLocaleString('en')} projects each; ${browse.length} browse URLs and 20,000 distinct project pages per round; ${SECONDS} s per figure. Answers per second that succeeded; failed requests (a 503 past the database's statement timeout, or no answer): ${commit} ${results.old.failed}, this checkout ${results.new.failed}.`,
    '',
    '| round | old browse | new browse | old detail | new detail |',
    '| ---: | ---: | ---: | ---: | ---: |',
    ...[0, 1, 2].map(
      (i) =>
        `| ${i + 1} | ${results.old.browse[i]?.toFixed(0)} | ${results.new.browse[i]?.toFixed(0)} | ${results.old.detail[i]?.toFixed(0)} | ${results.new.detail[i]?.toFixed(0)} |`,
    ),
    '',
  );
}

if (compareWith) await compare(compareWith);
else await measureSizes();

const table = [
  '| goal | measured | |',
  '| --- | --- | --- |',
  ...goals.map(([goal, measured, pass]) => `| ${goal} | ${measured} | **${pass ? 'PASS' : 'FAIL'}** |`),
];
console.log(['', ...table, ''].join('\n'));
const machine = `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' ')}`;
const section = [
  `# ${compareWith ? `Compare with ${compareWith}` : 'Reads at the database’s pace'}`,
  '',
  `\`${compareWith ? `npm run bench:compare -- ${compareWith}` : 'npm run bench:reads'}\` on ${machine}.`,
  '',
  ...table,
  '',
  ...lines,
].join('\n');
const file = compareWith ? new URL('./compare-results.md', import.meta.url) : RESULTS;
writeFileSync(file, `${section}\n`);
log(`wrote ${file.pathname}`);
// FAIL is reported, not an exit code: `npm run bench` goes on to its other stages.
process.exit(0);
