import { z } from 'zod';
import { idSchema } from '../data/id.js';

const amount = z.union([z.number(), z.string()]);

export const splitSchema = z.object({ categoryId: idSchema, amount: amount.nullish(), comment: z.string().nullish() });

export const transactionSchema = z.object({
  id: idSchema,
  date: z.string(),
  type: z.number().int(),
  comment: z.string().nullish(),
  categories: z.array(splitSchema).nullish(),
  accountTransaction: z
    .object({
      name: z.string().nullish(),
      amount: amount.nullish(),
      pending: z.boolean().nullish(),
      account: z.object({ id: idSchema, name: z.string().nullish() }).nullish(),
    })
    .nullish(),
});

export type TransactionData = z.infer<typeof transactionSchema>;

const registerResponseSchema = z.object({
  data: z.object({
    transactions: z.array(z.unknown()),
    balance: amount.nullish(),
    transactionsCount: z.number().nullish(),
  }),
});

export interface RegisterPage {
  transactions: TransactionData[];
  /** The balance after the newest row, in dollars as on the wire. */
  balance: number | string | null;
  /** How many rows the whole register holds, when the server counts them. */
  count: number | null;
}

/** Reads a register answer `{data:{transactions, balance}}`, skipping rows that do not fit. */
export function readRegisterPage(body: unknown): RegisterPage | null {
  const parsed = registerResponseSchema.safeParse(body);
  if (!parsed.success) return null;
  const transactions = parsed.data.data.transactions.flatMap((row) => {
    const one = transactionSchema.safeParse(row);
    return one.success ? [one.data] : [];
  });
  const { balance = null, transactionsCount = null } = parsed.data.data;
  return { transactions, balance, count: transactionsCount };
}

export const PAGE_SIZE = 30;
