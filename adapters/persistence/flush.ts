import type { EntityManager, EntityName, FilterQuery } from '@mikro-orm/core';

/**
 * Flushes the unit of work after `record` was created or changed. A failed flush forgets the record, so a
 * later flush does not retry it and the next read reloads what the database holds; `translate` may turn the
 * failure into the domain's error (a unique key's conflict), else it is thrown as it is.
 */
export async function flushRecord(
  em: EntityManager,
  record: object,
  translate: (error: unknown) => unknown = (error) => error,
): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    em.getUnitOfWork().unsetIdentity(record);
    throw translate(error);
  }
}

/**
 * Saves an aggregate onto its row: loads the record (`missing` when there is none), writes `rowOf(record)` but
 * its id and creation time onto it, and flushes as flushRecord does.
 */
export async function saveRecord<R extends object>(
  em: EntityManager,
  entity: EntityName<R>,
  id: string,
  rowOf: (record: R) => object,
  missing: () => Error,
  translate?: (error: unknown) => unknown,
): Promise<void> {
  const record = await em.findOne(entity, { id } as FilterQuery<NoInfer<R>>);
  if (!record) throw missing();
  const {
    id: _id,
    createdAt: _createdAt,
    ...changes
  } = rowOf(record as R) as {
    id?: unknown;
    createdAt?: unknown;
  };
  Object.assign(record, changes);
  await flushRecord(em, record, translate);
}
