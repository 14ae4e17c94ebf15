import type { Cents } from '@budget/money';

/**
 * Outflow or inflow (docs/architecture.md §9 "Typing a transaction"): the transaction dialog's
 * sign toggle beside the signed Amount field, so that a purchase needs no minus sign. The wire
 * keeps the spec's signed amount; the toggle only decides the sign of what is typed.
 */
export type Flow = 'outflow' | 'inflow';

/** A new transaction starts as an outflow (a purchase); a stored one shows its own sign. */
export const flowOf = (amount: Cents | null): Flow => (amount !== null && amount > 0 ? 'inflow' : 'outflow');

/**
 * The amount for what the field reads (typed or from an equation): a minus always means money out
 * (and sets the toggle); a plain number takes the toggle's sign, so "=12*3" as an outflow is −36.00.
 */
export function amountForFlow(typed: Cents, flow: Flow): { amount: Cents; flow: Flow } {
  if (typed < 0) return { amount: typed, flow: 'outflow' };
  return { amount: flow === 'outflow' ? -typed || 0 : typed, flow };
}

/** The toggle pressed: the same money, with the chosen direction's sign. */
export const withFlow = (amount: Cents, flow: Flow): Cents => (flow === 'outflow' ? -Math.abs(amount) || 0 : Math.abs(amount));
