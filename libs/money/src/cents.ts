/**
 * Money is an integer number of cents everywhere inside the product (docs/architecture.md §5). A JS number
 * holds every integer up to 2^53 exactly (about 90 trillion dollars), so cents travel as numbers;
 * they are only ever added, subtracted and compared, never divided without explicit rounding.
 */
export type Cents = number;

const DECIMAL = /^([+-])?(\d{1,13})(?:\.(\d{0,2}))?$/;

/** Whether a value is a safe integer amount of cents. */
export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/**
 * Parses a dollar amount given as a JSON number or a decimal string (at most two decimals,
 * optional sign, optional thousands separators in strings) into cents, exactly: the digits are
 * read as text, never through float arithmetic. Returns null when it is not such an amount.
 */
export function parseDollars(value: unknown): Cents | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // The shortest round-trip form of a double written from "12.34" is "12.34".
    text = String(value);
    if (/e/i.test(text)) return null;
  } else if (typeof value === 'string') {
    text = value.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  } else {
    return null;
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? (cents === 0 ? 0 : -cents) : cents;
}

/** Cents as the wire's dollars number with two decimals (e.g. -1234 → -12.34). */
export function dollarsFromCents(cents: Cents): number {
  return Number(centsToDecimalString(cents));
}

/** Cents as a plain decimal string: -1234 → "-12.34", 5 → "0.05". */
export function centsToDecimalString(cents: Cents): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Display form: thousands separators, two decimals, a leading minus; negative zero is 0.00. */
export function formatCents(cents: Cents): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/**
 * Parses a bigint column value (pg returns int8 and sums as strings) into cents. It never throws:
 * writes keep every balance within MAX_BALANCE_CENTS, but a sum beyond 2^53 (rows stored before
 * that bound, or a total over very many accounts) reads as the nearest number rather than failing
 * every read of it — and, in the projector, stopping the projection.
 */
export function centsFromDb(value: string | number | bigint | null | undefined): Cents {
  if (value === null || value === undefined) return 0;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? Math.round(n) : 0;
}

export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce((total, v) => total + v, 0);
}
