import { z } from 'zod';
import { bool, date, dollars, idOut, isoDate, money, pathId, wholeListQuery } from '../common/fields.js';
import { route } from '../common/route.js';
import { ledgerStatement } from './views.js';

const TAG = 'ledger: statements and balances';
const START_DATE = 'The start date is not a valid date.';
const END_DATE = 'The end date is not a valid date.';
const DATE = 'A valid date must be provided.';

const accountParams = z.object({ id: pathId() });

export const listStatements = route({
  id: 'listStatements',
  method: 'GET',
  path: '/account/{id}/statements',
  summary: "A page of an account's statements, newest end date first (the spec's client reads them whole: no limit is 1000)",
  tag: TAG,
  params: accountParams,
  query: wholeListQuery,
  response: z.array(ledgerStatement),
  errors: [404],
});

/** POST /account/{id}/statements: the unreconciled posted rows of the period join it. */
export const createStatement = route({
  id: 'createStatement',
  method: 'POST',
  path: '/account/{id}/statements',
  summary: 'Add a statement; it holds no rows until they are ticked (or Reconcile All)',
  tag: TAG,
  status: 201,
  params: accountParams,
  body: z.object({ startDate: date(START_DATE), endDate: date(END_DATE), startingBalance: dollars(), endingBalance: dollars() }),
  response: ledgerStatement.extend({ transactions: z.array(idOut).meta({ description: 'The rows the statement holds' }) }),
  errors: [404],
});

/** PATCH /statements/{id}: field changes, `reconcile` All (take in the period's rows) or None (let go of all), `finished` (finish or reopen). */
export const changeStatement = route({
  id: 'changeStatement',
  method: 'PATCH',
  path: '/statements/{id}',
  summary: 'Change a statement, or reconcile all or none of its rows',
  tag: TAG,
  params: z.object({ id: pathId() }),
  body: z.object({
    startDate: date(START_DATE).optional(),
    endDate: date(END_DATE).optional(),
    startingBalance: dollars().optional(),
    endingBalance: dollars().optional(),
    reconcile: z.enum(['All', 'None'], { error: 'reconcile must be All or None.' }).optional(),
    finished: bool('finished must be true or false.')
      .optional()
      .meta({ description: 'true finishes it (its difference must be zero; its rows are then locked), false reopens it' }),
  }),
  response: ledgerStatement,
  errors: [404],
});

/** A balance-history row; the end-of-day balances of other accounts carry no id. */
export const ledgerBalanceEntry = z
  .object({ id: idOut.optional(), accountId: idOut.optional(), date: isoDate, balance: money })
  .meta({ id: 'LedgerBalanceEntry' });

export const listBalances = route({
  id: 'listBalances',
  method: 'GET',
  path: '/account/{id}/balances',
  summary: "A page of a Balances account's history, or of another account's end-of-day balances over its last 90 days; newest first (no limit is 1000)",
  tag: TAG,
  params: accountParams,
  query: wholeListQuery,
  response: z.array(ledgerBalanceEntry),
  errors: [404],
});

const AMOUNT = 'An amount must be provided.';

/**
 * A balance-history row as the spec's client sends it, `{date, amount}`; `balance` is taken for
 * `amount` too (this API's first form), `amount` winning when both come. Read as `{date, amount}`.
 */
const balanceBody = z
  .object({
    date: date(DATE),
    amount: dollars().optional().meta({ description: "The account's balance on that date", example: 1520.5 }),
    balance: dollars().optional().meta({ description: 'The same as `amount` (kept for callers that send it)', deprecated: true }),
  })
  .transform(({ date, amount, balance }, context) => {
    const given = amount ?? balance;
    if (given === undefined) {
      context.issues.push({ code: 'custom', message: AMOUNT, path: ['amount'], input: undefined });
      return z.NEVER;
    }
    return { date, amount: given };
  });

export const recordBalance = route({
  id: 'recordBalance',
  method: 'POST',
  path: '/account/{id}/balances',
  summary: 'Record the balance of a Balances account on a date (one per date): `{date, amount}`',
  tag: TAG,
  status: 201,
  params: accountParams,
  body: balanceBody,
  response: z.object({ data: z.object({ id: idOut, date: isoDate, balance: money, accountBalance: money }) }),
  errors: [404],
});

export const changeBalance = route({
  id: 'changeBalance',
  method: 'PATCH',
  path: '/account/{id}/balances/{balanceId}',
  summary: 'Change a balance-history row: `{date, amount}`',
  tag: TAG,
  params: z.object({ id: pathId(), balanceId: pathId() }),
  body: balanceBody,
  response: z.object({ data: z.object({ id: idOut, accountId: idOut, balance: money, date: isoDate }) }),
  errors: [404],
});

export const removeBalance = route({
  id: 'removeBalance',
  method: 'DELETE',
  path: '/balance/{id}',
  summary: 'Delete a balance-history row',
  tag: TAG,
  status: 204,
  params: z.object({ id: pathId() }),
  response: null,
  errors: [404],
});

/** The same as DELETE /balance/{id}, under the account. */
export const removeAccountBalance = route({
  id: 'removeAccountBalance',
  method: 'DELETE',
  path: '/account/{accountId}/balances/{id}',
  summary: 'Delete a balance-history row of an account',
  tag: TAG,
  status: 204,
  params: z.object({ accountId: pathId(), id: pathId() }),
  response: null,
  errors: [404],
});

/** Statements with reconciliation, and balance history. */
export const statementRoutes = [
  listStatements, createStatement, changeStatement, listBalances, recordBalance, changeBalance, removeBalance, removeAccountBalance,
];
