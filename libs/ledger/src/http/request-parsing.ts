import { RuleViolation } from '../domain/domain-error.js';
import type { SplitInput } from '../domain/splits.js';
import { amountField } from './amounts.js';

export const asObject = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** `categories: [{categoryId, amount, comment?}]` from a body; money in dollars on the wire. */
export function splitsField(value: unknown, field = 'categories'): SplitInput[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new RuleViolation(field, 'The categories must be a list.', 'array');
  return value.map((raw, index) => {
    const item = asObject(raw);
    const categoryId = item.categoryId === null || item.categoryId === undefined ? null : String(item.categoryId);
    const comment = typeof item.comment === 'string' ? item.comment : null;
    return { categoryId, amount: amountField(item.amount, `${field}.${index}.amount`), comment };
  });
}

/** offset/limit from a query string: whole numbers, limit at most 1000 (absent limit means all). */
export function pageQuery(query: Record<string, unknown>): { offset: number; limit: number | null } {
  const offset = Number(query.offset ?? 0);
  const limit = query.limit === undefined ? null : Number(query.limit);
  if (!Number.isInteger(offset) || offset < 0) throw new RuleViolation('offset', 'The offset must be a whole number of at least 0.', 'number');
  if (limit !== null && (!Number.isInteger(limit) || limit < 1 || limit > 1000)) {
    throw new RuleViolation('limit', 'The limit must be a whole number from 1 to 1000.', 'number');
  }
  return { offset, limit };
}

export function searchQuery(query: Record<string, unknown>): string | null {
  const raw = query.search ?? query.name ?? query.q;
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
}
