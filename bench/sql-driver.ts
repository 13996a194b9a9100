/**
 * The list query's own SQL over plain `pg`: SqlProjectQuery (the adapter the API uses) on a stand-in for
 * MikroORM's EntityManager whose connection runs each statement on a pg pool. So the benchmark runs
 * exactly the adapter's statements, minus the ORM's connection layer, and records them for the report.
 */
import type { EntityManager } from '@mikro-orm/core';
import type pg from 'pg';
import { SqlProjectQuery } from '../adapters/persistence/marketplace-queries.ts';
import { numbered } from '../adapters/persistence/sql.ts';

export interface Statement {
  sql: string;
  params: unknown[];
}

export function pgProjectQuery(pool: pg.Pool, record?: Statement[]): SqlProjectQuery {
  const connection = {
    execute: async (sql: string, params: unknown[] = []) => {
      record?.push({ sql, params });
      return (await pool.query(numbered(sql), params)).rows;
    },
  };
  const em = { getConnection: () => connection, getTransactionContext: () => undefined };
  return new SqlProjectQuery(em as unknown as EntityManager);
}
