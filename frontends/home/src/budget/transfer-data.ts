import { z } from 'zod';
import type { Cents } from '@budget/money';
import { idSchema, wireCents, type Id } from '@budget/web';

const amount = z.union([z.number(), z.string()]);
const source = z.object({ categoryId: idSchema, amount, percentage: z.boolean().nullish() });
const list = <T extends z.ZodTypeAny>(item: T) => z.union([z.object({ data: z.array(item) }).transform((b) => b.data), z.array(item)]);

const infoSchema = z.object({
  id: idSchema,
  balance: amount.nullish(),
  previousFunding: amount.nullish(),
  previousBaseAmount: amount.nullish(),
  previousSum: amount.nullish(),
  previousCatTransfers: amount.nullish(),
});

/** GET /categories?date=D (spec §3 "Category funding info"), in cents. */
export interface FundingInfo {
  balance: Cents;
  previousFunding: Cents;
  previousBaseAmount: Cents;
  previousSum: Cents;
  previousCatTransfers: Cents;
}

export function readFundingInfo(body: unknown): Map<Id, FundingInfo> | null {
  const parsed = list(infoSchema).safeParse(body);
  if (!parsed.success) return null;
  return new Map(
    parsed.data.map((row) => [
      row.id,
      {
        balance: wireCents(row.balance),
        previousFunding: wireCents(row.previousFunding),
        previousBaseAmount: wireCents(row.previousBaseAmount),
        previousSum: wireCents(row.previousSum),
        previousCatTransfers: wireCents(row.previousCatTransfers),
      },
    ]),
  );
}

const proposalSchema = z.object({
  categoryId: idSchema,
  amount: amount.nullish(),
  adjusted: z.boolean().nullish(),
  adjustedReason: z.string().nullish(),
  fundingCategories: z.array(source).nullish(),
  includeFundingTransfers: z.boolean().nullish(),
});

export interface Proposal {
  amount: Cents;
  adjustedReason: string | null;
  fundingCategories: z.infer<typeof source>[];
  includeFundingTransfers: boolean;
}

/** GET /funding-plans/proposed?date=D by category. */
export function readProposals(body: unknown): Map<Id, Proposal> | null {
  const parsed = list(proposalSchema).safeParse(body);
  if (!parsed.success) return null;
  return new Map(
    parsed.data.map((row) => [
      row.categoryId,
      {
        amount: wireCents(row.amount),
        adjustedReason: row.adjusted ? (row.adjustedReason ?? null) : null,
        fundingCategories: row.fundingCategories ?? [],
        includeFundingTransfers: row.includeFundingTransfers ?? true,
      },
    ]),
  );
}

/** GET /category-balances?date=D[&id=T]: a bare list of `{id, balance}`, by category in cents. */
export function readBalances(body: unknown): Map<Id, Cents> | null {
  const parsed = list(z.object({ id: idSchema, balance: amount.nullish() })).safeParse(body);
  return parsed.success ? new Map(parsed.data.map((row) => [row.id, wireCents(row.balance)])) : null;
}

const planSchema = z.object({ categories: z.array(z.object({ categoryId: idSchema, amount: amount.nullish() })) });

/** GET /funding-plans?h=12: the plan amount of each category, in cents. */
export function readPlanAmounts(body: unknown): Map<Id, Cents> | null {
  const raw = (body as { data?: unknown } | null)?.data ?? body;
  const parsed = planSchema.safeParse(raw);
  return parsed.success ? new Map(parsed.data.categories.map((item) => [item.categoryId, wireCents(item.amount)])) : null;
}

const splitSchema = z.object({
  categoryId: idSchema,
  amount: amount.nullish(),
  baseAmount: amount.nullish(),
  funder: z.boolean().nullish(),
  fundingCategories: z.array(source).nullish(),
  includeFundingTransfers: z.boolean().nullish(),
});

const transferSchema = z.object({ id: idSchema, date: z.string(), type: z.number().int(), version: z.number().int().nullish(), categories: z.array(splitSchema).nullish() });

/** A funding or rebalance transaction with every split field, as GET /transaction/{id} answers it. */
export type StoredTransfer = z.infer<typeof transferSchema>;
export type StoredSplit = z.infer<typeof splitSchema>;

export function readStoredTransfer(body: unknown): StoredTransfer | null {
  const raw = (body as { data?: unknown } | null)?.data ?? body;
  const parsed = transferSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
