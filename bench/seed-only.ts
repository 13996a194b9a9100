/**
 * Loads the benchmark data into BENCH_DATABASE_URL without measuring (to look at plans by hand):
 *   BENCH_DATABASE_URL=... BENCH_PROJECTS=1000000 npx node bench/seed-only.ts
 */
import pg from 'pg';
import { createOrm, migrate } from '../adapters/persistence/orm.ts';
import { resetDatabase, seedProjects, seedUsers } from './seed-sql.ts';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/buildbid_bench';
const total = Number(process.env.BENCH_PROJECTS ?? 100_000);
const step = 100_000;
await resetDatabase(url);
const orm = await createOrm({ clientUrl: url, poolSize: 2 });
await migrate(orm);
await orm.close();
const pool = new pg.Pool({ connectionString: url, max: 2 });
const t = performance.now();
await seedUsers(pool);
for (let from = 0; from < total; from += step) {
  await seedProjects(pool, from, Math.min(total, from + step));
  console.log(
    `${Math.min(total, from + step)} projects after ${((performance.now() - t) / 1000).toFixed(0)} s`,
  );
}
await pool.query('vacuum analyze');
console.log(`done in ${((performance.now() - t) / 1000).toFixed(0)} s`);
await pool.end();
