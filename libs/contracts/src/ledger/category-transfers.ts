import { z } from 'zod';
import { groupsTree } from '../budget/groups.js';
import { bool, date, dollars, id, idOut, MAX_DOLLARS, money, pageQuery, pathId, text, wholeNumber } from '../common/fields.js';
import { route, type RouteContract } from '../common/route.js';
import { ledgerCategoryBalance, ledgerTransaction } from './views.js';

/**
 * Funding (type 2), rebalances (type 3) and From/To category transfers (no type): money moving
 * between categories without an account (server-behaviour §4.4.1–§4.4.3), and what their dialogs
 * read. The messages are the ones the forms show.
 */

const DATE_REQUIRED = 'A date must be specified.';
/** The most lines one transfer may hold (a funding touches every category of a budget). */
export const MAX_TRANSFER_LINES = 1000;
const MAX_FUNDING_SOURCES = 100;
/** Σ |amount| of one transfer stays within the wire's largest amount, so every sum is exact in cents. */
const MAX_TOTAL_CENTS = Math.round(MAX_DOLLARS * 100);

/** A date the form requires: missing, null or blank is "A date must be specified.". */
function requiredDate() {
  return z
    .preprocess((value) => (value === '' ? null : value), date().nullish())
    .refine((value) => value !== null && value !== undefined, { error: DATE_REQUIRED })
    .transform((value) => value as string);
}

/** `type`: 2 funding, 3 rebalance; absent or null is the From/To category-transfer dialog. */
const transferType = z
  .union([z.literal(2), z.literal(3), z.literal('2'), z.literal('3')], { error: 'The type must be 2 (funding) or 3 (rebalance).' })
  .nullish()
  .transform((value): 'transfer' | 'funding' | 'rebalance' => (value === null || value === undefined ? 'transfer' : Number(value) === 2 ? 'funding' : 'rebalance'))
  .meta({ description: '2 funding, 3 rebalance; none is a From/To category transfer (stored as a rebalance).' });

const SOURCE_AMOUNT = 'The amount must be a number of at least 0 with at most two decimals.';

/** Where a funded line draws from: dollars, or a percentage with two decimals (cents / basis points inside). */
const fundingSource = z.object({
  categoryId: id('The funding category must be a valid id.'),
  amount: dollars(SOURCE_AMOUNT).refine((cents) => cents >= 0, { error: SOURCE_AMOUNT }),
  percentage: bool().optional().transform((value) => value === true),
});

/** One line: a category and the cents it gains (negative: gives); funding lines carry how they were built. */
const transferLine = z.object({
  categoryId: id('The category must be a valid id.').nullish().transform((value) => value ?? null),
  amount: dollars(),
  comment: text({ max: 1000, message: 'The comment must be text.' }).nullish().transform((value) => value ?? null),
  baseAmount: dollars().nullish().transform((value) => value ?? undefined),
  funder: bool().optional(),
  fundingCategories: z
    .array(fundingSource, { error: 'The funding categories must be a list.' })
    .max(MAX_FUNDING_SOURCES, { error: `At most ${MAX_FUNDING_SOURCES} funding categories.` })
    .nullish()
    .transform((value) => value ?? undefined),
  includeFundingTransfers: bool().optional(),
});

/** The body of POST and PATCH /category-transfer. */
export const categoryTransferBody = z.object({
  date: requiredDate(),
  type: transferType,
  comment: text({ max: 1000, message: 'The comment must be text.' }).nullish(),
  categories: z
    .array(transferLine, { error: 'The categories must be a list.' })
    .max(MAX_TRANSFER_LINES, { error: `At most ${MAX_TRANSFER_LINES} categories.` })
    .refine((lines) => lines.reduce((sum, line) => sum + Math.abs(line.amount), 0) <= MAX_TOTAL_CENTS, { error: 'The amounts are too large.' })
    .nullish()
    .transform((value) => value ?? []),
  /** The version the client saw (PATCH); a stale one answers 409 INCORRECT_VERSION. Ignored on POST. */
  version: wholeNumber({ min: 0, max: 2_147_483_647, message: 'The version must be a whole number.' }).nullish().transform((value) => value ?? undefined),
});
export type CategoryTransferBody = z.output<typeof categoryTransferBody>;

