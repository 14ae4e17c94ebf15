import type { Cents } from './cents.js';

/**
 * The amount-field equation language (product-spec §2 "Amount fields", §5): numbers, + - * /,
 * parentheses and unary minus; a number may carry a leading `$` and commas between groups of
 * three digits. Arithmetic is exact (fractions of bigints) and the result is rounded to cents
 * once, half away from zero. More than one decimal point in a number, a misplaced comma, a stray
 * character, an unbalanced parenthesis or a division by zero is an error.
 */
export const GROUPING_MESSAGE = 'Use a point for cents and commas only between groups of three digits, e.g. 1,234.56.';

export type EquationResult = { ok: true; cents: Cents } | { ok: false; error: string };

interface Fraction {
  n: bigint;
  d: bigint; // always > 0
}

const abs = (v: bigint) => (v < 0n ? -v : v);
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? abs(a) : gcd(b, a % b));
function make(n: bigint, d: bigint): Fraction {
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

class Parser {
  private index = 0;
  constructor(private readonly text: string) {}

  parse(): Fraction {
    const value = this.expression();
    this.skipSpaces();
    if (this.index < this.text.length) throw new Error(`Unexpected "${this.text[this.index]}"`);
    return value;
  }

  private expression(): Fraction {
    let left = this.term();
    for (;;) {
      const op = this.peek();
      if (op !== '+' && op !== '-') return left;
      this.index++;
      const right = this.term();
      left = make(op === '+' ? left.n * right.d + right.n * left.d : left.n * right.d - right.n * left.d, left.d * right.d);
    }
  }

  private term(): Fraction {
    let left = this.unary();
    for (;;) {
      const op = this.peek();
      if (op !== '*' && op !== '/') return left;
      this.index++;
      const right = this.unary();
      if (op === '*') left = make(left.n * right.n, left.d * right.d);
      else {
        if (right.n === 0n) throw new Error('Division by zero');
        left = make(left.n * right.d, left.d * right.n);
      }
    }
  }

  private unary(): Fraction {
    const op = this.peek();
    if (op === '-' || op === '+') {
      this.index++;
      const value = this.unary();
      return op === '-' ? { n: -value.n, d: value.d } : value;
    }
    return this.primary();
  }

  private primary(): Fraction {
    if (this.peek() === '(') {
      this.index++;
      const value = this.expression();
      if (this.peek() !== ')') throw new Error('Missing closing parenthesis');
      this.index++;
      return value;
    }
    return this.number();
  }

  private number(): Fraction {
    this.skipSpaces();
    if (this.text[this.index] === '$') this.index++;
    const match = /^[\d,]*\.?\d*(\.\d*)?/.exec(this.text.slice(this.index));
    const raw = match?.[0] ?? '';
    if (match?.[1] !== undefined) throw new Error('A number has more than one decimal point');
    // "1,00" is a decimal comma, not a hundred: commas must group thousands exactly.
    if (raw.includes(',') && !/^\d{1,3}(,\d{3})*(\.\d*)?$/.test(raw)) throw new Error(GROUPING_MESSAGE);
    const digits = raw.replace(/,/g, '');
    if (!/\d/.test(digits)) throw new Error(this.index < this.text.length ? `Unexpected "${this.text[this.index]}"` : 'Missing number');
    this.index += raw.length;
    const [whole = '', fraction = ''] = digits.split('.');
    return make(BigInt((whole || '0') + fraction), 10n ** BigInt(fraction.length));
  }

  private peek(): string | undefined {
    this.skipSpaces();
    return this.text[this.index];
  }

  private skipSpaces(): void {
    while (this.text[this.index] === ' ') this.index++;
  }
}

/** Rounds a fraction of dollars to whole cents, half away from zero. */
function toCents({ n, d }: Fraction): Cents {
  const scaled = n * 100n;
  const quotient = scaled / d;
  const remainder = abs(scaled % d);
  const roundAway = remainder * 2n >= d;
  const cents = roundAway ? quotient + (scaled < 0n ? -1n : 1n) : quotient;
  const value = Number(cents);
  if (!Number.isSafeInteger(value)) throw new Error('The amount is too large');
  return value === 0 ? 0 : value;
}

export function evaluateEquation(text: string): EquationResult {
  const source = text.trim().replace(/^=/, '');
  if (source.trim() === '') return { ok: false, error: 'Missing number' };
  try {
    return { ok: true, cents: toCents(new Parser(source).parse()) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
