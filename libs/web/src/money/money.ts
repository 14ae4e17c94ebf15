import { formatCents, parseDollars, type Cents } from '@budget/money';

/**
 * A wire amount (dollars as a number like 12.5 or a string like "12.50") in integer cents.
 * The digits are read as text by @budget/money; an unreadable amount counts as 0 (spec §5).
 */
export function wireCents(value: unknown): Cents {
  return parseDollars(value) ?? 0;
}

/** What an amount cell shows: the formatted text and whether it takes the negative style. */
export function moneyDisplay(cents: Cents): { text: string; negative: boolean } {
  return { text: formatCents(cents), negative: cents < 0 };
}
