import { z } from 'zod';
import { date, dollars, id, pageQuery, pathId, text, timestamp } from '../common/fields.js';
import { route } from '../common/route.js';
import { ledgerAccountBalance, ledgerCategoryBalance, ledgerStatement, ledgerTransaction } from './views.js';

const TAG = 'ledger: transactions';
const DATE = 'A valid date must be provided.';
const NAME = 'A name must be provided.';

/** `categories: [{categoryId, amount, comment?}]`; a line without a category is the decider's 422. */
export const splitLines = z
  .array(
    z.object({
      categoryId: id('The category must be a valid id.').nullable().optional(),
      amount: dollars(),
      comment: text({ max: 1000, message: 'The comment must be text.' }).nullable().optional(),
    }),
    { error: 'The categories must be a list.' },
  )
  .max(200, { error: 'At most 200 categories.' });

/** A register's search: trimmed; blank means none. */
const search = text({ max: 200, message: 'The search must be text.' })
  .transform((value) => value.trim() || null)
  .optional()
  .meta({ description: 'Only rows whose name contains this text' });

const pending = (description: string) =>
  z.enum(['0', '1', '2'], { error: 'pending must be 1 (pending rows) or 2 (the rest).' }).optional().meta({ description });

/** `new=1`: only the rows not yet reviewed (docs/architecture.md §4.6 "Review state"). */
const newOnly = z
  .enum(['0', '1'], { error: 'new must be 1 (only the new rows) or 0.' })
  .optional()
  .meta({ description: '1: only the rows not yet reviewed' });

const registerQuery = (pendingHelp: string) => pageQuery.extend({ pending: pending(pendingHelp), search, new: newOnly });

export const transactionParams = z.object({ id: pathId() });

/**
 * `?unlock=statement` confirms a change to a row of a finished statement (docs/architecture.md
 * §9.7): the statement is reopened in the same write. Without it such a change is a 422
 * `statement-locked`; the spec's client never sends it.
 */
export const unlockQuery = z.object({
  unlock: z.enum(['statement'], { error: 'unlock must be statement.' }).optional().meta({ description: 'statement: change a row of a finished statement, reopening it' }),
});

export const accountRegister = route({
  id: 'accountRegister',
  method: 'GET',
  path: '/account/{id}/transactions',
  summary: "A page of an account's register, newest first",
  tag: TAG,
  params: z.object({ id: pathId() }),
  query: registerQuery('1: the pending rows; otherwise the posted ones'),
  response: z.object({
    data: z.object({ transactions: z.array(ledgerTransaction), balance: z.number(), pendingBalance: z.number(), transactionsCount: z.number().int() }),
  }),
  errors: [404],
});

export const categoryRegister = route({
  id: 'categoryRegister',
  method: 'GET',
  path: '/category/{id}/transactions',
  summary: "A page of a category's register, newest first",
  tag: TAG,
  params: z.object({ id: pathId() }),
  query: registerQuery('1: the pending rows; 2 (or none): the rest'),
  response: z.object({ data: z.object({ transactions: z.array(ledgerTransaction), transactionsCount: z.number().int(), balance: z.number() }) }),
  errors: [404],
});

/** POST /account/{id}/transactions: a manual entry. `principle` counts on loan accounts only. */
export const recordTransaction = route({
  id: 'recordTransaction',
  method: 'POST',
  path: '/account/{id}/transactions',
  summary: 'Add a manual transaction to an account',
  tag: TAG,
  status: 201,
  params: z.object({ id: pathId() }),
  body: z.object({
    date: date(DATE),
    name: text({ max: 500, message: NAME }),
    amount: dollars(),
    principle: dollars().nullable().optional().meta({ description: 'Loans: the part of the amount that moves the balance; ignored elsewhere' }),
    comment: text({ max: 1000, message: 'The comment must be text.' }).nullable().optional(),
    categories: splitLines.optional(),
  }),
  response: z.object({ categories: z.array(ledgerCategoryBalance), transaction: ledgerTransaction, acctBalances: z.array(ledgerAccountBalance) }),
  errors: [404],
});

