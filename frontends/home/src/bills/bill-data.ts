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
