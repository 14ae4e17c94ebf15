import { Inject, Injectable } from '@nestjs/common';
import type { LedgerTransactionView } from '@budget/contracts';
import { centsFromDb, dollarsFromCents } from '@budget/money';
import { NotFound, PG_POOL, type Pool, type Queryable } from '@budget/platform';
import type { Split } from '../domain/transaction.events.js';
import { requireUuid } from './ledger-lookups.js';

export interface TransactionRowDb {
  id: string;
  date: string;
  kind: string;
  type: number;
  comment: string | null;
  splits: Split[];
  duplicate_of: string | null;
  version: number;
  account_id: string | null;
  name: string | null;
  amount_cents: string | null;
  principle_cents: string | null;
  pending: boolean;
  payment_channel: string | null;
  statement_id: string | null;
  account_name: string | null;
  institution_name: string | null;
  running_cents?: string | null;
  review_reason?: string | null;
}

/** Columns and joins every register and single-transaction read uses (alias t for the transaction). */
export const TRANSACTION_SELECT = `
  t.id, to_char(t.date, 'YYYY-MM-DD') AS date, t.kind, t.type, t.comment, t.splits, t.duplicate_of, t.version, t.account_id,
  t.name, t.amount_cents, t.principle_cents, t.pending, t.payment_channel, t.statement_id, a.name AS account_name, i.name AS institution_name,
  t.review_reason`;
export const TRANSACTION_JOINS = `
  LEFT JOIN ledger_accounts a ON a.id = t.account_id
  LEFT JOIN ledger_institutions i ON i.id = a.institution_id`;

const dollars = (v: string | null) => (v === null ? null : dollarsFromCents(centsFromDb(v)));

/** The "full transaction" JSON of server-behaviour §4.3, money in dollars with two decimals. */
export function toTransactionJson(row: TransactionRowDb, runningBase: bigint | null = null): LedgerTransactionView {
  return {
    id: row.id,
    date: row.date,
    sortOrder: row.kind === 'starting-balance' ? -1 : row.kind === 'manual' ? 2147483647 : null,
    type: row.type,
    comment: row.comment,
    categories: row.splits.map((s) => ({
      categoryId: s.categoryId,
      amount: dollarsFromCents(s.amount),
      comment: s.comment,
      ...(s.funder !== undefined && { funder: s.funder }),
      ...(s.fundingCategories !== undefined && {
        fundingCategories: s.fundingCategories.map((f) => ({ categoryId: f.categoryId, amount: f.amount / 100, percentage: f.percentage })),
      }),
      ...(s.includeFundingTransfers !== undefined && { includeFundingTransfers: s.includeFundingTransfers }),
      ...(s.baseAmount !== undefined && { baseAmount: dollarsFromCents(s.baseAmount) }),
    })),
    duplicateOfTransactionId: row.duplicate_of,
    version: row.version,
    accountTransaction:
      row.account_id === null
        ? null
        : {
            name: row.name,
            amount: dollars(row.amount_cents),
            principle: dollars(row.principle_cents),
            paymentChannel: row.payment_channel,
            location: null,
            accountOwner: null,
            pending: row.pending,
            statementId: row.statement_id,
            account: { id: row.account_id, name: row.account_name, institution: { name: row.institution_name } },
          },
    isNew: (row.review_reason ?? null) !== null,
    newReason: (row.review_reason ?? null) as LedgerTransactionView['newReason'],
    ...(row.running_cents !== undefined &&
      row.running_cents !== null && { runningBalance: dollarsFromCents(Number(BigInt(row.running_cents) + (runningBase ?? 0n))) }),
  };
}
export type TransactionJson = LedgerTransactionView;

/** Balances and other views that change answers carry; `db` is where to read them (the pool, or an append's client right behind its commit). */
@Injectable()
export class LedgerViews {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async transaction(userId: string, transactionId: string, includeDeleted = false, db: Queryable = this.pool): Promise<TransactionJson> {
    requireUuid(transactionId, 'Transaction');
    const { rows } = await db.query<TransactionRowDb>(
      `SELECT ${TRANSACTION_SELECT} FROM ledger_transactions t ${TRANSACTION_JOINS}
        WHERE t.id = $2::uuid AND t.user_id = $1 AND (NOT t.deleted OR $3)`,
      [userId, transactionId, includeDeleted],
    );
    if (!rows[0]) throw new NotFound('Transaction not found');
    return toTransactionJson(rows[0]);
  }

  /** `[{id, balance}]` (and the visible-row `count` when asked) for the given categories. */
  async categoryBalances(userId: string, categoryIds: Iterable<string>, withCount = false, db: Queryable = this.pool) {
    const ids = [...new Set(categoryIds)];
    if (ids.length === 0) return [];
    const { rows } = await db.query<{ id: string; balance: string; count: number }>(
      `SELECT c.id, COALESCE(b.balance_cents, 0) AS balance,
              (COALESCE((SELECT sum(k.row_count) FROM ledger_register_blocks k WHERE k.register = 'c:' || c.id), 0)
            + COALESCE((SELECT sum(k.row_count) FROM ledger_register_blocks k WHERE k.register = 'cp:' || c.id), 0))::int AS count
         FROM budget_categories c LEFT JOIN ledger_category_balances b ON b.category_id = c.id
        WHERE c.user_id = $1 AND c.id = ANY($2::text[])`,
      [userId, ids],
    );
    return rows.map((r) => ({ id: r.id, balance: dollarsFromCents(centsFromDb(r.balance)), ...(withCount && { count: Number(r.count) }) }));
  }

  async accountBalances(userId: string, accountIds: Iterable<string>, db: Queryable = this.pool) {
    const ids = [...new Set(accountIds)];
    if (ids.length === 0) return [];
    const { rows } = await db.query<{ id: string; balance: string }>(
      'SELECT id, balance_cents AS balance FROM ledger_accounts WHERE user_id = $1 AND id = ANY($2::uuid[])',
      [userId, ids],
    );
    return rows.map((r) => ({ id: r.id, balance: dollarsFromCents(centsFromDb(r.balance)) }));
  }
}
