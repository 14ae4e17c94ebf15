import { z } from 'zod';
import { idOut, MAX_DATE, MIN_DATE, money } from '../common/fields.js';
import { route } from '../common/route.js';
import { categoryType } from './categories.js';
import { groupType } from './groups.js';

/**
 * A month in a path: `YYYY-MM`, month 01–12, inside the dates a user may enter. Anything else is
 * not a month of the budget, so the path is not found (404, like a malformed id).
 */
export const budgetMonth = () =>
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .refine((value) => value >= MIN_DATE.slice(0, 7) && value <= MAX_DATE.slice(0, 7))
    .meta({ description: 'YYYY-MM', example: '2026-03' });

/** The month before and after `YYYY-MM` (null past the dates a user may enter). */
export function adjacentMonths(month: string): { previousMonth: string | null; nextMonth: string | null } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const at = (index: number) => `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
  const previous = at(y * 12 + m - 2);
  const next = at(y * 12 + m);
  return {
    previousMonth: previous >= MIN_DATE.slice(0, 7) ? previous : null,
    nextMonth: next <= MAX_DATE.slice(0, 7) ? next : null,
  };
}

/** A category's month (docs/spec/product-spec.md "Month view"): dollars on the wire. */
export const monthCategoryView = z
  .object({
    id: idOut,
    name: z.string(),
    type: categoryType,
    hidden: z.boolean(),
    parentCategoryId: idOut.nullable(),
    /** Fundings and category transfers dated in the month, net (in minus out). */
    funded: money,
    /** Every other live split dated in the month that counts in the budget: spending and income. */
    activity: money,
    /** The balance at the end of the month: every counted split dated on or before its last day. */
    available: money,
    /** `available` below zero. */
    overspent: z.boolean(),
  })
  .meta({ id: 'MonthCategory' });
export type MonthCategoryView = z.infer<typeof monthCategoryView>;

/** A group's month: its own categories (not those of its subgroups) and their sums. */
export const monthGroupView = z
  .object({
    id: idOut,
    name: z.string(),
    type: groupType,
    hidden: z.boolean(),
    parentGroupId: idOut.nullable(),
    funded: money,
    activity: money,
    available: money,
    /** How many of its categories are overspent. */
    overspentCount: z.number().int(),
    categories: z.array(monthCategoryView),
  })
  .meta({ id: 'MonthGroup' });
export type MonthGroupView = z.infer<typeof monthGroupView>;

export const budgetMonthView = z
  .object({
    month: z.string(),
    previousMonth: z.string().nullable(),
    nextMonth: z.string().nullable(),
    /** Ready to fund: the Funding Pool's balance at the end of the month. */
    readyToFund: money,
    /** The Funding Pool's activity in the month (income, starting balances). */
    income: money,
    /** What fundings and category transfers moved into every category but the Funding Pool, net. */
    funded: money,
    /** How many categories are overspent at the end of the month. */
    overspentCount: z.number().int(),
    groups: z.array(monthGroupView),
  })
  .meta({ id: 'BudgetMonth' });
export type BudgetMonthView = z.infer<typeof budgetMonthView>;

/** GET /budget/months/{month}: the budget by month, from the ledger's monthly sums. */
export const budgetMonthRoute = route({
  id: 'budgetMonth',
  method: 'GET',
  path: '/budget/months/{month}',
  summary: 'The budget by month: funded, activity and available per category, with the Funding Pool as Ready to fund',
  tag: 'budget',
  params: z.object({ month: budgetMonth() }),
  response: z.object({ data: budgetMonthView }),
  errors: [404],
});