/**
 * What POST and PATCH answer: the balances of every category the old and new splits touch, and the
 * transaction. A funding whose amounts are all 0 (the spec's Fund dialog saves it) records nothing:
 * it answers the current balances of the categories it names, with `transaction: null` on POST and
 * the unchanged transaction on PATCH.
 */
const transferAnswer = z.object({
  data: z.object({ balances: z.array(ledgerCategoryBalance), transaction: ledgerTransaction.nullable() }),
});

/** POST /category-transfer: 201 `{data: {balances, transaction}}`. */
export const recordCategoryTransfer = route({
  id: 'recordCategoryTransfer',
  method: 'POST',
  path: '/category-transfer',
  summary: 'Record a funding, rebalance or category transfer (a funding of all 0.00 records nothing: transaction null)',
  tag: 'ledger',
  status: 201,
  body: categoryTransferBody,
  response: transferAnswer,
  errors: [404],
});

export const categoryTransferParams = z.object({ id: pathId() });

/** PATCH /category-transfer/{id}: replaces date, comment and splits; the kind stays. */
export const changeCategoryTransfer = route({
  id: 'changeCategoryTransfer',
  method: 'PATCH',
  path: '/category-transfer/{id}',
  summary: 'Change a funding, rebalance or category transfer (a funding of all 0.00 changes nothing)',
  tag: 'ledger',
  params: categoryTransferParams,
  body: categoryTransferBody,
  response: transferAnswer,
  errors: [404, 409],
});

/** GET /category-balances?date=D[&id=T]: every category's balance at the end of D, without T's splits. */
export const categoryBalancesAsOf = route({
  id: 'categoryBalancesAsOf',
  method: 'GET',
  path: '/category-balances',
  summary: 'Every category’s balance as of a date, optionally without one transaction (rule 16)',
  tag: 'ledger',
  query: z.object({
    date: requiredDate(),
    id: z
      .preprocess((value) => (value === '' ? undefined : value), id('The transaction must be a valid id.').optional())
      .meta({ description: 'A transaction whose splits are left out (the one being edited).' }),
  }),
  response: z.array(ledgerCategoryBalance),
  errors: [404],
});

/** A category's funding information for the month of a date (rule 17). */
export const categoryFundingInfo = z
  .object({
    id: idOut,
    name: z.string(),
    balance: money,
    previousFunding: money,
    previousBaseAmount: money,
    previousSum: money,
    previousCatTransfers: money,
  })
  .meta({ id: 'CategoryFundingInfo' });

/** GET /categories?date=D: `{data: [funding info]}`; without a date the tree as GET /groups answers it. */
export const listCategories = route({
  id: 'listCategories',
  method: 'GET',
  path: '/categories',
  summary: 'Funding information per category for the month of a date (rule 17); without a date, the category tree',
  tag: 'ledger',
  query: z.object({
    date: z
      .preprocess((value) => (value === '' ? null : value), date().nullish())
      .refine((value) => value !== null, { error: DATE_REQUIRED })
      .transform((value) => value ?? undefined),
  }),
  response: z.object({
    data: z.union([z.array(categoryFundingInfo), groupsTree]),
  }),
});

/** GET /rebalances?offset&limit: the live rebalances and category transfers, newest first. */
export const listRebalances = route({
  id: 'listRebalances',
  method: 'GET',
  path: '/rebalances',
  summary: 'The Category Transfers register: rebalances and category transfers, newest first, one page at a time',
  tag: 'ledger',
  query: pageQuery,
  response: z.object({
    data: z.object({
      transactions: z.array(ledgerTransaction),
      balance: z.literal(0),
      transactionsCount: z.number().int(),
    }),
  }),
});

/** Every route of the category transfers. */
export const categoryTransferRoutes: RouteContract[] = [recordCategoryTransfer, changeCategoryTransfer, categoryBalancesAsOf, listCategories, listRebalances];
