const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * Formats integer cents as dollars with two decimals and thousands separators: 123456 gives
 * "1,234.56" and -5 gives "-0.05". Negative zero shows "0.00".
 */
export function formatMoney(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`cents must be an integer: ${cents}`);
  const magnitude = Math.abs(cents);
  const dollars = String(Math.trunc(magnitude / 100)).replace(GROUPS, ',');
  const remainder = String(magnitude % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${dollars}.${remainder}`;
}

/** Whether an amount takes the negative style (red). Negative zero does not. */
export function isNegative(cents: number): boolean {
  return cents < 0;
}
