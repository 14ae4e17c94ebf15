import { z } from 'zod';
import { isCalendarDate, isoDate, MAX_PAGE_SIZE, money, pagedQuery } from '../common/fields.js';
import type { RouteContract } from '../common/route.js';
import { route } from '../common/route.js';

const TAG = 'ledger: transactions';
const CURSOR = 'after must be the next cursor of an earlier page.';

/** Where a page of the export ends: the last transaction's date and its place in the order of recording (unique), `2026-11-30_812`. */
export const EXPORT_CURSOR = /^(\d{4}-\d{2}-\d{2})_(\d{1,18})$/;

/** The transaction types' names (product-spec §3: 0 regular … 5 manual). */
export const EXPORT_TYPE_NAMES = ['Regular', 'Transfer', 'Funding', 'Rebalance', 'Starting balance', 'Manual'] as const;

/**
 * One line of the export: a transaction's part in one category (a split transaction has a line per
 * part, each with the transaction's id, date and payee, as YNAB's and Actual's exports have).
 */
export const exportLine = z
  .object({
    transactionId: z.string(),
    date: isoDate,
    type: z.enum(EXPORT_TYPE_NAMES),
    account: z.string().nullable().meta({ description: '"Institution: Account"; null for a category transfer (a funding or a rebalance)' }),
    payee: z.string().nullable().meta({ description: "The bank's or the user's name for it; null for a category transfer" }),
    categoryGroup: z.string().nullable().meta({ description: "The category's group; null for a category outside any group" }),
    category: z.string().meta({ description: 'The category this line puts its amount in; Unassigned for a row not yet categorised' }),
    memo: z.string().nullable().meta({ description: "The part's comment, else the transaction's" }),
    amount: money.meta({ description: "This line's amount in dollars: the part's (the row's whole amount on an unassigned row)" }),
    pending: z.boolean(),
  })
  .meta({ id: 'LedgerExportLine' });

/**
 * GET /transactions/export?after&limit: every live transaction of the caller, oldest first (by
 * date, then the order they were recorded), a page of at most `limit` transactions (1,000 unless
 * less is asked) as their lines, and `next`, the cursor of the page after it (null after the last).
 * Not in the spec: our User page's "Download all transactions" reads it page by page and writes a
 * CSV file in the browser. Pages follow each other by key, not by offset, so each costs the same
 * at any depth, and a change made meanwhile neither repeats nor skips a row that it did not move.
 */
export const exportTransactions = route({
  id: 'exportTransactions',
  method: 'GET',
  path: '/transactions/export',
  summary: "A page of the caller's transactions as lines for an export, oldest first",
  tag: TAG,
  // The usual `limit` (1 to 1,000), defaulting to the largest page: a 100,000-row budget is 100 pages.
  query: pagedQuery(MAX_PAGE_SIZE).pick({ limit: true }).extend({
    after: z
      .string()
      .regex(EXPORT_CURSOR, { error: CURSOR, abort: true })
      .refine((value) => isCalendarDate(value.slice(0, 10)), { error: CURSOR })
      .transform((value) => ({ date: value.slice(0, 10), seq: value.slice(11) }))
      .optional()
      .meta({ description: 'The `next` of the page before; none for the first page' }),
  }),
  response: z.object({
    lines: z.array(exportLine),
    next: z.string().nullable().meta({ description: "The cursor of the next page (the `after` to send); null when this page holds the last transaction" }),
  }),
});

export const exportRoutes: RouteContract[] = [exportTransactions];
