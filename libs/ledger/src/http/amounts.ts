import { parseDollars, type Cents } from '@budget/money';
import { RuleViolation } from '../domain/domain-error.js';

/** A required dollar amount from a body field, as cents; anything else is a 422 on that field. */
export function amountField(value: unknown, field: string): Cents {
  const cents = parseDollars(value);
  if (cents === null) throw new RuleViolation(field, 'The amount must be a number with at most two decimals.', 'number');
  return cents;
}

export function optionalAmount(value: unknown, field: string): Cents | undefined {
  return value === undefined ? undefined : amountField(value, field);
}

export function nullableAmount(value: unknown, field: string): Cents | null | undefined {
  if (value === null) return null;
  return optionalAmount(value, field);
}

/** An APR such as 5.25 as thousandths of a percent (5250); up to three decimals. */
export function rateField(value: unknown, field: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  const text = String(value).trim();
  if (!/^\d{1,3}(\.\d{1,3})?$/.test(text)) throw new RuleViolation(field, 'The rate must be a percentage with at most three decimals.', 'number');
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
}

export function stringField(value: unknown, field: string, message: string): string {
  if (typeof value !== 'string') throw new RuleViolation(field, message, 'string');
  return value;
}

export function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new RuleViolation(field, `The ${field} must be text.`, 'string');
  return value;
}
