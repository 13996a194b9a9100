/**
 * `node bench/profile.ts`: one API instance with every read cache off (PROFILE_CACHES=1: on) against a seeded bench database,
 * loaded with autocannon for a few seconds per workload. Run it under `--cpu-prof` to see where a request's
 * time goes in our own code (decision 0111):
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/buildbid_bench_be \
 *     npx node --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile.ts list detail
 *
 * Seeds 100,000 users and 100,000 projects the first time (PROFILE_RESEED=1 to start over); later runs
 * reuse the data. Workloads: list (one URL repeated), plain (no filter), browse (25 searches × countries),
 * diverse (120: those × budget bands), bench (the 520 first pages of `npm run bench`), detail, user, stats,
 * notifications, myBids.
 * PROFILE_PER_URL=1 times each URL of a workload alone instead (slowest first).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { compose } from '../apps/api/src/container.ts';
import { http, postgresCpuMs } from './load.ts';
import { COMMON_TERM, resetDatabase, seedProjects, seedUsers } from './seed-sql.ts';
import { browsePath, firstPages } from './workloads.ts';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/buildbid_bench_be';
const SIZE = Number(process.env.PROFILE_PROJECTS ?? 100_000);
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
const PROFILE_DIR = process.env.PROFILE_DIR;
/** Statements sent by every pg client in this process (the ORM's pool included). */
let statements = 0;
// The ORM has its own copy of pg (under @mikro-orm/postgresql): count on that one.
const ormPg = createRequire(import.meta.resolve('@mikro-orm/postgresql'))('pg') as typeof pg;
const query = ormPg.Client.prototype.query as (...args: unknown[]) => unknown;
ormPg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return query.apply(this, args);
} as never;
const workloads = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['list', 'detail'];

const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2, options: '-c jit=off' });
let seeded = false;
if (process.env.PROFILE_RESEED !== '1') {
  try {
    const { rows } = await pool.query<{ n: string }>('select count(*) n from projects');
    seeded = Number(rows[0]?.n) === SIZE;
  } catch {
    seeded = false;
  }
}
if (!seeded) await resetDatabase(DATABASE_URL);
const dataDir = mkdtempSync(join(os.tmpdir(), 'buildbid-profile-'));
const config = {
  ...loadConfig({
    NODE_ENV: process.env.PROFILE_NODE_ENV ?? 'production',
    DATABASE_URL,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'cd'.repeat(32),
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    HOST: '127.0.0.1',
    PAYMENTS_SANDBOX: 'true',
  }),
  // PROFILE_CACHES=1 keeps the configured read caches (decision 0007); by default they are off.
  ...(process.env.PROFILE_CACHES === '1' ? {} : { projectListCacheMs: 0, sessionCacheMs: 0, userCacheMs: 0 }),
};
const composition = await compose(config, { passwordHashCost: 2 ** 10 });
const seedPool = pool;
if (!seeded) {
  await seedUsers(seedPool);
  await seedProjects(seedPool, 0, SIZE);
  await seedPool.query('vacuum analyze');
}
const app = await buildApp(config, composition);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
try {
  const email = `profile-${Date.now()}@example.com`;
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'bench-secret', firstName: 'Bench', role: 'contractor' },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const headers = { cookie: String(registered.headers['set-cookie']).split(';')[0] as string };
  const ids = (
    await seedPool.query<{ id: string }>(
      `select md5('project' || i)::uuid::text as id from generate_series(0, $1 - 1, 199) i`,
      [SIZE],
    )
  ).rows.map((r) => `/api/projects/${r.id}`);
  const paths: Record<string, string[]> = {
    list: [`/api/projects?q=${COMMON_TERM}&country=BS&limit=20`],
    plain: ['/api/projects?country=&limit=20'],
    browse: ['', 'BS', 'US', 'CA', 'GB'].flatMap((country) =>
      ['', 'roof', 'itche', 'cistern', 'kitchen tile'].map(
        (q) => `/api/projects?${new URLSearchParams({ country, q, limit: '20' })}`,
      ),
    ),
    // Searches × every budget band: most of the bench's diverse URLs carry a budget, which no index serves.
    diverse: ['', 'BS', 'US', 'CA', 'GB'].flatMap((country) =>
      ['', 'roof', 'itche', 'cistern', 'kitchen tile', 'storm roof'].flatMap((q) =>
        ['', '1k-5k', '5k-25k', '25k+'].map(
          (budget) => `/api/projects?${new URLSearchParams({ country, q, budget, limit: '20' })}`,
        ),
      ),
    ),
    // The 520 first pages of `npm run bench`'s diverse browse.
    bench: firstPages().map(browsePath),
    detail: ids,
    user: ['/api/auth/user'],
    stats: ['/api/users/me/stats'],
    notifications: ['/api/notifications'],
    myBids: ['/api/users/me/bids'],
  };
  for (const name of workloads) {
    const list = paths[name];
    if (!list) throw new Error(`unknown workload ${name}`);
    if (process.env.PROFILE_PER_URL === '1') {
      await timeEachUrl(name, base, headers, list);
      continue;
    }
    await http('warm-up', { url: base, duration: 2, headers, paths: list });
    const profiler = PROFILE_DIR ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const before = statements;
    const pgBefore = await postgresCpuMs(pool);
    const cpuBefore = process.cpuUsage();
    const eluBefore = performance.eventLoopUtilization();
    const m = await http(name, { url: base, duration: SECONDS, connections: 10, headers, paths: list });
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(join(PROFILE_DIR as string, `${name}.cpuprofile`), JSON.stringify(profile));
      profiler.disconnect();
    }
    const cpu = process.cpuUsage(cpuBefore);
    const elu = performance.eventLoopUtilization(eluBefore);
    const pgMs = (await postgresCpuMs(pool)) - pgBefore;
    console.log(
      `${name}: ${((statements - before) / m.total).toFixed(2)} statements, CPU per request: PostgreSQL ` +
        `${(pgMs / m.total).toFixed(2)} ms, this process ${((cpu.user + cpu.system) / 1000 / m.total).toFixed(2)} ms ` +
        `(API thread busy ${(elu.active / m.total).toFixed(2)} ms, utilisation ${(elu.utilization * 100).toFixed(0)} %)`,
    );
    console.log(
      `${name}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.total} done, ${m.errors} errors`,
    );
  }
} finally {
  await app.close();
  await composition.close();
  await pool.end();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * PROFILE_PER_URL=1: each URL of a workload alone, one request at a time (the median of 5 after a
 * warm-up), slowest first: which filter mixes make the tail.
 */
async function timeEachUrl(name: string, base: string, headers: Record<string, string>, list: string[]) {
  const timed: { path: string; ms: number; total: string | null }[] = [];
  for (const path of list) {
    const runs: number[] = [];
    let total: string | null = null;
    for (let i = 0; i < 6; i++) {
      const started = performance.now();
      const res = await fetch(base + path, { headers });
      await res.arrayBuffer();
      if (i > 0) runs.push(performance.now() - started);
      total = res.headers.get('x-total-count');
    }
    runs.sort((a, b) => a - b);
    timed.push({ path, ms: runs[2] ?? 0, total });
  }
  timed.sort((a, b) => b.ms - a.ms);
  const sum = timed.reduce((n, t) => n + t.ms, 0);
  console.log(`${name}: ${list.length} URLs one at a time, mean ${(sum / timed.length).toFixed(2)} ms`);
  for (const t of timed) console.log(`  ${t.ms.toFixed(2).padStart(8)} ms  total ${t.total}  ${t.path}`);
}
