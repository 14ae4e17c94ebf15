import type { listPlaidLogs, listTransactionLogs, RouteResponse } from '@budget/contracts';

/** One line of the transaction log as GET /transaction-logs answers it (`@budget/contracts`). */
export type TransactionLog = RouteResponse<typeof listTransactionLogs>[number];

/** One call of the provider (Plaid) log as GET /admin/plaid-logs answers it. */
export type PlaidLog = RouteResponse<typeof listPlaidLogs>['data'][number];

/** A logged request or response as readable text: strings as they are, the rest as JSON. */
export function logText(value: unknown): string {
  if (value == null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}
