/** Whether an answer is the stale-version conflict (409 INCORRECT_VERSION, spec §8). */
export function isVersionConflict(status: number, body: unknown): boolean {
  if (status !== 409) return false;
  const errors = (body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.some((entry) => (entry as { code?: unknown } | null)?.code === 'INCORRECT_VERSION');
}

export const CHANGED_TRANSACTION = {
  title: 'Changed Transaction',
  message: 'The transaction was changed by the system or another user.',
} as const;

/**
 * Whether an answer is a finished statement's lock (422 `statement-locked`, docs/architecture.md
 * §9.7): the row's amount, date, tick or deletion would change a reconciled statement. The request
 * may be sent again with `?unlock=statement` once the user confirms; that reopens the statement.
 */
export function isStatementLocked(status: number, body: unknown): boolean {
  if (status !== 422) return false;
  const errors = (body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.some((entry) => (entry as { code?: unknown } | null)?.code === 'statement-locked');
}

/** The question before a change to a row of a finished statement (docs/architecture.md §9.7). */
export const LOCKED_ROW = {
  title: 'Change a reconciled row?',
  message:
    "This row is on a finished (reconciled) statement, so its amount, date, tick and deletion are locked. Going ahead reopens the statement: it is no longer marked Reconciled and its difference shows the change. The log records why.",
} as const;
