/**
 * `npm run bench:scale-out` (also the last stage of `npm run bench`): the diverse browse workload against
 * one API instance and against two behind a round-robin proxy, on the machine's PostgreSQL and Redis,
 * and how fast a write on one instance reaches the other's read caches. Written to
 * bench/scale-out-results.md; docs/deploy.md reads its figures.
 *
 *   SCALE_BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/buildbid_bench_scale \
 *   SCALE_BENCH_PROJECTS=20000 REDIS_URL=redis://127.0.0.1:6379 npm run bench:scale-out
 *
 * The list caches are off in both instances: what is measured is each request's own work plus the hop
 * through the proxy, not the cache (decision 0007).
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { startApiProcess } from '../tests/integration/support/api-process.ts';
import { RoundRobinProxy } from '../tests/integration/support/round-robin-proxy.ts';
import { http, type Measured } from './load.ts';
import { resetDatabase, seedProjects, seedUsers } from './seed-sql.ts';

const DATABASE_URL =
  process.env.SCALE_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/buildbid_bench_scale';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PROJECTS = Number(process.env.SCALE_BENCH_PROJECTS ?? 20_000);
const SECONDS = Number(process.env.SCALE_BENCH_SECONDS ?? 15);
const CONNECTIONS = 10;
const TRIALS = 30;
const RESULTS = new URL('./scale-out-results.md', import.meta.url);
const log = (message: string) =>
  console.log(`[bench scale-out ${(performance.now() / 1000).toFixed(0)}s] ${message}`);

/** 500 distinct browse URLs as people make them: text of 0-2 words, every filter, in varied mixes. */
export function diverseBrowsePaths(count = 500): string[] {
  const words = [
    '',
    'kitchen',
    'roof',
    'tile',
    'pool',
    'deck',
    'paint',
    'fence',
    'solar',
    'kitchen tile',
    'roof repair',
    'bath',
  ];
  const countries = ['', 'BS', 'US', 'CA', 'GB'];
  const categories = ['', 'Residential', 'Commercial', 'Interior', 'Exterior', 'Construction'];
  const budgets = ['', '1k-5k', '5k-25k', '25k+'];
  const paths = new Set<string>();
  // mulberry32: a small deterministic generator, so every run asks for the same URLs.
  let seed = 7;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  while (paths.size < count) {
    const query = new URLSearchParams();
    const q = pick(words);
    if (q) query.set('q', q);
    const country = pick(countries);
    if (country) query.set('country', country);
    const category = pick(categories);
    if (category) query.set('category', category);
    const budget = pick(budgets);
    if (budget) query.set('budget', budget);
    query.set('limit', String(pick([12, 20, 24])));
    paths.add(`/api/projects?${query}`);
  }
  return [...paths];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

async function register(base: string, role: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `scale-${Date.now()}-${Math.random().toString(36).slice(2)}@bench.example`,
      password: 'bench-secret',
      firstName: 'Scale',
      lastName: 'Bench',
      role,
    }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return (res.headers.getSetCookie().find((c) => c.startsWith('buildbid_session=')) as string).split(
    ';',
  )[0] as string;
}

/** Time from a write's answer on A until B shows its effect, over `TRIALS` fresh users. */
async function invalidationLatency(
  a: string,
  b: string,
  write: (cookie: string) => Promise<void>,
  seenOnB: (cookie: string) => Promise<boolean>,
  warm: (cookie: string) => Promise<void>,
): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < TRIALS; i++) {
    const cookie = await register(a, 'contractor');
    await warm(cookie);
    await write(cookie);
    const started = performance.now();
    while (!(await seenOnB(cookie))) {
      if (performance.now() - started > 10_000) throw new Error('never seen on the other instance');
      await new Promise((r) => setTimeout(r, 1));
    }
    latencies.push(performance.now() - started);
  }
  return latencies;
}

log(`database ${DATABASE_URL}, redis ${REDIS_URL}, ${PROJECTS} projects`);
await resetDatabase(DATABASE_URL);
const env = {
  NODE_ENV: 'development',
  DATABASE_URL,
  REDIS_URL,
  PROJECT_LIST_CACHE_MS: '0',
  SESSION_CACHE_MS: '60000',
  USER_CACHE_MS: '60000',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  SEED_DEMO_DATA: 'false',
  LOG_LEVEL: 'error',
};
const a = await startApiProcess(env); // migrates
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
await seedUsers(pool);
for (let from = 0; from < PROJECTS; from += 10_000)
  await seedProjects(pool, from, Math.min(PROJECTS, from + 10_000));
