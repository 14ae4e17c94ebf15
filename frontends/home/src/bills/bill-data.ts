import type { Cents } from '@budget/money';
import type { listBills, RouteResponse } from '@budget/contracts';
import { wireCents } from '@budget/web';

/** A bill as GET /bills answers it (`listBills` in `@budget/contracts`). */
export type Bill = RouteResponse<typeof listBills>[number];

/** "Monthly", or "Every 3 months". */
export function recurrenceText(months: number | null | undefined): string {
  if (months == null) return '';
  return months === 1 ? 'Monthly' : `Every ${months} months`;
}

/** This month's debits of a bill; the server's null (no debit yet this month) is 0.00, so the column is never blank. */
export const billDebits = (bill: Pick<Bill, 'debits'>): Cents => (bill.debits == null ? 0 : wireCents(bill.debits));

/**
 * A bill's funded amount: its category's balance (GET /groups), 0 while unknown. Money stays in
 * integer cents (docs/architecture.md §5).
 */
export function billFunded(bill: { id: string }, balances: ReadonlyMap<string, Cents>): Cents {
  return balances.get(bill.id) ?? 0;
}

/** How far the funded amount has come toward the bill's amount, 0 to 1 (a bill of 0.00 is done; nothing funded or overdrawn is 0). */
export function billProgress(funded: Cents, amount: Cents): number {
  const target = Math.abs(amount);
  if (target === 0) return 1;
  if (funded <= 0) return 0;
  return Math.min(1, funded / target);
}
