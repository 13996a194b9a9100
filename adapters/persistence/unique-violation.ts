import { UniqueConstraintViolationException } from '@mikro-orm/core';

/** True when `error` is a unique violation (SQLSTATE 23505) of the named constraint. */
export function isUniqueViolationOf(error: unknown, constraint: string): boolean {
  if (!(error instanceof UniqueConstraintViolationException)) return false;
  // pg's DatabaseError fields (code, constraint, detail...) are copied onto the exception.
  const details = error as UniqueConstraintViolationException & { constraint?: string };
  if (details.code !== undefined && details.code !== '23505') return false;
  return details.constraint === constraint || error.message.includes(`"${constraint}"`);
}
