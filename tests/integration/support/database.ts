import type { MikroORM as AnyMikroORM } from '@mikro-orm/core';
import { inject } from 'vitest';
import { createOrm } from '../../../adapters/persistence/orm.ts';

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
  if (tables.length > 0) {
    const list = tables.map((name) => `"${name.replaceAll('"', '""')}"`).join(', ');
    await orm.em.getConnection().execute(`truncate table ${list} restart identity cascade`);
  }
}
