import type { listBills, RouteResponse } from '@budget/contracts';

/** A bill as GET /bills answers it (`listBills` in `@budget/contracts`). */
export type Bill = RouteResponse<typeof listBills>[number];

/** "Monthly", or "Every 3 months". */
export function recurrenceText(months: number | null | undefined): string {
  if (months == null) return '';
  return months === 1 ? 'Monthly' : `Every ${months} months`;
}