await pool.query('analyze');
await pool.end();
const b = await startApiProcess(env);
const proxy = new RoundRobinProxy([a.url, b.url]);
const lb = await proxy.listen();
log('seeded; two instances and the proxy are up');

try {
  const cookie = await register(a.url, 'contractor');
  const paths = diverseBrowsePaths();
  const headers = { cookie };
  log(`signed in; ${paths.length} distinct browse URLs, e.g. ${paths[1]}`);
  // Both instances warm (JIT, connection pools) before anything is measured.
  await http('warm-up', { url: lb, paths, duration: 4, connections: CONNECTIONS, headers });
  const one = await http('one instance', {
    url: a.url,
    paths,
    duration: SECONDS,
    connections: CONNECTIONS,
    headers,
  });
  log(`one instance: ${one.rps.toFixed(0)} req/s`);
  const before = [...proxy.served];
  const two = await http('two instances behind the proxy', {
    url: lb,
    paths,
    duration: SECONDS,
    connections: CONNECTIONS,
    headers,
  });
  log(`two instances: ${two.rps.toFixed(0)} req/s`);
  const served = proxy.served.map((n, i) => n - (before[i] ?? 0));
  // The proxy's own cost: the same proxy in front of one instance only.
  const single = new RoundRobinProxy([a.url]);
  const proxied = await http('one instance behind the proxy', {
    url: await single.listen(),
    paths,
    duration: SECONDS,
    connections: CONNECTIONS,
    headers,
  }).finally(() => single.close());
  log(`one instance behind the proxy: ${proxied.rps.toFixed(0)} req/s`);

  const signOut = await invalidationLatency(
    a.url,
    b.url,
    async (c) => {
      await fetch(`${a.url}/api/auth/signout`, { method: 'POST', headers: { cookie: c } });
    },
    async (c) => (await fetch(`${b.url}/api/auth/user`, { headers: { cookie: c } })).status === 401,
    async (c) => {
      await fetch(`${b.url}/api/auth/user`, { headers: { cookie: c } });
    },
  );
  const roleChange = await invalidationLatency(
    a.url,
    b.url,
    async (c) => {
      await fetch(`${a.url}/api/users/me/role`, {
        method: 'PATCH',
        headers: { cookie: c, 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'vendor' }),
      });
    },
    async (c) =>
      (await (await fetch(`${b.url}/api/auth/user`, { headers: { cookie: c } })).json()).role === 'vendor',
    async (c) => {
      await fetch(`${b.url}/api/auth/user`, { headers: { cookie: c } });
    },
  );
  write(one, proxied, two, served, signOut, roleChange);
} finally {
  await proxy.close();
  await Promise.all([a.stop(), b.stop()]);
}

function write(
  one: Measured,
  proxied: Measured,
  two: Measured,
  served: number[],
  signOut: number[],
  roleChange: number[],
): void {
  const row = (m: Measured) => `| ${m.name} | ${m.rps.toFixed(0)} | ${m.p50} / ${m.p99} | ${m.errors} |`;
  const load = os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
  const ms = (values: number[]) =>
    `${percentile(values, 50).toFixed(1)} / ${percentile(values, 99).toFixed(1)} / ${Math.max(...values).toFixed(1)}`;
  const text = `# Scale-out benchmark

Written by \`npm run bench:scale-out\` (bench/scale-out.ts) on ${new Date().toISOString().slice(0, 10)}:
${os.cpus().length} cores, load average ${load} (1/5/15 min) when it finished; PostgreSQL and Redis on the
same machine. ${PROJECTS.toLocaleString('en-US')} projects; 500 distinct browse URLs (text of 0-2 words, country,
category, budget, page size), ${CONNECTIONS} connections, ${SECONDS} s each, as a signed-in user, list cache off.

| workload | req/s | p50 / p99 ms | errors |
|---|---:|---:|---:|
${row(one)}
${row(proxied)}
${row(two)}

Two instances give **${(two.rps / one.rps).toFixed(2)}×** the throughput of one on these cores, and
**${(two.rps / proxied.rps).toFixed(2)}×** that of one instance behind the same proxy (during that
run the proxy sent ${served.join(' and ')} requests to the two instances).

## A write on one instance, seen on the other

${TRIALS} trials each, fresh user per trial, caches on (60 s), measured from the write's answer on instance A
until instance B shows it (polling every millisecond): p50 / p99 / max ms.

| change | p50 / p99 / max ms |
|---|---:|
| sign-out on A, refused on B | ${ms(signOut)} |
| role change on A, seen on B | ${ms(roleChange)} |
`;
  writeFileSync(RESULTS, text);
  console.log(text);
}