export const getTransaction = route({
  id: 'getTransaction',
  method: 'GET',
  path: '/transaction/{id}',
  summary: 'One transaction',
  tag: TAG,
  params: transactionParams,
  response: ledgerTransaction,
  errors: [404],
});

/** PATCH /transaction/{id}: `{version, ...changes}`; a stale version is 409 INCORRECT_VERSION. */
export const editTransaction = route({
  id: 'editTransaction',
  method: 'PATCH',
  path: '/transaction/{id}',
  summary: 'Change a transaction (optimistic version check)',
  tag: TAG,
  params: transactionParams,
  query: unlockQuery,
  body: z.object({
    version: z
      .number({ error: 'The version is required.' })
      .int({ error: 'The version is required.' })
      .min(0, { error: 'The version is required.' })
      .max(2_147_483_647, { error: 'The version is required.' }),
    date: date(DATE).optional(),
    name: text({ max: 500, message: NAME }).optional(),
    amount: dollars().optional(),
    principle: dollars().nullable().optional(),
    comment: text({ max: 1000, message: 'The comment must be text.' }).nullable().optional(),
    categories: splitLines.optional(),
    statementId: id('The statement id must be an id or null.').nullable().optional(),
  }),
  response: z.object({
    data: z.object({
      transaction: ledgerTransaction,
      categories: z.array(ledgerCategoryBalance),
      acctBalances: z.array(ledgerAccountBalance),
      statement: ledgerStatement.optional(),
    }),
  }),
  errors: [404, 409],
});

export const deleteTransaction = route({
  id: 'deleteTransaction',
  method: 'DELETE',
  path: '/transaction/{id}',
  summary: 'Delete a transaction (deleting it again changes nothing)',
  tag: TAG,
  params: transactionParams,
  query: unlockQuery,
  response: z.object({ data: z.object({ categories: z.array(ledgerCategoryBalance), acctBalances: z.array(ledgerAccountBalance) }) }),
  errors: [404],
});

/**
 * POST /transaction/{id}/dedup: "No, these are not duplicates" — clears the bank row's
 * `duplicateOfTransactionId` (server-behaviour §4.3). "Yes" is a plain DELETE of the flagged row.
 */
export const dedupTransaction = route({
  id: 'dedupTransaction',
  method: 'POST',
  path: '/transaction/{id}/dedup',
  summary: 'Say a flagged bank transaction is not a duplicate (clears its flag)',
  tag: TAG,
  params: transactionParams,
  response: null,
  errors: [404],
});

/**
 * One line of the transaction log. A line about an account or an institution (a start-date move,
 * a balance entry, a deletion) has no transaction: `transactionId` then repeats `accountId` (the
 * institution's line: its own id), as the spec's client reads a string there. `correlationId`
 * groups one user action's or job's lines; `causationId` is the command that wrote the event
 * (both null on lines projected before they were kept).
 */
export const transactionLogEntry = z
  .object({
    id: z.string(),
    createdAt: timestamp,
    message: z.string(),
    changes: z.record(z.string(), z.unknown()),
    transactionId: z.string(),
    actor: z.string(),
    accountId: z.string().nullable(),
    correlationId: z.string().nullable(),
    causationId: z.string().nullable(),
  })
  .meta({ id: 'LedgerTransactionLogEntry' });

export const listTransactionLogs = route({
  id: 'listTransactionLogs',
  method: 'GET',
  path: '/transaction-logs',
  summary: 'The transaction log, newest first',
  tag: TAG,
  query: pageQuery,
  response: z.array(transactionLogEntry),
});

/** Registers, account transactions and the transaction log (product-spec §7 "Transactions, statements, balances"). */
export const transactionRoutes = [
  accountRegister, categoryRegister, recordTransaction, getTransaction, editTransaction, deleteTransaction, dedupTransaction, listTransactionLogs,
];
