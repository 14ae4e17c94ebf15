import { z } from 'zod';
import type { listTransactionLogs, RouteResponse } from '@budget/contracts';
import { idSchema, readList } from '@budget/web';

/** One line of the transaction log as GET /transaction-logs answers it (`@budget/contracts`). */
export type TransactionLog = RouteResponse<typeof listTransactionLogs>[number];

/**
 * A provider (Plaid) log line. The server has no `/admin/plaid-logs` route nor contract yet (the
 * page is not offered); this reader waits for them.
 */
const plaidLogSchema = z.object({
  id: idSchema,
  createdAt: z.string(),
  request: z.unknown(),
  response: z.unknown(),
  status: z.number().int().nullish(),
  institutionId: z.string().nullish(),
});

export type PlaidLog = z.infer<typeof plaidLogSchema>;

/** GET /api/v1/admin/plaid-logs, newest first, bare or in a data wrapper. */
export const readPlaidLogs = (body: unknown) => readList(plaidLogSchema, body);

/** A logged request or response as readable text: strings as they are, the rest as JSON. */
export function logText(value: unknown): string {
  if (value == null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}
