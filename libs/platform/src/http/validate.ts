import type { ZodType } from 'zod';
import { ValidationFailed } from './errors.js';

/**
 * Parses a request body or query with a zod schema; failures become a 422 with one entry per
 * issue, the field being the dotted path (e.g. `categories.0.amount`). Messages come from the
 * schema, so each schema carries the spec's wording.
 */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new ValidationFailed(
    result.error.issues.map((issue) => ({
      field: issue.path.map(String).join('.') || 'body',
      message: issue.message,
      code: issue.code,
    })),
  );
}
