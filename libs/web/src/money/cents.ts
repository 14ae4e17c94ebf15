const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** Moves the decimal point of a digit string `exponent` places to the right. */
function shift(whole: string, fraction: string, exponent: number): [string, string] {
  const digits = whole + fraction;
  const point = whole.length + exponent;
  if (point <= 0) return ['0', '0'.repeat(-point) + digits];
  if (point >= digits.length) return [digits + '0'.repeat(point - digits.length), ''];
  return [digits.slice(0, point), digits.slice(point)];
}

/**
 * Converts a wire amount in dollars (a number such as 12.5 or a string such as "-12.50") to
 * integer cents by working on its decimal digits, never on a float product. Half a cent rounds
 * away from zero. Throws on anything that is not a decimal number.
 */
export function toCents(value: number | string): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (match === null || (match[2] === '' && (match[3] ?? '') === '')) {
    throw new Error(`not a decimal amount: ${text}`);
  }
  const [, sign, rawWhole = '', rawFraction = '', exponent = '0'] = match;
  const [whole, fraction] = shift(rawWhole || '0', rawFraction, Number(exponent));
  const padded = `${fraction}000`;
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** Sums integer cents; the sum of integers below 2^53 stays exact. */
export function sumCents(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
