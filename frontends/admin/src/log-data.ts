import { z } from 'zod';
import { idSchema, readList } from '@budget/web';

const transactionLogSchema = z.object({
  id: idSchema,
  createdAt: z.string(),
  message: z.string(),
  transactionId: idSchema.nullish(),
});

const plaidLogSchema = z.object({
  id: idSchema,
  createdAt: z.string(),
  request: z.unknown(),
  response: z.unknown(),
  status: z.number().int().nullish(),
  institutionId: z.string().nullish(),
});

export type TransactionLog = z.infer<typeof transactionLogSchema>;
export type PlaidLog = z.infer<typeof plaidLogSchema>;

/** GET /api/v1/transaction-logs, newest first, bare or in a data wrapper. */
export const readTransactionLogs = (body: unknown) => readList(transactionLogSchema, body);

/** GET /api/v1/admin/plaid-logs, newest first, bare or in a data wrapper. */
export const readPlaidLogs = (body: unknown) => readList(plaidLogSchema, body);

/** A logged request or response as readable text: strings as they are, the rest as JSON. */
export function logText(value: unknown): string {
  if (value == null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}
