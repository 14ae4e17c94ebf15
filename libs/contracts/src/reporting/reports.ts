import { z } from 'zod';
import { date, id, idOut, isoDate, MAX_REPEATED_VALUES, money, repeated } from '../common/fields.js';
import { route } from '../common/route.js';

/**
 * The six reports (product-spec §2 Reports and §7 Reports; server-behaviour §4.6 says what the
 * original computed and where it went wrong). Ours are computed from the reporting read models —
 * period pre-aggregates kept by the reporting projection — never from a legacy table, and every
 * filter value is checked here and bound as a parameter, never pasted into SQL.
 *
 * What every report counts (docs/architecture.md, "Reports"):
 * - money out is negative, money in positive, as everywhere;
 * - deleted transactions never count; pending ones count only where category balances count them
 *   (the category report and budget progress), never in account balances (net worth) or in
 *   income and expenses;
 * - answers keep the spec client's shapes: bare JSON arrays, amounts in dollars.
 */

const TAG = 'reporting';
const START = 'A valid start date must be provided.';
const END = 'A valid end date must be provided.';
/** The most values a repeated filter (`a`, `c`, `pc`) takes: more ids than any budget has. */
export const MAX_REPORT_FILTER_VALUES = MAX_REPEATED_VALUES;

/** `startDate` ≤ `endDate`, both checked dates; a reversed range is a 422 on `endDate`. */
const range = z.object({ startDate: date(START).optional(), endDate: date(END).optional() });
function ordered<T extends z.ZodType<{ startDate?: string; endDate?: string }>>(schema: T) {
  return schema.superRefine((value, context) => {
    if (value.startDate && value.endDate && value.startDate > value.endDate) {
      context.issues.push({ code: 'custom', path: ['endDate'], message: 'The end date must not be before the start date.', input: value.endDate });
    }
  });
}

/** The payment channels a bank row can have; rows without one count as `unknown`. */
export const PAYMENT_CHANNELS = ['instore', 'online', 'other', 'unknown'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];
/** How a channel is named in a report row (server-behaviour §4.6 payee). */
export const PAYMENT_CHANNEL_LABELS: Record<PaymentChannel, string> = { instore: 'in store', online: 'online', other: 'other', unknown: 'unknown' };

// ---------------------------------------------------------------------------------------------
// Net worth

/**
 * Net worth over a range: one row per bucket (a day up to half a year, a week up to two years, a
 * month up to ten years, a year beyond), dated by the bucket's last day inside the range, with the
 * balance at the end of that day of every account type the budget holds. The first row is the
 * header `["date", type label…]` (Depository, Credit, Loan, Investment: those the budget holds, in
 * that order); the client adds the "Net Worth" total column (product-spec §7). Weeks end on Sunday.
 * Balances-tracked accounts count their balance history (the latest entry on or before the day, 0
 * before the first);
 * the others their starting balance plus posted, non-deleted transactions dated on or after their
 * start date up to the day. Closed accounts count too (the original's columns cover every
 * account). Without dates: from the budget's earliest entry to today.
 */
export const netWorthReport = route({
  id: 'netWorthReport',
  method: 'GET',
  path: '/reports/networth',
  summary: 'Balances by account type over time',
  tag: TAG,
  query: ordered(
    range.extend({
      weekStart: z
        .enum(['0', '1'], { error: 'weekStart must be 0 (Sunday) or 1 (Monday).' })
        .optional()
        .meta({ description: "The first day of a week bucket: the user's preference; 1 (Monday) when absent" }),
    }),
  ),
  response: z
    .array(z.array(z.union([z.string(), z.number()])))
    .meta({ description: 'First row ["date", type labels…]; then [YYYY-MM-DD, balance per type…]' }),
});

// ---------------------------------------------------------------------------------------------
// Payee

export const payeeReportRow = z.object({
  rowNumber: z.number().int(),
  name: z.string(),
  paymentChannel: z.string().meta({ description: 'in store, online, other or unknown' }),
  count: z.number().int(),
  sum: money,
});
export type PayeeReportRow = z.infer<typeof payeeReportRow>;

/**
 * Posted, non-deleted bank and manual rows (types 0 and 5) of open accounts in the range, grouped
 * by payee (the row's name: a Plaid row's is Plaid's name, else its merchant's) and channel (Plaid's
 * payment channel of a bank row; `unknown` for rows without one), sorted by name. `pc` and `a`
 * filter (repeated); absent, every channel or every account. Each row counts less its Account
 * Transfer part; a row wholly in Account Transfer — a transfer between the user's own accounts,
 * typed or paired (README "Transfer pairs") — is left out.
 */
export const payeeReport = route({
  id: 'payeeReport',
  method: 'GET',
  path: '/reports/payee',
  summary: 'Spending and income by payee',
  tag: TAG,
  query: ordered(
    range.extend({
      pc: repeated(z.enum(PAYMENT_CHANNELS), 'payment channels', 'Each pc must be instore, online, other or unknown.'),
      a: repeated(id(), 'accounts', 'Each account (a) must be a valid id.'),
    }),
  ),
  response: z.array(payeeReportRow),
});

// ---------------------------------------------------------------------------------------------
// Category

export const categoryReportRow = z.object({
  rowNumber: z.number().int(),
  groupName: z.string(),
  categoryName: z.string(),
  sum: money,
  count: z.number().int(),
});
export type CategoryReportRow = z.infer<typeof categoryReportRow>;

/**
 * Per category: the sum and count of its splits of bank and manual rows (types 0 and 5) in the
 * range, as its register counts them (non-deleted; pending included; rows of accounts that do not
 * feed the budget and rows dated before their account's start date left out). `c` filters
 * (repeated); absent, every category with a row. Sorted by group, then category.
 */
