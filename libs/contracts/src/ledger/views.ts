import { z } from 'zod';
import { idOut, isoDate, money, timestamp } from '../common/fields.js';

/**
 * The ledger's answer shapes that several routes share: a category's or an account's balance,
 * the full transaction (server-behaviour §4.3), an account, an institution and a statement.
 */

/** `{id, balance}` of a category; `count` (visible register rows) where an answer asks for it. */
export const ledgerCategoryBalance = z
  .object({ id: idOut, balance: money, count: z.number().int().optional() })
  .meta({ id: 'LedgerCategoryBalance' });
export type LedgerCategoryBalanceView = z.infer<typeof ledgerCategoryBalance>;

/** `{id, balance}` of an account. */
export const ledgerAccountBalance = z.object({ id: idOut, balance: money }).meta({ id: 'LedgerAccountBalance' });
export type LedgerAccountBalanceView = z.infer<typeof ledgerAccountBalance>;

/** A funding source of a Bill line: cents for a fixed amount, basis points when `percentage`. */
export const ledgerFundingSource = z.object({ categoryId: idOut, amount: z.number(), percentage: z.boolean() });

/** One category line of a transaction. */
export const ledgerTransactionSplit = z.object({
  categoryId: idOut,
  amount: money,
  comment: z.string().nullable(),
  funder: z.boolean().optional(),
  fundingCategories: z.array(ledgerFundingSource).optional(),
  includeFundingTransfers: z.boolean().optional(),
  baseAmount: money.optional(),
});

/** The account side of a transaction; null for fundings and rebalances. */
export const ledgerAccountTransaction = z.object({
  name: z.string().nullable(),
  amount: money.nullable(),
  principle: money.nullable(),
  paymentChannel: z
    .string()
    .nullable()
    .meta({ description: "Plaid's payment channel of a bank row ('in store', 'online', 'other'); null when the bank gave none and for manual, OFX and CSV rows" }),
  location: z.null(),
  accountOwner: z.null(),
  pending: z.boolean(),
  statementId: idOut.nullable(),
  account: z.object({ id: idOut, name: z.string().nullable(), institution: z.object({ name: z.string().nullable() }) }),
});

/** The full transaction; `runningBalance` in register pages only. */
export const ledgerTransaction = z
  .object({
    id: idOut,
    date: isoDate,
    sortOrder: z.number().int().nullable(),
    type: z.number().int().meta({ description: '0 regular, 1 transfer, 2 funding, 3 rebalance, 4 starting balance, 5 manual' }),
    comment: z.string().nullable(),
    categories: z.array(ledgerTransactionSplit),
    duplicateOfTransactionId: idOut.nullable(),
    version: z.number().int(),
    accountTransaction: ledgerAccountTransaction.nullable(),
    runningBalance: money.optional(),
    // Not yet reviewed, and why (docs/architecture.md §4.6 "Review state"; no descriptions: this schema is in the first load).
    isNew: z.boolean().optional(),
    newReason: z.enum(['synced', 'imported', 'amount', 'split', 'marked']).nullable().optional(),
    // GET /transaction/{id} of a row new for `amount` (the tipped bill): the amount typed; the bank's is the row's (docs/architecture.md §9.2).
    typedAmount: money.optional(),
  })
  .meta({ id: 'LedgerTransaction' });
export type LedgerTransactionView = z.infer<typeof ledgerTransaction>;

/** An account as the institution list shows it. */
export const ledgerAccount = z
  .object({
    id: idOut,
    plaidId: z.string().nullable().meta({ description: "Plaid's account id (linked accounts)" }),
    name: z.string(),
    closed: z.boolean(),
    type: z.string(),
    subtype: z.string(),
    tracking: z.string(),
    balance: money,
    pendingBalance: money,
    plaidBalance: money.nullable().meta({ description: "Plaid's current balance at the last link or sync (linked accounts)" }),
    startDate: isoDate,
    rate: z.number().nullable().meta({ description: 'APR in percent (loans only)' }),
  })
  .meta({ id: 'LedgerAccount' });
export type LedgerAccountView = z.infer<typeof ledgerAccount>;

/** An institution with its accounts, sorted by name. */
export const ledgerInstitution = z
  .object({
    id: idOut,
    plaidInstitutionId: z.string().nullable(),
    name: z.string(),
    offline: z.boolean(),
    syncDate: timestamp.nullable(),
    accounts: z.array(ledgerAccount),
  })
  .meta({ id: 'LedgerInstitution' });
export type LedgerInstitutionView = z.infer<typeof ledgerInstitution>;

/** A statement with the credits and debits of the rows it holds. */
export const ledgerStatement = z
  .object({
    id: idOut,
    accountId: idOut,
    startDate: isoDate,
    endDate: isoDate,
    startingBalance: money,
    endingBalance: money,
    credits: money,
    debits: money,
    finished: z.boolean().meta({ description: 'Finished (reconciled): its rows are locked until it is reopened' }),
    reconciledAt: timestamp.nullable().meta({ description: 'When it was finished; null while it is open' }),
  })
  .meta({ id: 'LedgerStatement' });
export type LedgerStatementView = z.infer<typeof ledgerStatement>;
