import { z } from 'zod';
import { idSchema, readList, recordPath, type Id } from '@budget/web';

const amount = z.union([z.number(), z.string()]);

const balanceSchema = z.object({ id: idSchema.nullish(), date: z.string(), balance: amount });

export type BalanceEntry = z.infer<typeof balanceSchema>;

/** GET /api/v1/account/{id}/balances, newest first. */
export function readBalances(body: unknown): BalanceEntry[] | null {
  return readList(balanceSchema, body)?.sort((a, b) => b.date.localeCompare(a.date)) ?? null;
}

export const balancesPath = (accountId: Id) => `${recordPath('/api/v1/account', accountId)}/balances`;