export const categoryReport = route({
  id: 'categoryReport',
  method: 'GET',
  path: '/reports/category',
  summary: 'Spending by category',
  tag: TAG,
  query: ordered(range.extend({ c: repeated(id(), 'categories', 'Each category (c) must be a valid id.') })),
  response: z.array(categoryReportRow),
});

// ---------------------------------------------------------------------------------------------
// Income vs expenses

/**
 * Per calendar month of the range (`YYYY-MM`, ascending, months without rows left out): income =
 * the positive amounts, expenses = the negative ones, of posted, non-deleted rows of accounts that
 * feed the budget (Transactions tracking) dated on or after the account's start date (the rows the
 * budget counts), starting balances excluded, and the part of each row assigned to Account
 * Transfer left out of both (a transfer between your own accounts is neither); net = income +
 * expenses. A row's sign (its whole amount) says whether it is income or expense.
 */
export const incomeVsExpensesReport = route({
  id: 'incomeVsExpensesReport',
  method: 'GET',
  path: '/reports/income-vs-expenses',
  summary: 'Income and expenses per month',
  tag: TAG,
  query: ordered(range),
  response: z.array(z.tuple([z.string().meta({ description: 'YYYY-MM' }), money, money, money])),
});

// ---------------------------------------------------------------------------------------------
// Funding history

export const fundingHistoryRow = z.object({
  groupId: idOut,
  groupName: z.string(),
  groupType: z.string(),
  categoryId: idOut,
  categoryName: z.string(),
  history: z.array(z.object({ year: z.number().int(), month: z.number().int(), amount: money })).nullable(),
});
export type FundingHistoryRow = z.infer<typeof fundingHistoryRow>;

/**
 * Every category but the Funding Pool, sorted by group then category name, with what fundings
 * (type 2, non-deleted) moved into it in each of the 12 months ending with `endDate`'s month
 * (default: this month); a source category shows negative months. `history` is null for a category
 * no funding touched in those months.
 */
export const fundingHistoryReport = route({
  id: 'fundingHistoryReport',
  method: 'GET',
  path: '/reports/funding-history',
  summary: 'What each category was funded, month by month',
  tag: TAG,
  query: ordered(range),
  response: z.array(fundingHistoryRow),
});

// ---------------------------------------------------------------------------------------------
// Budget progress

const MONTH = 'The month must be given as M-YYYY, e.g. 3-2026.';
/** `m=M-YYYY` or `MM-YYYY` (the spec client's form), a year from 1900 to 2199. */
export const reportMonth = z
  .string({ error: MONTH })
  .regex(/^(0?[1-9]|1[0-2])-(19\d\d|2[01]\d\d)$/, { error: MONTH })
  .transform((value) => {
    const [month, year] = value.split('-').map(Number) as [number, number];
    return { year, month };
  });

/**
 * The month `m` day by day, for the everyday-spending categories (every category of a regular or
 * ungrouped group; system and Bills categories left out): the month's fundings into them, then,
 * after each day with other rows (not fundings, rebalances or starting balances), what is left —
 * the running sum — and the ids of that day's rows (for `GET /transactions?t=`). Ascending; days
 * without rows left out (the client carries the previous value).
 */
export const budgetProgressReport = route({
  id: 'budgetProgressReport',
  method: 'GET',
  path: '/reports/budget-progress',
  summary: "What is left of this month's funding, day by day",
  tag: TAG,
  query: z.object({ m: reportMonth }),
  response: z.array(z.tuple([isoDate, money, z.array(idOut)])),
});

/**
 * Budget progress for our own web client (docs/architecture.md §4.7): the spec route's days
 * without their ids. `funded` is the month's fundings into the everyday categories; each day with
 * other rows (exactly the days of `budgetProgressReport`) has what is left after it (`left`, the
 * spec route's value) and how many transactions it had (`count`, the length of the spec route's
 * ids). Read from per-day sums the reporting projection keeps, so its cost does not grow with the
 * month's rows; a day's ids come from `budgetProgressDay` when it is opened.
 */
export const budgetProgressDays = route({
  id: 'budgetProgressDays',
  method: 'GET',
  path: '/reports/budget-progress/days',
  summary: "What is left of this month's funding, day by day, with each day's count of transactions (no ids)",
  tag: TAG,
  query: z.object({ m: reportMonth }),
  response: z.object({
    funded: money.meta({ description: "The month's fundings into the everyday categories, in dollars" }),
    days: z.array(
      z.object({
        date: isoDate,
        left: money.meta({ description: 'What is left after the day, in dollars' }),
        count: z.number().int().meta({ description: "The day's transactions (the spec route's ids of the day)" }),
      }),
    ),
  }),
});

/**
 * One day of budget progress: the ids of its transactions in the everyday categories (not
 * fundings, rebalances or starting balances), exactly the ids `budgetProgressReport` gives for
 * that day, in the same order (by id). Every id, however many: the client asks
 * `GET /transactions?t=…` for them in chunks of at most 500 (`MAX_REPEATED_VALUES`).
 */
export const budgetProgressDay = route({
  id: 'budgetProgressDay',
  method: 'GET',
  path: '/reports/budget-progress/day',
  summary: "The ids of one budget-progress day's transactions",
  tag: TAG,
  query: z.object({ date: date('A valid date must be provided as YYYY-MM-DD.') }),
  response: z.object({ date: isoDate, ids: z.array(idOut) }),
});

/** Every report route (product-spec §7 Reports). */
export const reportRoutes = [netWorthReport, payeeReport, categoryReport, incomeVsExpensesReport, fundingHistoryReport, budgetProgressReport];

/** Report routes of our own web client beyond the spec's (docs/architecture.md §4.7). */
export const clientReportRoutes = [budgetProgressDays, budgetProgressDay];
