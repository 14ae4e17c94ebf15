import { z } from 'zod';
import { dollars, id, pageQuery, repeated, text } from '../common/fields.js';
import type { RouteContract } from '../common/route.js';
import { route } from '../common/route.js';
import { ledgerTransaction } from './views.js';

const TAG = 'ledger: transactions';
const T_ID = 'Each transaction (t) must be a valid id.';

/** The answer of both calls (server-behaviour §4.3): full transactions, and a balance that is always 0. */
const transactionList = z.object({
  data: z.object({ transactions: z.array(ledgerTransaction), balance: z.literal(0).meta({ description: 'Always 0 (the spec client reads it)' }) }),
});

/**
 * GET /transactions/search (product-spec §2 Search, §7; server-behaviour §4.3): the caller's
 * non-deleted transactions, pending included, date descending then newest first, a page of 30
 * unless `limit` says otherwise.
 * - `name`: trimmed; rows whose name contains it, in any case (`%` and `_` are plain characters);
 * - `amount`: rows of exactly this signed amount (dollars, at most two decimals);
 * - both: rows matching both. Neither (or a blank `name`): every transaction, funding and
 *   rebalances included, as the spec's server answers — our search page never asks that, it
 *   refuses a blank search on the field (product-spec §6).
 * There is no `transactionsCount`: counting every match of a common word in a large budget would
 * cost more than the page; a page shorter than `limit` is the last one.
 */
export const searchTransactions = route({
  id: 'searchTransactions',
  method: 'GET',
  path: '/transactions/search',
  summary: "Search the caller's transactions by name and/or exact amount, newest first",
  tag: TAG,
  query: pageQuery.extend({
    name: text({ max: 200, message: 'The search must be text.' })
      .transform((value) => value.trim() || null)
      .optional()
      .meta({ description: 'Only rows whose name contains this text (any case)' }),
    amount: dollars().optional().meta({ description: 'Only rows of exactly this signed amount, in dollars' }),
  }),
  response: transactionList,
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
