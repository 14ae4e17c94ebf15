import { z } from 'zod';
import { bool, date, id, idOut, isoDate, money, nonNegativeDollars, pathId, text, wholeNumber } from '../common/fields.js';
import { route } from '../common/route.js';

export const categoryType = z.enum(['UNASSIGNED', 'FUNDING POOL', 'ACCOUNT TRANSFER', 'REGULAR', 'BILL', 'GOAL']);
/** The types a user gives a category. */
export const userCategoryType = z.enum(['REGULAR', 'BILL', 'GOAL'], { error: 'The type must be REGULAR, BILL or GOAL.' });

/** One funding source of a category in an answer: dollars, or a percentage with two decimals. */
export const fundingCategoryView = z.object({ categoryId: idOut, amount: money, percentage: z.boolean() });

/** A category as GET /groups lists it (and POST, PATCH and PUT answer it). */
export const categoryView = z
  .object({
    id: idOut,
    groupId: idOut,
    name: z.string(),
    balance: money,
    type: categoryType,
    hidden: z.boolean(),
    fundingAmount: money,
    includeFundingTransfers: z.boolean(),
    useGoal: z.boolean(),
    goalDate: isoDate.nullable(),
    recurrence: z.number().int(),
    fundingCategories: z.array(fundingCategoryView),
    suspended: z.boolean(),
    /** The Funding Pool's id for one of its subcategories, otherwise null. */
    parentCategoryId: idOut.nullable(),
  })
  .meta({ id: 'Category' });
export type CategoryView = z.infer<typeof categoryView>;

/** A value the spec's client sends for "no value" (an empty form field) read as left out. */
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

/** A goal date: an ISO date or date-time (its date part is kept); blank and null mean no date. */
export const optionalGoalDate = () =>
  z.preprocess((value) => (value === '' ? null : value), date('The date must be a valid date.').nullable().optional());

/** A recurrence in months: a whole number of at least 1. */
export const recurrence = () => wholeNumber({ min: 1, max: 1200, message: 'The recurrence must be a whole number of at least 1.' });

/**
 * `{categoryId, amount, percentage}`: `amount` is dollars, or a percentage with two decimals; both
 * are read into hundredths (cents, or basis points) and a percentage is at most 100.
 */
export const fundingCategoryInput = z
  .object({
    categoryId: id('There are one or more items not assigned a category.'),
    amount: nonNegativeDollars(),
    percentage: bool().optional().transform((value) => value ?? false),
  })
  .superRefine((entry, context) => {
    if (entry.percentage && entry.amount > 10_000) context.addIssue({ code: 'custom', path: ['amount'], message: 'A percentage must be at most 100.' });
  });

/**
 * The category fields of POST and PATCH (product-spec §7: the spec's client also sends `groupId`,
 * which the path gives); a field left out is unchanged (PATCH) or defaulted (POST).
 */
export const categoryBody = z.object({
  name: text({ max: 200, message: 'The category name must be text.' }).optional(),
  type: userCategoryType.optional(),
  fundingAmount: z.preprocess(blankAsMissing, nonNegativeDollars().optional()),
  includeFundingTransfers: bool().optional(),
  useGoal: bool().optional(),
  goalDate: optionalGoalDate(),
  recurrence: recurrence().optional(),
  fundingCategories: z
    .array(fundingCategoryInput, { error: 'The funding categories must be a list.' })
    .max(1000)
    .nullable()
    .optional()
    .transform((value) => value ?? undefined),
  suspended: bool().optional(),
  hidden: bool().optional(),
  parentCategoryId: id('The parent category must be an id or null.').nullable().optional(),
});
export type CategoryBody = z.output<typeof categoryBody>;

export const groupCategoriesParams = z.object({ groupId: pathId() });
export const categoryParams = z.object({ groupId: pathId(), id: pathId() });

/** POST /groups/{groupId}/categories: 201 `{data: category}`. */
export const addCategory = route({
  id: 'addCategory',
  method: 'POST',
  path: '/groups/{groupId}/categories',
  summary: 'Add a category to a group (the System group: a Funding Pool subcategory)',
  tag: 'budget',
  status: 201,
  params: groupCategoriesParams,
  body: categoryBody,
  response: z.object({ data: categoryView }),
  errors: [404],
});

/** PATCH /groups/{groupId}/categories/{id}: changes it and moves it into the route's group. */
export const changeCategory = route({
  id: 'changeCategory',
  method: 'PATCH',
  path: '/groups/{groupId}/categories/{id}',
  summary: 'Change a category and move it into the group of the path',
  tag: 'budget',
  params: categoryParams,
  body: categoryBody,
  response: z.object({ data: categoryView }),
  errors: [404],
});

/** DELETE /groups/{groupId}/categories/{id}: 204; 409 HAS_CHILDREN while transactions use it. */
export const deleteCategory = route({
  id: 'deleteCategory',
  method: 'DELETE',
  path: '/groups/{groupId}/categories/{id}',
  summary: 'Delete a category no live transaction uses',
  tag: 'budget',
  status: 204,
  params: categoryParams,
  response: null,
  errors: [404, 409],
});
