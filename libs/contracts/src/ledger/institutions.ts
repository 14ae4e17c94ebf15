import { z } from 'zod';
import { bool, date, dollars, pathId, text, wholeListQuery } from '../common/fields.js';
import { route } from '../common/route.js';
import { ledgerAccount, ledgerCategoryBalance, ledgerInstitution } from './views.js';

const TAG = 'ledger: institutions and accounts';
const START_DATE = 'The start date is not a valid date.';
const RATE = 'The rate must be a percentage with at most three decimals.';
const PLAID_INSTITUTION = 'The institution id from the bank link must be given with the public token.';

/**
 * An APR in percent, e.g. 5.25, read into thousandths of a percent (5250): at most three whole
 * digits and three decimals. Null, absent or '' is no rate. Whether a rate is allowed at all (loans
 * only; 0 is ignored elsewhere) is the account decider's rule.
 */
export function aprRate() {
  return z
    .union([z.number(), z.string().max(20)], { error: RATE })
    .transform((value, context): number | null => {
      const written = String(value).trim();
      if (written === '') return null;
      const match = /^(\d{1,3})(?:\.(\d{1,3}))?$/.exec(written);
      if (!match) {
        context.issues.push({ code: 'custom', message: RATE, input: value });
        return z.NEVER;
      }
      return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
    })
    .nullable()
    .optional()
    .meta({ description: 'APR in percent, at most three decimals (loans only)', example: 5.25 });
}

/** One offline account to open. Name, start date, type, subtype and tracking are checked by the decider. */
export const newAccountFields = z.object({
  name: text({ max: 200, message: 'The account name must be text.' }).optional(),
  balance: dollars().nullable().optional().meta({ description: 'The balance today (default 0)' }),
  type: text({ max: 50, message: 'The type must be text.' }).optional(),
  subtype: text({ max: 100, message: 'The subtype must be text.' }).optional(),
  tracking: text({ max: 50, message: 'The tracking must be text.' }).optional(),
  rate: aprRate(),
  startDate: date(START_DATE).optional(),
});

/** One Plaid account picked in Link for `POST /institution/{id}/accounts` (online), with its tracking. */
export const chosenPlaidAccount = z.object({
  plaidAccountId: text({ min: 1, max: 200, message: 'The Plaid account id must be text.' }),
  tracking: text({ max: 50, message: 'The tracking must be text.' }).optional(),
});

export const institutionParams = z.object({ id: pathId() });
export const accountParams = z.object({ id: pathId() });

export const listConnectedAccounts = route({
  id: 'listConnectedAccounts',
  method: 'GET',
  path: '/connected-accounts',
  summary: "A page of the institutions, by name, each with all its accounts (the spec's client reads them whole: no limit is 1000)",
  query: wholeListQuery,
  tag: TAG,
  response: z.object({ data: z.array(ledgerInstitution) }),
});

/**
 * POST /institution: online `{publicToken, institutionId, startDate?}` (a Plaid Link public token and
 * Plaid's institution id; bank-sync exchanges it and opens the item's accounts), or offline
 * `{institution:{name}, accounts:[…], startDate}`. A non-empty `publicToken` makes it online.
 */
export const addInstitution = route({
  id: 'addInstitution',
  // An online one exchanges a public token with Plaid: bounded per user (a limit of its own, generous for offline ones).
  perUserLimit: { bucket: 'institution-add', limit: 60, windowSeconds: 60 },
  method: 'POST',
  path: '/institution',
  summary: 'Add an offline institution with its accounts',
  tag: TAG,
  status: 201,
  body: z.object({
    publicToken: text({ max: 1000, message: 'The public token must be text.' }).optional().meta({ description: 'From Plaid Link: makes the institution online' }),
    institutionId: text({ max: 200, message: PLAID_INSTITUTION }).optional().meta({ description: "Plaid's institution id (online only)" }),
    institution: z.object({ name: text({ max: 200, message: 'The institution name must be text.' }).optional() }).optional(),
    accounts: z.array(newAccountFields, { error: 'The accounts must be a list.' }).max(50, { error: 'At most 50 accounts at once.' }).optional(),
    startDate: date(START_DATE).optional(),
  }).superRefine((body, context) => {
    if (body.publicToken && !body.institutionId?.trim()) context.addIssue({ code: 'custom', path: ['institutionId'], message: PLAID_INSTITUTION });
  }),
  response: z.object({ data: ledgerInstitution.extend({ categories: z.array(ledgerCategoryBalance) }) }),
});

