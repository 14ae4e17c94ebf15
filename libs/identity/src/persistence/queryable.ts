import type { Pool, PoolClient } from '@budget/platform';

/** A pool or a client inside a transaction: repositories run on whichever the use case gives them. */
export type Queryable = Pick<Pool | PoolClient, 'query'>;

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string };
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
