import type { EntityManager } from '@mikro-orm/core';

/**
 * Runs raw SQL on the em's connection, inside the em's transaction when it has one (a
 * `transactional` fork), else on any pooled connection. Placeholders are `?`.
 */
export function runSql<T extends object = Record<string, unknown>>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<T[]> {
  return em.getConnection().execute<T[]>(sql, [...params], 'all', em.getTransactionContext());
}

/** count(*) and friends arrive as bigint text: read them as numbers. */
export function toCount(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}
