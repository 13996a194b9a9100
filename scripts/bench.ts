/**
 * `npm run bench`: the project list under load (issue 4), written to bench/results.md.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/buildbid_bench npm run bench
 *
 * On a real PostgreSQL (the database is created if missing, its schema dropped and migrated again):
 * 10,000 projects are loaded with SQL and the list is measured, then the data grows to 100,000 projects and
 * 300,000 bids and everything is measured: the list with a common word and filters, one project, a bare
 * Fastify route answering a body of the list's size, the list's own SQL over `pg`, and the list at a fixed
 * 200 requests per second. The API runs in this process on a free loopback port; autocannon fires from a
 * worker thread. About 3 minutes on 2 cores.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { compose } from '../apps/api/src/container.ts';
import { http, loop, type Measured } from '../bench/load.ts';
import { COMMON_TERM, resetDatabase, seedProjects, seedUsers } from '../bench/seed-sql.ts';
import { numbered, pgProjectQuery, type Statement } from '../bench/sql-driver.ts';
import { parseProjectFilters } from '../domain/project/browse.ts';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/buildbid_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const SMALL = 10_000;
const LARGE = 100_000;
const LIST_QUERY = { q: COMMON_TERM, status: 'active', country: 'BS', limit: '20' };
const LIST_PATH = `/api/projects?${new URLSearchParams(LIST_QUERY).toString()}`;
const RESULTS = new URL('../bench/results.md', import.meta.url);

const log = (message: string) => console.log(`[bench ${(performance.now() / 1000).toFixed(0)}s] ${message}`);
const started = performance.now();
const loadBefore = os.loadavg();

log(`database ${DATABASE_URL}`);
await resetDatabase(DATABASE_URL);

const dataDir = mkdtempSync(join(os.tmpdir(), 'buildbid-bench-'));
// development: production also asks for payment-provider keys, which a benchmark has no use for.
const config = loadConfig({
  NODE_ENV: 'development',
  DATABASE_URL,
  DATA_DIR: dataDir,
  SESSION_SECRET: 'cd'.repeat(32),
  LOG_LEVEL: 'warn',
  APPS_DIR: '/nonexistent',
  SEED_DEMO_DATA: 'false',
  HOST: '127.0.0.1',
});
const composition = await compose(config, { passwordHashCost: 2 ** 10 }); // migrates
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: CONNECTIONS });
const app = await buildApp(config, composition);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
// A second instance of the same API with every read cache off (decision 0007): what one request costs when
// it runs the query, and how that scales from 10,000 to 100,000 projects.
const uncachedConfig = { ...config, projectListCacheMs: 0, sessionCacheMs: 0, userCacheMs: 0 };
const uncachedComposition = await compose(uncachedConfig, { passwordHashCost: 2 ** 10, migrate: false });
const uncachedApp = await buildApp(uncachedConfig, uncachedComposition);
await uncachedApp.listen({ port: 0, host: '127.0.0.1' });
const uncachedBase = `http://127.0.0.1:${(uncachedApp.server.address() as { port: number }).port}`;
/** Sequential requests timed with performance.now(): latency without queueing, to the microsecond. */
const sequential = (name: string, url: string, headers: Record<string, string>) =>
  loop(
    name,
    async () => {
      const res = await fetch(url, { headers });
      await res.text();
      if (res.status !== 200) throw new Error(`answered ${res.status}`);
    },
    { seconds: 5, concurrency: 1 },
  );

