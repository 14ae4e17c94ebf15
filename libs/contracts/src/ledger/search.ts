import { z } from 'zod';
import { date, dollars, id, nonNegativeDollars, pageQuery, repeated, text } from '../common/fields.js';
import type { RouteContract } from '../common/route.js';
import { route } from '../common/route.js';
import { ledgerTransaction } from './views.js';

const TAG = 'ledger: transactions';
const T_ID = 'Each transaction (t) must be a valid id.';

/** The answer of both calls (server-behaviour §4.3): full transactions, and a balance that is always 0. */
const transactionList = z.object({
  data: z.object({ transactions: z.array(ledgerTransaction), balance: z.literal(0).meta({ description: 'Always 0 (the spec client reads it)' }) }),
});

/** A contained text filter of the search: trimmed; blank means none. */
const contains = (what: string) =>
  text({ max: 200, message: `The ${what} search must be text.` })
    .transform((value) => value.trim() || null)
    .optional();

/**
 * GET /transactions/search (product-spec §2 Search, §7; server-behaviour §4.3): the caller's
 * non-deleted transactions, pending included, date descending then newest first, a page of 30
 * unless `limit` says otherwise. Every filter given must match (AND):
 * - `name`: trimmed; rows whose name contains it, in any case (`%` and `_` are plain characters);
 * - `amount`: rows of exactly this signed amount (dollars, at most two decimals);
 * - `absAmount`: rows of this amount either way, money in or out ("45" finds -45.00 and 45.00);
 * - `memo`: rows whose memo (the transaction's comment) contains it, in any case;
 * - `category`: rows with a part in a category whose name contains it, in any case;
 * - `startDate`, `endDate`: rows dated within, both ends included (a reversed range is a 422).
 * Neither (or a blank `name`): every transaction, funding and rebalances included, as the spec's
 * server answers — our search page never asks that, it refuses an empty search (product-spec §6).
 * `transactionsCount` is every match, not the page, up to a bound of 1,000: with more matches it is
 * 1,000 and `transactionsCountCapped` is true (docs/architecture.md §4.9); pages go on past it.
 * The spec names `name`, `offset` and `limit` only; the filters after them, `transactionsCount`
 * and `transactionsCountCapped` are optional additions its client never sends or reads.
 */
export const searchTransactions = route({
  id: 'searchTransactions',
  method: 'GET',
  path: '/transactions/search',
  summary: "Search the caller's transactions by name, amount, memo, category and dates, newest first, with the count",
  tag: TAG,
  query: pageQuery
    .extend({
      name: text({ max: 200, message: 'The search must be text.' })
        .transform((value) => value.trim() || null)
        .optional()
        .meta({ description: 'Only rows whose name contains this text (any case)' }),
      amount: dollars().optional().meta({ description: 'Only rows of exactly this signed amount, in dollars' }),
      absAmount: nonNegativeDollars().optional().meta({ description: 'Only rows of this amount in or out (45 finds -45.00 and 45.00), in dollars' }),
      memo: contains('memo').meta({ description: "Only rows whose memo (the transaction's comment) contains this text (any case)" }),
      category: contains('category').meta({ description: 'Only rows with a part in a category whose name contains this text (any case)' }),
      startDate: date('A valid start date must be provided.').optional().meta({ description: 'Only rows dated on or after this day' }),
      endDate: date('A valid end date must be provided.').optional().meta({ description: 'Only rows dated on or before this day' }),
    })
    .superRefine((value, context) => {
      if (value.startDate && value.endDate && value.startDate > value.endDate) {
        context.issues.push({ code: 'custom', path: ['endDate'], message: 'The end date must not be before the start date.', input: value.endDate });
      }
    }),
  response: z.object({
    data: transactionList.shape.data.extend({
      transactionsCount: z
        .number()
        .int()
        .meta({ description: 'Every matching row, not only the page, up to 1,000: with more it is 1,000 and transactionsCountCapped is true (an addition the spec client ignores)' }),
      transactionsCountCapped: z.boolean().meta({ description: 'True when there are more matches than transactionsCount (the count stopped at its bound); the pages still reach every match' }),
    }),
  }),
});

/**
 * GET /transactions?t=…&t=… (product-spec §7; server-behaviour §4.3): the listed transactions,
 * at most 500 ids, newest first. Only the caller's non-deleted rows: another user's id, a
 * deleted or an unknown one is simply absent. No `t`: no rows. A malformed id is a 422.
 */
export const transactionsByIds = route({
  id: 'transactionsByIds',
  method: 'GET',
  path: '/transactions',
  summary: 'The listed transactions of the caller (a chart selection)',
  tag: TAG,
  query: z.object({ t: repeated(id(T_ID), 'transactions', T_ID) }),
  response: transactionList,
});

export const searchRoutes: RouteContract[] = [searchTransactions, transactionsByIds];
