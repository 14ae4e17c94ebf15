import { z } from 'zod';
import { idSchema } from '../data/id.js';

const amount = z.union([z.number(), z.string()]);

export const splitSchema = z.object({ categoryId: idSchema, amount: amount.nullish(), comment: z.string().nullish() });

export const transactionSchema = z.object({
  id: idSchema,
  date: z.string(),
  type: z.number().int(),
  comment: z.string().nullish(),
  /** The stream revision: a PATCH must send the version it read. */
  version: z.number().int().nullish(),
  categories: z.array(splitSchema).nullish(),
  /** The balance after this row in the register it was read from, when the server keeps one. */
  runningBalance: amount.nullish(),
  accountTransaction: z
    .object({
      name: z.string().nullish(),
      amount: amount.nullish(),
      principle: amount.nullish(),
      pending: z.boolean().nullish(),
      statementId: idSchema.nullish(),
      account: z
        .object({ id: idSchema, name: z.string().nullish(), institution: z.object({ name: z.string().nullish() }).nullish() })
        .nullish(),
    })
    .nullish(),
});

export type TransactionData = z.infer<typeof transactionSchema>;
export type SplitData = z.infer<typeof splitSchema>;

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
  /** Rows the server sent, fitting or not: a page shorter than the page size ends the list. */
  received: number;
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
  return { transactions, balance, count: transactionsCount, received: parsed.data.data.transactions.length };
}

/** One transaction as GET /transaction/{id} answers it (bare or in a data wrapper). */
export function readTransaction(body: unknown): TransactionData | null {
  const raw = (body as { data?: unknown } | null)?.data ?? body;
  const parsed = transactionSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export const PAGE_SIZE = 30;

/** Transaction types (spec §3). */
export const TransactionType = { Regular: 0, Transfer: 1, Funding: 2, Rebalance: 3, StartingBalance: 4, Manual: 5 } as const;
