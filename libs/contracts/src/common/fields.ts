import { z } from 'zod';
import { dollarsFromCents, parseDollars, type Cents } from '@budget/money';

/**
 * The building blocks every contract is made of. Each one refuses, at the edge, whatever
 * PostgreSQL or the domain would choke on: NUL characters and lone UTF-16 surrogates in text,
 * ids in any but their one canonical form, amounts beyond what `bigint` cents hold, dates outside
 * a sane range, offsets and limits out of range. The messages are the ones the forms show.
 */

/** Longest text field we accept anywhere (names, comments, search strings). */
export const MAX_TEXT = 1000;
/** Page size when a list request gives no `limit` (the spec's page), and the largest allowed. */
export const DEFAULT_PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 1000;
/** Largest `offset` a paged list accepts (far beyond any register; keeps SQL in `integer`). */
export const MAX_OFFSET = 100_000_000;
/** Dates a user may enter: far enough back for old statements, not so far ahead that a chart explodes. */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2199-12-31';
/** Largest amount in dollars on the wire: 13 whole digits, well inside a safe integer of cents. */
export const MAX_DOLLARS = 9_999_999_999_999.99;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** Text without NUL or lone surrogates, at most `max` characters. */
export function text(options: { max?: number; message?: string; min?: number } = {}) {
  const max = options.max ?? MAX_TEXT;
  let schema = z.string({ error: options.message ?? 'This field must be text.' });
  if (options.min !== undefined) schema = schema.min(options.min, { error: options.message ?? 'This field is required.' });
  return schema
    .max(max, { error: `This field must be at most ${max} characters long.` })
    .refine(wellFormed, { error: 'This field contains characters that are not allowed.' });
}

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * An id: a UUID, read case-insensitively and kept in its one canonical (lower-case) form, so
 * `ABC…` and `abc…` name the same row everywhere.
 */
export function id(message = 'This must be a valid id.') {
  return z
    .string({ error: message })
    .regex(UUID, { error: message })
    .transform((value) => value.toLowerCase())
    .meta({ format: 'uuid' });
}

/** The id in a path: a malformed one is simply not found (see `ContractValidationPipe`). */
export const pathId = id;

/** Whether `YYYY-MM-DD` names a day of the calendar (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * A calendar date `YYYY-MM-DD` between MIN_DATE and MAX_DATE. An ISO date-time is accepted and
 * its date part kept (the spec's client sends `goalDate` that way).
 */
export function date(message = 'A valid date must be provided.') {
  return z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, { error: message })
    .transform((value) => value.slice(0, 10))
    .refine(isCalendarDate, { error: message })
    .refine((value) => value >= MIN_DATE && value <= MAX_DATE, { error: `The date must be between ${MIN_DATE} and ${MAX_DATE}.` })
    .meta({ format: 'date', description: 'YYYY-MM-DD' });
}

/**
 * A dollar amount on the wire (a JSON number or decimal text, at most two decimals) read into
 * integer cents exactly, never through float arithmetic.
 */
export function dollars(message = 'The amount must be a number with at most two decimals.') {
  return z
    .union([z.number(), z.string().max(40)], { error: message })
    .transform((value, context): Cents => {
      const cents = parseDollars(value);
      if (cents === null) {
        context.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return cents;
    })
    .meta({ description: 'Dollars with at most two decimals, e.g. 12.34', example: 12.34 });
}

/** An amount that must not be negative. */
export function nonNegativeDollars(message?: string) {
  return dollars(message).refine((cents) => cents >= 0, { error: 'The amount must not be negative.' });
}

/** A whole number given in a query string or body, within bounds. */
export function wholeNumber(options: { min: number; max: number; message?: string }) {
  const message = options.message ?? `This must be a whole number from ${options.min} to ${options.max}.`;
  return z
    .union([z.number(), z.string().regex(/^-?\d{1,16}$/, { error: message })], { error: message })
    .transform(Number)
    .pipe(z.number().int({ error: message }).min(options.min, { error: message }).max(options.max, { error: message }));
}

/**
 * `offset` and `limit` of a paged list: a missing limit is `defaultLimit` (the spec's page of 30
 * unless a route says otherwise), the largest is 1000 (no list is unbounded).
 */
export function pagedQuery(defaultLimit: number = DEFAULT_PAGE_SIZE) {
  return z.object({
    offset: wholeNumber({ min: 0, max: MAX_OFFSET, message: `The offset must be a whole number from 0 to ${MAX_OFFSET}.` })
      .optional()
      .transform((value) => value ?? 0)
      .meta({ description: 'Rows to skip (default 0).', default: 0, minimum: 0, maximum: MAX_OFFSET }),
    limit: wholeNumber({ min: 1, max: MAX_PAGE_SIZE, message: `The limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
      .optional()
      .transform((value) => value ?? defaultLimit)
      .meta({ description: `Rows in the page: default ${defaultLimit}, at most ${MAX_PAGE_SIZE}.`, default: defaultLimit, minimum: 1, maximum: MAX_PAGE_SIZE }),
  });
}

/** The usual paged list: a missing limit is a page of 30. */
export const pageQuery = pagedQuery();

/**
 * A list the spec's client reads whole, in one call without `offset` or `limit` (statements,
 * balance history, institutions with their accounts): a missing limit is the largest page, 1000,
 * more than a user ever has; our own screens page through with `limit` (`useEveryPage`).
 */
export const wholeListQuery = pagedQuery(MAX_PAGE_SIZE);

/** A boolean in a JSON body. */
export function bool(message = 'This field must be true or false.') {
  return z.boolean({ error: message });
}

/** Cents as the wire's dollars (for answers). */
export const toDollars = (cents: Cents): number => dollarsFromCents(cents);

/** An amount in an answer: dollars with at most two decimals. */
export const money = z.number().meta({ description: 'Dollars with at most two decimals', example: -12.34 });
/** A date in an answer. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).meta({ format: 'date' });
/** A timestamp in an answer. */
export const timestamp = z.string().meta({ format: 'date-time' });
/** An id in an answer. */
export const idOut = z.string();

/** The most values a repeated query parameter takes: more ids than any budget has. */
export const MAX_REPEATED_VALUES = 500;

/**
 * A repeated query parameter (`?a=x&a=y`; one value arrives as a string): a list of checked
 * values, at most `max`, duplicates dropped. Absent: `undefined` (each route says what that means).
 */
export function repeated<T extends z.ZodType<string, string>>(item: T, what: string, message: string, max: number = MAX_REPEATED_VALUES) {
  const many = `At most ${max} ${what} may be given.`;
  return z
    .union([item.transform((value) => [value]), z.array(item).max(max, { error: many })], { error: message })
    .transform((values) => [...new Set(values)])
    .optional();
}
