import { z } from 'zod';
import { date, pathId, timestamp } from '../common/fields.js';
import { route } from '../common/route.js';

/**
 * Explain a balance (README "Every cent explained"): the opening balance on `from`, then what
 * moved it between `from` and `to` (both days included) totalled by cause, each cause listing the
 * transactions (or balance entries) behind it with their log lines, then the closing balance on
 * `to`. Without `from` the walk starts before the first entry (opening 0); without `to` it ends
 * with everything recorded, and the closing balance is then the register's balance to the cent.
 * Amounts in dollars, as everywhere on the wire.
 */

const TAG = 'ledger: explain';

/** Why money moved, in the order the walk lists them. */
export const EXPLAIN_CAUSES = [
  'startingBalance', 'fundingIn', 'fundingOut', 'rebalance', 'income', 'spending', 'import', 'bankSync', 'rule', 'correction', 'adjustment',
] as const;
export type ExplainCause = (typeof EXPLAIN_CAUSES)[number];

/** How the walk names each cause. */
export const EXPLAIN_CAUSE_LABELS: Record<ExplainCause, string> = {
  startingBalance: 'Starting balance',
  fundingIn: 'Fundings in',
  fundingOut: 'Fundings out',
  rebalance: 'Rebalances and transfers',
  income: 'Income',
  spending: 'Spending',
  import: 'Imports (OFX, CSV)',
  bankSync: 'Bank sync',
  rule: 'Auto-assignment rules',
  correction: 'Corrections and undos',
  adjustment: 'Adjustments and balance entries',
};

/** A log line behind an item: what happened to it, when, and which action it belonged to. */
export const explainEvent = z
  .object({ id: z.string(), createdAt: timestamp, message: z.string(), correlationId: z.string().nullable() })
  .meta({ id: 'LedgerExplainEvent' });

/** One transaction (or balance entry) of a cause: what it adds to this balance. */
export const explainItem = z
  .object({
    /** The transaction's id; a balance entry's id for a Balances-tracked account. */
    id: z.string(),
    date: z.string(),
    name: z.string().nullable(),
    amount: z.number(),
    pending: z.boolean(),
    events: z.array(explainEvent),
  })
  .meta({ id: 'LedgerExplainItem' });

export const explainCauseTotal = z
  .object({
    cause: z.enum(EXPLAIN_CAUSES),
    label: z.string(),
    total: z.number(),
    /** How many items the cause has; `items` lists the newest 200 of them. */
    count: z.number().int(),
    items: z.array(explainItem),
  })
  .meta({ id: 'LedgerExplainCause' });

export const balanceExplanation = z
  .object({
    from: z.string().nullable(),
    to: z.string().nullable(),
    openingBalance: z.number(),
    causes: z.array(explainCauseTotal),
    closingBalance: z.number(),
    /** The register's balance now (GET /category|account/{id}/transactions): the closing balance when `to` is not given. */
    registerBalance: z.number(),
  })
  .meta({ id: 'LedgerBalanceExplanation' });

const FROM = 'A valid from date must be provided.';
const TO = 'A valid to date must be provided.';
const explainQuery = z
  .object({ from: date(FROM).optional(), to: date(TO).optional() })
  .superRefine((value, context) => {
    if (value.from && value.to && value.from > value.to) {
      context.issues.push({ code: 'custom', path: ['to'], message: 'The to date must not be before the from date.', input: value.to });
    }
  });

export const explainCategoryBalance = route({
  id: 'explainCategoryBalance',
  method: 'GET',
  path: '/category/{id}/explain',
  summary: "How a category's balance came to be: opening, totals by cause, closing",
  tag: TAG,
  params: z.object({ id: pathId() }),
  query: explainQuery,
  response: z.object({ data: balanceExplanation }),
  errors: [404],
});

export const explainAccountBalance = route({
  id: 'explainAccountBalance',
  method: 'GET',
  path: '/account/{id}/explain',
  summary: "How an account's balance came to be: opening, totals by cause, closing",
  tag: TAG,
  params: z.object({ id: pathId() }),
  query: explainQuery,
  response: z.object({ data: balanceExplanation }),
  errors: [404],
});

export const explainRoutes = [explainCategoryBalance, explainAccountBalance];
