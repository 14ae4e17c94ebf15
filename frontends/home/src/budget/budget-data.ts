import { z } from 'zod';
import { idSchema, type Id } from '@budget/web';

const amount = z.union([z.number(), z.string()]);
const fundingCategory = z.object({ categoryId: idSchema, amount, percentage: z.boolean().nullish() });

export const groupSchema = z.object({
  id: idSchema,
  name: z.string(),
  type: z.string(),
  hidden: z.boolean().nullish(),
  parentGroupId: idSchema.nullish(),
});

export const categorySchema = z.object({
  id: idSchema,
  groupId: idSchema,
  name: z.string(),
  type: z.string(),
  balance: amount.nullish(),
  hidden: z.boolean().nullish(),
  fundingAmount: amount.nullish(),
  includeFundingTransfers: z.boolean().nullish(),
  useGoal: z.boolean().nullish(),
  goalDate: z.string().nullish(),
  recurrence: z.number().int().nullish(),
  fundingCategories: z.array(fundingCategory).nullish(),
  suspended: z.boolean().nullish(),
  parentCategoryId: idSchema.nullish(),
});

export type Group = z.infer<typeof groupSchema>;
export type Category = z.infer<typeof categorySchema>;

export interface Budget {
  groups: Group[];
  categories: Category[];
  systemGroupId: Id | null;
  noGroupId: Id | null;
}

export const GroupType = { System: 'SYSTEM', NoGroup: 'NO GROUP', Regular: 'REGULAR' } as const;
export const UserCategoryType = { Regular: 'REGULAR', Bill: 'BILL', Goal: 'GOAL' } as const;
export type UserCategoryType = (typeof UserCategoryType)[keyof typeof UserCategoryType];

const budgetSchema = z.object({ data: z.object({ groups: z.array(groupSchema), categories: z.array(categorySchema) }) });

/** GET /api/v1/groups with every field the group and category dialogs edit. */
export function readBudget(body: unknown): Budget | null {
  const parsed = budgetSchema.safeParse(body);
  if (!parsed.success) return null;
  const { groups, categories } = parsed.data.data;
  return {
    groups,
    categories,
    systemGroupId: groups.find((g) => g.type === GroupType.System)?.id ?? null,
    noGroupId: groups.find((g) => g.type === GroupType.NoGroup)?.id ?? null,
  };
}

/** The answer of a create or update: `{data: record}`, or the bare record. */
export function readRecord<T>(schema: z.ZodType<T>, body: unknown): T | null {
  const raw = (body as { data?: unknown } | null)?.data ?? body;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
