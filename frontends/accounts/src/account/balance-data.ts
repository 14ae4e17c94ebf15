import { z } from 'zod';
import { idSchema, readList } from '@budget/web';

const amount = z.union([z.number(), z.string()]);

const balanceSchema = z.object({ id: idSchema.nullish(), date: z.string(), balance: amount });

const statementSchema = z.object({
  id: idSchema,
  startDate: z.string(),
  endDate: z.string(),
  startingBalance: amount,
  endingBalance: amount,
  credits: amount.nullish(),
  debits: amount.nullish(),
});

export type BalanceEntry = z.infer<typeof balanceSchema>;
export type Statement = z.infer<typeof statementSchema>;

/** GET /api/v1/account/{id}/balances: newest first as the server sends them. */
export const readBalances = (body: unknown) => readList(balanceSchema, body);

/** GET /api/v1/account/{id}/statements, sorted by end date, newest first. */
export function readStatements(body: unknown): Statement[] | null {
  return readList(statementSchema, body)?.sort((a, b) => b.endDate.localeCompare(a.endDate)) ?? null;
}
