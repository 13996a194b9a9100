import type { MikroORM as AnyMikroORM } from '@mikro-orm/core';
import { inject } from 'vitest';
import { createOrm } from '#adapters/persistence/orm.ts';

/** The migrations bookkeeping table: never truncated. */
const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/** An ORM on the database the global setup migrated. Close it with closeOrm in afterAll. */
export function openTestOrm(options: { debug?: boolean } = {}) {
  return createOrm({ clientUrl: inject('databaseUrl'), poolSize: 4, ...options });
}

/**
 * Every application table in the current schema (what the migrations created, so tables added by
 * later migrations are included without editing this list), except the migrations table.
 */
export async function applicationTables(orm: AnyMikroORM): Promise<string[]> {
  const rows: { table_name: string }[] = await orm.em.getConnection().execute(
    `select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> ?
        order by table_name`,
    [MIGRATIONS_TABLE],
  );
  return rows.map((row) => row.table_name);
}

/** Arranger: empties every application table (RESTART IDENTITY CASCADE). Use a fresh em.fork() afterwards. */
export async function truncateAll(orm: AnyMikroORM): Promise<void> {
  const tables = await applicationTables(orm);
  if (tables.length === 0) return;
  const list = tables.map((name) => `"${name.replaceAll('"', '""')}"`).join(', ');
  // Background work that an earlier test started (a saved-search alert, the outbox relay) may still hold
  // a table that the truncate needs while it waits for one the truncate holds: PostgreSQL then ends one of
  // the two as a deadlock (40P01). The background work retries by itself; the arranger retries too.
  for (let attempt = 1; ; attempt++) {
    try {
      await orm.em.getConnection().execute(`truncate table ${list} restart identity cascade`);
      return;
    } catch (error) {
      const { code, name } = error as { code?: string; name?: string };
      if ((code !== '40P01' && name !== 'DeadlockException') || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
