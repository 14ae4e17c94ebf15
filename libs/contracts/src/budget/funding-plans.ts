import { z } from 'zod';
import { bool, date, idOut, isoDate, money, nonNegativeDollars, pathId, wholeNumber } from '../common/fields.js';
import { route } from '../common/route.js';
import { categoryView, fundingCategoryView, optionalGoalDate, recurrence } from './categories.js';

/** PUT /funding-plans/item/{categoryId}: the plan lives on the category; answers the bare category. */
export const setPlanItem = route({
  id: 'setPlanItem',
  method: 'PUT',
  path: '/funding-plans/item/{categoryId}',
  summary: 'Set the funding plan of a category',
  tag: 'budget',
  params: z.object({ categoryId: pathId() }),
  body: z.object({
    amount: nonNegativeDollars(),
    useGoal: bool().optional().transform((value) => value ?? false),
    goalDate: optionalGoalDate().transform((value) => value ?? null),
    recurrence: recurrence(),
  }),
  response: categoryView,
  errors: [404],
});

/**
 * One row of the proposal: what to fund a non-system category with in the month. `amount` is what
 * it still needs: `due` (its plan, or its goal's share of the month) less what the fundings already
 * dated in the month gave it (`funded`, their base amounts), never negative.
 */
export const proposedFundingView = z
  .object({
    categoryId: idOut,
    amount: money,
    due: money.meta({ description: 'What the month asks for before any funding: the plan amount, or the goal\'s share.' }),
    funded: money.meta({ description: 'What the fundings dated in the month already gave the category (their base amounts).' }),
    adjusted: z.boolean(),
    adjustedReason: z.string().nullable(),
    fundingCategories: z.array(fundingCategoryView),
    includeFundingTransfers: z.boolean(),
  })
  .meta({ id: 'ProposedFunding' });

/** GET /funding-plans/proposed?date=D: what to fund in D's month, per non-system category. */
export const proposedFunding = route({
  id: 'proposedFunding',
  method: 'GET',
  path: '/funding-plans/proposed',
  summary: 'Proposed funding for the month of a date',
  tag: 'budget',
  query: z.object({ date: z.string({ error: 'A date must be specified.' }).min(1, { error: 'A date must be specified.' }).pipe(date()) }),
  response: z.object({ data: z.array(proposedFundingView) }),
});

/** GET /funding-plans?h=N: the budget's one plan with the last N months of funding (this month included). */
export const fundingPlan = route({
  id: 'fundingPlan',
  method: 'GET',
  path: '/funding-plans',
  summary: 'The funding plan with its funding history',
  tag: 'budget',
  query: z.object({
    h: wholeNumber({ min: 1, max: 120, message: 'The history must be a whole number of months from 1 to 120.' })
      .optional()
      .transform((value) => value ?? 12)
      .meta({ description: 'Months of history (default 12).' }),
  }),
  response: z
    .object({
      id: z.literal(0),
      history: z.array(
        z.object({
          categoryId: idOut,
          history: z.array(z.object({ year: z.number().int(), month: z.number().int(), amount: money })),
        }),
      ),
      categories: z.array(
        z.object({ id: idOut, categoryId: idOut, amount: money, useGoal: z.boolean(), goalDate: isoDate.nullable(), recurrence: z.number().int() }),
      ),
    })
    .meta({ id: 'FundingPlan' }),
});
