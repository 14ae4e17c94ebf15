import { z } from 'zod';
import { dollars, money, pathId } from '../common/fields.js';
import { route } from '../common/route.js';

const TAG = 'ledger: linked accounts';
const accountParams = z.object({ id: pathId() });

/**
 * A linked account's balances beside the bank's (docs/architecture.md §8): `cleared` is what the
 * bank has confirmed (its starting balance, the bank's posted rows and typed rows a bank row
 * claimed, adjustments), `uncleared` the typed rows no bank row has claimed yet, `working` the
 * account's balance (cleared + uncleared). `difference` is Plaid's balance − cleared ("differs from
 * the bank by X"; null before the first sync, or on an account that is not linked).
 */
export const ledgerBankBalance = z
  .object({
    linked: z.boolean(),
    cleared: money,
    uncleared: money,
    working: money,
    plaidBalance: money.nullable(),
    difference: money.nullable(),
  })
  .meta({ id: 'LedgerBankBalance' });
export type LedgerBankBalanceView = z.infer<typeof ledgerBankBalance>;

export const accountBankBalance = route({
  id: 'accountBankBalance',
  method: 'GET',
  path: '/account/{id}/bank-balance',
  summary: "A linked account's cleared, uncleared and working balances, and how far its cleared balance differs from the bank's",
  tag: TAG,
  params: accountParams,
  response: z.object({ data: ledgerBankBalance }),
  errors: [404],
});

/**
 * Records the difference from the bank as a logged adjustment ("Bank balance adjustment", cleared,
 * into the Funding Pool on an account that tracks Transactions). `amount` is the difference the user
 * saw: when the difference is no longer that amount nothing is recorded and the answer is 422.
 */
export const recordBankAdjustment = route({
  id: 'recordBankAdjustment',
  method: 'POST',
  path: '/account/{id}/bank-adjustment',
  summary: 'Record the difference between a linked account and its bank as an adjustment: `{amount}` (the difference shown)',
  tag: TAG,
  status: 201,
  params: accountParams,
  body: z.object({ amount: dollars().meta({ description: 'The difference shown (bank − cleared)', example: -10 }) }),
  response: z.object({ data: ledgerBankBalance }),
  errors: [404, 422],
});

/**
 * "Yes, these are duplicates" on a flagged bank row whose original the user typed: the typed row
 * becomes that bank row (the bank's id and date, the user's name, memo and splits; cleared once the
 * bank's row is posted) and the bank row goes — one row, nothing counted twice. An original that
 * was imported (OFX, CSV) cannot take a bank id: the flagged bank row is deleted, as
 * `DELETE /transaction/{id}` does. Empty 200; another user's or an unflagged row is 404.
 */
export const matchDuplicate = route({
  id: 'matchDuplicate',
  method: 'POST',
  path: '/transaction/{id}/match',
  summary: 'Resolve a flagged bank row as a duplicate: its typed original becomes the bank row (an imported original: the bank row is deleted)',
  tag: TAG,
  params: z.object({ id: pathId() }),
  response: null,
  errors: [404],
});

export const bankBalanceRoutes = [accountBankBalance, recordBankAdjustment, matchDuplicate];