export const renameInstitution = route({
  id: 'renameInstitution',
  method: 'PATCH',
  path: '/institution/{id}',
  summary: 'Rename an offline institution',
  tag: TAG,
  params: institutionParams,
  body: z.object({ name: text({ max: 200, message: 'The name must be text.' }).optional() }),
  response: z.object({ name: z.string() }),
});

export const deleteInstitution = route({
  id: 'deleteInstitution',
  method: 'DELETE',
  path: '/institution/{id}',
  summary: 'Delete an institution with its accounts and their transactions',
  tag: TAG,
  params: institutionParams,
  response: z.array(ledgerCategoryBalance).meta({ description: 'The balances of the categories that moved' }),
});

/**
 * POST /institution/{id}/accounts: offline, one account with its start date; online
 * `{plaidAccounts:[{plaidAccountId, tracking?}], startDate}` opens the picked accounts of a linked
 * institution (`accounts` lists them all, `account` is the first).
 */
export const addAccount = route({
  id: 'addAccount',
  method: 'POST',
  path: '/institution/{id}/accounts',
  summary: 'Add an offline account to an institution',
  tag: TAG,
  status: 201,
  params: institutionParams,
  body: newAccountFields.extend({
    plaidAccounts: z
      .array(chosenPlaidAccount, { error: 'The Plaid accounts must be a list.' })
      .min(1, { error: 'Pick at least one account.' })
      .max(50, { error: 'At most 50 accounts at once.' })
      .optional(),
  }),
  response: z.object({
    data: z.object({ account: ledgerAccount, accounts: z.array(ledgerAccount).optional(), categories: z.array(ledgerCategoryBalance) }),
  }),
});

export const deleteAccount = route({
  id: 'deleteAccount',
  method: 'DELETE',
  path: '/institution/{id}/accounts/{accountId}',
  summary: 'Delete an account and its transactions',
  tag: TAG,
  params: z.object({ id: pathId(), accountId: pathId() }),
  response: z.array(ledgerCategoryBalance).meta({ description: 'The balances of the categories that moved' }),
});

/**
 * PATCH /account/{id}: rename, close or reopen, move the start date, change the tracking. The
 * spec's Account Settings sends `{startDate, tracking}` together, the tracking often unchanged.
 */
export const changeAccount = route({
  id: 'changeAccount',
  method: 'PATCH',
  path: '/account/{id}',
  summary: 'Rename, close or reopen an account, move its start date, or change its tracking (which re-derives the budget)',
  tag: TAG,
  params: accountParams,
  body: z.object({
    name: text({ max: 200, message: 'The name must be text.' }).optional(),
    closed: bool('closed must be true or false.').optional(),
    startDate: date(START_DATE).optional(),
    tracking: text({ max: 50, message: 'The tracking must be text.' })
      .optional()
      .meta({ description: 'Transactions, Uncategorized Transactions or Balances; a change moves the account into or out of the budget' }),
  }),
  response: z.object({ data: z.object({ account: ledgerAccount, categories: z.array(ledgerCategoryBalance) }) }),
});

/** The account type catalogue the dialogs offer (product-spec §3). */
export const listAccountTypes = route({
  id: 'listAccountTypes',
  method: 'GET',
  path: '/account-types',
  summary: 'Account types with their subtypes, the tracking modes, and the tracking each type opens with when none is given',
  tag: TAG,
  response: z.object({
    data: z.object({
      types: z.record(z.string(), z.array(z.string())),
      tracking: z.array(z.string()),
      defaultTracking: z.record(z.string(), z.string()).meta({ description: 'Per type: loans and investments stay off the budget' }),
    }),
  }),
});

/** Institutions and accounts (product-spec §7 "Institutions and accounts"). */
export const institutionRoutes = [
  listConnectedAccounts, addInstitution, renameInstitution, deleteInstitution, addAccount, deleteAccount, changeAccount, listAccountTypes,
];
