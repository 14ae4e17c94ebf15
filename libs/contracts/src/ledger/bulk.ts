import { z } from 'zod';
import { id } from '../common/fields.js';
import { route } from '../common/route.js';
import { ledgerAccountBalance, ledgerCategoryBalance } from './views.js';

const TAG = 'ledger: transactions';

/** The most rows one review or bulk action takes (docs/architecture.md §4.6 "Bulk actions"). */
export const BULK_ROWS_MAX = 500;

const ids = z
  .array(id('Each id must be a valid transaction id.'), { error: 'The ids must be a list.' })
  .min(1, { error: 'Give at least one transaction.' })
  .max(BULK_ROWS_MAX, { error: `At most ${BULK_ROWS_MAX} transactions at once.` })
  .meta({ description: `The transactions (at most ${BULK_ROWS_MAX}); an id given twice counts once` });

/** The ids of the rows an action changed (a row already as asked is left out: a retry changes nothing). */
const changedAnswer = z.object({ changed: z.array(z.string()) });

/**
 * POST /transactions/review `{ids, reviewed}`: marks the rows reviewed (or new again). All or
 * nothing: an unknown, deleted or another user's id is 404 and nothing changes. Each row takes one
 * `TransactionReviewed` unless it is already as asked.
 */
export const reviewTransactions = route({
  id: 'reviewTransactions',
  method: 'POST',
  path: '/transactions/review',
  summary: 'Mark transactions reviewed, or new again',
  tag: TAG,
  body: z.object({
    ids,
    reviewed: z.boolean({ error: 'reviewed must be true or false.' }).optional().default(true).meta({ description: 'false: mark the rows as new again' }),
  }),
  response: z.object({ data: changedAnswer }),
  errors: [404],
});

export const BULK_ACTIONS = ['categorise', 'delete', 'review', 'unreview'] as const;

/**
 * POST /transactions/bulk `{action, ids, categoryId?}`: one user action over many register rows,
 * one event per row, appended as one write (all or nothing) under the request's Idempotency-Key.
 * `categorise` puts each row's whole amount in `categoryId` (bank rows included; a funding, a
 * rebalance or a starting balance is a 422), `delete` deletes them (a starting balance is a 422),
 * `review`/`unreview` as POST /transactions/review. Any id unknown, deleted or another user's: 404,
 * nothing changes.
 */
export const bulkTransactions = route({
  id: 'bulkTransactions',
  method: 'POST',
  path: '/transactions/bulk',
  summary: 'Categorise, delete or review many transactions at once',
  tag: TAG,
  body: z
    .object({
      action: z.enum(BULK_ACTIONS, { error: 'The action must be categorise, delete, review or unreview.' }),
      ids,
      categoryId: id('The category must be a valid id.').optional().meta({ description: 'categorise: the category every row goes to' }),
    })
    .superRefine((value, context) => {
      if (value.action === 'categorise' && value.categoryId === undefined) {
        context.issues.push({ code: 'custom', path: ['categoryId'], message: 'A category must be provided.', input: value.categoryId });
      }
    }),
  response: z.object({
    data: changedAnswer.extend({ categories: z.array(ledgerCategoryBalance), acctBalances: z.array(ledgerAccountBalance) }),
  }),
  errors: [404],
});

/** GET /transactions/new-count: how many live rows are new, in all and per account (the sidebar's badge). */
export const newTransactionsCount = route({
  id: 'newTransactionsCount',
  method: 'GET',
  path: '/transactions/new-count',
  summary: 'Count of new transactions',
  tag: TAG,
  response: z.object({ data: z.object({ count: z.number(), accounts: z.array(z.object({ id: z.string(), count: z.number() })) }) }),
});

export const bulkRoutes = [reviewTransactions, bulkTransactions, newTransactionsCount];
