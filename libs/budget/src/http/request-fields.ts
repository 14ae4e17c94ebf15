import { parseDollars, type Cents } from '@budget/money';
import { BudgetRuleViolation } from '../domain/index.js';

export type Body = Record<string, unknown>;

export const asBody = (body: unknown): Body => (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : {});

export function optionalBoolean(value: unknown, field: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw new BudgetRuleViolation(field, `The ${field} field must be true or false.`, 'boolean');
  return value;
}

/** A name field: text (blank text is the decider's to refuse, with its own message). */
export function nameField(value: unknown, blankMessage: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new BudgetRuleViolation('name', blankMessage, 'string');
  return value;
}

/** An id given in a body: text, or null. A number (older clients) is read as its text. */
export function optionalId(value: unknown, field: string): string | null | undefined {
  if (value === undefined || value === null) return value as null | undefined;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  throw new BudgetRuleViolation(field, `The ${field} must be an id or null.`, 'string');
}

/** Dollars (number or text, two decimals at most) as cents, not negative. */
export function nonNegativeAmount(value: unknown, field: string): Cents {
  const cents = parseDollars(value);
  if (cents === null) throw new BudgetRuleViolation(field, 'The amount must be a number with at most two decimals.', 'number');
  if (cents < 0) throw new BudgetRuleViolation(field, 'The amount must not be negative.', 'min');
  return cents;
}

export function recurrenceField(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 1200) {
    throw new BudgetRuleViolation('recurrence', 'The recurrence must be a whole number of at least 1.', 'min');
  }
  return n;
}

function isCalendarDate(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** An ISO date or date-time (its date part is kept); blank and null mean no date. */
export function optionalDate(value: unknown, field: string): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  const match = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim()) : null;
  if (!match || !isCalendarDate(match[1]!)) throw new BudgetRuleViolation(field, 'The date must be a valid date.', 'date');
  return match[1]!;
}