try {
  // ---- 10,000 projects ----
  let t = performance.now();
  await seedUsers(pool);
  await seedProjects(pool, 0, SMALL);
  await pool.query('vacuum analyze');
  const seedSmallSeconds = (performance.now() - t) / 1000;
  log(`seeded ${SMALL} projects in ${seedSmallSeconds.toFixed(1)} s`);

  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: 'bench@example.com', password: 'bench-secret', firstName: 'Bench', role: 'contractor' },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const cookie = String(registered.headers['set-cookie']).split(';')[0] as string;
  const headers = { cookie };

  await http('warm-up', { url: base + LIST_PATH, duration: 3, headers });
  const listSmall = await http(`list, ${SMALL.toLocaleString('en')} projects`, {
    url: base + LIST_PATH,
    duration: SECONDS,
    connections: CONNECTIONS,
    headers,
  });
  log(`list @10k: ${summary(listSmall)}`);
  const uncachedSmall = await sequential(
    `list, caches off, one at a time, ${SMALL.toLocaleString('en')} projects`,
    uncachedBase + LIST_PATH,
    headers,
  );
  log(`list @10k, caches off: ${summary(uncachedSmall)}`);

  // ---- 100,000 projects, 300,000 bids ----
  t = performance.now();
  await seedProjects(pool, SMALL, LARGE);
  await pool.query('vacuum analyze');
  const seedLargeSeconds = (performance.now() - t) / 1000;
  const counts = (
    await pool.query<{ projects: string; bids: string; matching: string }>(
      `select (select count(*) from projects) as projects, (select count(*) from bids) as bids,
        (select count(*) from projects where title ilike $1 or description ilike $1) as matching`,
      [`%${COMMON_TERM}%`],
    )
  ).rows[0] as { projects: string; bids: string; matching: string };
  log(`grew to ${counts.projects} projects, ${counts.bids} bids in ${seedLargeSeconds.toFixed(1)} s`);

  const sample = await fetch(base + LIST_PATH, { headers });
  const sampleText = await sample.text();
  if (sample.status !== 200) throw new Error(`list answered ${sample.status}: ${sampleText}`);
  const sampleBody = JSON.parse(sampleText) as unknown[];
  const totalHeader = sample.headers.get('x-total-count');

  await http('warm-up', { url: base + LIST_PATH, duration: 3, headers });
  const list = await http(`GET ${LIST_PATH}`, {
    url: base + LIST_PATH,
    duration: SECONDS,
    connections: CONNECTIONS,
    headers,
  });
  list.bodyBytes = Buffer.byteLength(sampleText);
  log(`list @100k: ${summary(list)}`);
  const uncached = await sequential(
    `list, caches off, one at a time, ${LARGE.toLocaleString('en')} projects`,
    uncachedBase + LIST_PATH,
    headers,
  );
  log(`list @100k, caches off: ${summary(uncached)}`);
  const uncachedLoad = await http(`GET ${LIST_PATH}, caches off`, {
    url: uncachedBase + LIST_PATH,
    duration: SECONDS,
    connections: CONNECTIONS,
    headers,
  });
  log(`list @100k, caches off, under load: ${summary(uncachedLoad)}`);

  const ids = (
    await pool.query<{ id: string }>(
      `select md5('project' || i)::uuid::text as id from generate_series(0, $1 - 1, 997) i`,
      [LARGE],
    )
  ).rows.map((r) => r.id);
  const detailSample = await fetch(`${base}/api/projects/${ids[0]}`, { headers });
  const detailBytes = Buffer.byteLength(await detailSample.text());
  const detail = await http('GET /api/projects/{id}', {
    url: base,
    duration: SECONDS,
    connections: CONNECTIONS,
    headers,
    paths: ids.map((id) => `/api/projects/${id}`),
  });
  detail.bodyBytes = detailBytes;
  log(`detail: ${summary(detail)}`);

  // A bare Fastify route with the list's body (same items, serialized per request).
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => sampleBody);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;
  await http('warm-up', { url: bareUrl, duration: 2 });
  const bareResult = await http('bare Fastify route, same body', {
    url: bareUrl,
    duration: SECONDS,
    connections: CONNECTIONS,
  });
  bareResult.bodyBytes = Buffer.byteLength(JSON.stringify(sampleBody));
  await bare.close();
  log(`bare: ${summary(bareResult)}`);

  // The list's own SQL over pg (the adapter's statements: tsquery, then page ‖ count, then the estimate).
  const statements: Statement[] = [];
  const filters = parseProjectFilters(LIST_QUERY);
  await pgProjectQuery(pool, statements).list(filters);
  const sqlQuery = pgProjectQuery(pool);
  const sql = await loop('list SQL over pg (SqlProjectQuery.list)', () => sqlQuery.list(filters), {
    seconds: SECONDS,
    concurrency: CONNECTIONS,
  });
  log(`sql: ${summary(sql)}`);
  const page = statements.find((s) => s.sql.trimStart().startsWith('with page'));
  const plan = page
    ? (
        await pool.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${numbered(page.sql)}`,
          page.params as unknown[],
        )
      ).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n')
    : '(page statement not found)';

  await http('warm-up', { url: base + LIST_PATH, duration: 2, headers, overallRate: 200 });
  const fixedRate = await http('list at a fixed 200 requests/s', {
    url: base + LIST_PATH,
    duration: Math.max(15, SECONDS),
    connections: CONNECTIONS,
    overallRate: 200,
    headers,
  });
  log(`200 rps: ${summary(fixedRate)}`);

  const machine = await describeMachine(pool);
  const report = renderReport({
    listSmall,
    list,
    uncachedSmall,
    uncached,
    uncachedLoad,
    detail,
    bare: bareResult,
    sql,
    fixedRate,
    counts,
    totalHeader,
    seedSmallSeconds,
    seedLargeSeconds,
    statements,
    plan,
    machine,
    minutes: (performance.now() - started) / 60_000,
  });
  writeFileSync(RESULTS, report);
  log(`wrote ${RESULTS.pathname}`);
  console.log(report.split('## Targets')[1]?.split('##')[0] ?? '');
} finally {
  await uncachedApp.close();
  await uncachedComposition.close();
  await app.close();
  await pool.end();
  await composition.close();
  rmSync(dataDir, { recursive: true, force: true });
}

function summary(m: Measured): string {
  return `${m.rps.toFixed(0)} req/s, p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms, ${m.total} done, ${m.errors} errors`;
}

async function describeMachine(db: pg.Pool) {
  const version =
    (await db.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? '?';
  let cpu = os.cpus()[0]?.model ?? '?';
  try {
    cpu =
      execFileSync('sh', ['-c', "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"]).toString().trim() ||
      cpu;
  } catch {
    // keep os.cpus()
  }
  return {
    cores: os.availableParallelism(),
    cpu,
    memoryGb: os.totalmem() / 1024 ** 3,
    postgres: version,
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    load: `1-minute load average ${loadBefore[0]?.toFixed(2)} before the run, ${os.loadavg()[0]?.toFixed(2)} at the end`,
  };
}

interface Report {
  listSmall: Measured;
  list: Measured;
  uncachedSmall: Measured;
  uncached: Measured;
  uncachedLoad: Measured;
  detail: Measured;
  bare: Measured;
  sql: Measured;
  fixedRate: Measured;
  counts: { projects: string; bids: string; matching: string };
  totalHeader: string | null;
  seedSmallSeconds: number;
  seedLargeSeconds: number;
  statements: Statement[];
  plan: string;
  machine: Awaited<ReturnType<typeof describeMachine>>;
  minutes: number;
}

function renderReport(r: Report): string {
  const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 2 : 1) : 'n/a');
  const row = (m: Measured) =>
    `| ${m.name} | ${m.rps.toFixed(0)} | ${ms(m.p50)} | ${ms(m.p99)} | ${m.total} | ${m.errors} | ${m.bodyBytes ?? ''} |`;
  const throughputRatio = r.list.rps / r.bare.rps;
  const p50Ratio = r.uncached.p50 / r.uncachedSmall.p50;
  const verdict = (ok: boolean) => (ok ? '**PASS**' : '**FAIL**');
  const share = (Number(r.counts.matching) / Number(r.counts.projects)) * 100;
  const m = r.machine;
  return `# Benchmark: the project list (issue 4)

Written by \`npm run bench\` (scripts/bench.ts) on ${new Date().toISOString().slice(0, 10)}; the run took ${r.minutes.toFixed(1)} minutes.

**Machine:** ${m.cores} cores (${m.cpu}), ${m.memoryGb.toFixed(1)} GB memory, PostgreSQL ${m.postgres}, Node ${m.node}, ${m.platform}.
The API, PostgreSQL and the load generator share these cores (loopback only); ${m.load}
(anything above ~1 means other processes competed for the cores during the run).

**Data:** ${Number(r.counts.projects).toLocaleString('en')} projects and ${Number(r.counts.bids).toLocaleString('en')} bids loaded with SQL
(10,000 projects in ${r.seedSmallSeconds.toFixed(1)} s, the other 90,000 with their bids in ${r.seedLargeSeconds.toFixed(1)} s, each followed
by \`VACUUM ANALYZE\`). '${COMMON_TERM}' is in the title or description of ${Number(r.counts.matching).toLocaleString('en')} projects (${share.toFixed(1)}%).

**Load:** autocannon ${'8'} in a worker thread, ${CONNECTIONS} connections, ${SECONDS} s per measurement after a warm-up,
as a signed-in user (session cookie). The API is the real one (compose + buildApp, NODE_ENV=development, LOG_LEVEL=warn)
on PostgreSQL with its default pool of 10 connections.

The list request is \`${LIST_PATH}\` (the common word plus two filters; 20 per page, X-Total-Count: ${r.totalHeader}).

## Figures

| measurement | requests/s | p50 ms | p99 ms | requests | errors | body bytes |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${row(r.list)}
${row(r.uncachedLoad)}
${row(r.uncached)}
${row(r.uncachedSmall)}
${row(r.detail)}
${row(r.bare)}
${row(r.sql)}
${row(r.fixedRate)}
${row(r.listSmall)}

- autocannon reports latencies in whole milliseconds; the SQL row is timed with performance.now() (per list call:
  ${r.statements.length} statements, see below), with ${CONNECTIONS} concurrent callers on a pool of ${CONNECTIONS}.
- The bare route is a separate Fastify instance without plugins, answering the list's parsed body (serialized per request).

## Targets

| target | measured | result |
| --- | --- | --- |
| list throughput ≥ 50% of the bare route's | ${r.list.rps.toFixed(0)} / ${r.bare.rps.toFixed(0)} req/s = ${(throughputRatio * 100).toFixed(0)}% | ${verdict(throughputRatio >= 0.5)} |
| list p99 ≤ 50 ms at 200 requests/s | p99 ${ms(r.fixedRate.p99)} ms (p50 ${ms(r.fixedRate.p50)} ms, ${r.fixedRate.rps.toFixed(0)} req/s achieved) | ${verdict(r.fixedRate.p99 <= 50 && r.fixedRate.errors === 0)} |
| list p50 at 100,000 projects within 1.5× of 10,000 (caches off, so every request runs the query) | ${ms(r.uncached.p50)} / ${ms(r.uncachedSmall.p50)} ms = ${p50Ratio.toFixed(2)}× | ${verdict(p50Ratio <= 1.5)} |

## Reading the figures

- The API keeps identical list pages for 1 s, found sessions for 5 s and users for 2 s, and serializes a kept
  page once (docs/decisions/0007-read-caches.md); writes clear the list cache at once. Under load, most list
  requests are answered from memory, which is what the throughput target measures. The "caches off" rows are
  a second instance of the same API with those caches turned off: every request runs the session and user
  lookups and the list query (page and count in parallel; the q → tsquery step and the estimate above 200
  matches are cached per process, docs/decisions/0005). The scaling target uses them, timed one request at a
  time with performance.now(), so the query's cost at 10,000 and 100,000 projects is compared, not the cache's.
- The 200 requests/s target is met only when the list's own throughput is well above 200/s; when the table
  shows fewer than 200 req/s achieved, the API was saturated and the latencies include queueing.
- The run is sensitive to other work on the machine (see the load average above): on a quiet machine
  the same run gives more throughput and lower tails.

## The list's SQL (as SqlProjectQuery runs it)

${r.statements.map((s, i) => `${i + 1}. \`${oneLine(s.sql).slice(0, 400)}${oneLine(s.sql).length > 400 ? ' …' : ''}\` with \`${JSON.stringify(s.params)}\``).join('\n')}

EXPLAIN (ANALYZE, BUFFERS) of the page statement at 100,000 projects:

\`\`\`
${r.plan}
\`\`\`
`;
}

function oneLine(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim();
}
