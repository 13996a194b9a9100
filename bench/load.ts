/**
 * Load drivers: autocannon (HTTP, in a worker thread so the server keeps the main thread) and a small
 * concurrent loop for a function (the list query over plain `pg`).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const SPREAD_PATHS = fileURLToPath(new URL('./spread-paths.cjs', import.meta.url));
const pathsDir = mkdtempSync(join(os.tmpdir(), 'buildbid-bench-paths-'));
let pathsFiles = 0;

export interface Measured {
  name: string;
  /** Requests (or queries) per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  total: number;
  errors: number;
  /** Bytes of one response body, when known. */
  bodyBytes?: number;
}

export interface HttpLoad {
  url: string;
  duration: number;
  connections?: number;
  overallRate?: number;
  headers?: Record<string, string>;
  /** Paths cycled through per connection (instead of the url's path), each from a random start. */
  paths?: string[];
}

/** The paths for every connection, each connection starting at its own random offset (spread-paths.cjs). */
function spread(paths: string[]) {
  const file = join(pathsDir, `paths-${pathsFiles++}.json`);
  writeFileSync(file, JSON.stringify(paths));
  process.env.BENCH_PATHS_FILE = file;
  return { requests: paths.map((path) => ({ method: 'GET', path })), setupClient: SPREAD_PATHS };
}

export async function http(name: string, load: HttpLoad): Promise<Measured> {
  const result = await autocannon({
    url: load.url,
    connections: load.connections ?? 10,
    duration: load.duration,
    workers: 1,
    ...(load.overallRate ? { overallRate: load.overallRate } : {}),
    ...(load.headers ? { headers: load.headers } : {}),
    ...(load.paths ? spread(load.paths) : {}),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors,
  };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

/** Runs `work` from `concurrency` loops for `seconds`; latency per call in ms. */
export async function loop(
  name: string,
  work: () => Promise<unknown>,
  options: { seconds: number; concurrency: number },
): Promise<Measured> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          await work();
          latencies.push(performance.now() - t);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    total: latencies.length,
    errors,
  };
}

/**
 * CPU time (user + system, ms) so far of the PostgreSQL backends connected to the pool's database (read
 * from /proc; 0 where it cannot be read). Taken before and after a run, it gives the database's CPU per
 * request, which other processes on the machine disturb far less than requests per second.
 */
export async function postgresCpuMs(pool: {
  query<R>(sql: string): Promise<{ rows: R[] }>;
}): Promise<number> {
  const { rows } = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const tickMs = 10; // USER_HZ = 100
  let ms = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ms += (Number(fields[11]) + Number(fields[12])) * tickMs;
    } catch {
      // a backend that ended meanwhile, or no /proc: not counted
    }
  }
  return ms;
}
