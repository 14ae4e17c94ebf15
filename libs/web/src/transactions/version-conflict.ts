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
