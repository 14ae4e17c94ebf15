import type { PoolClient } from '@budget/platform';
import { TRANSACTION_TYPE, type Split, type TransactionKind } from '../domain/transaction.events.js';
import { membershipsOf, visibleInCategories, type AccountFacts, type TransactionRow } from './membership.js';
import { insertRow, registerTotal, removeRow } from './registers.js';

interface DbTransaction {
  id: string;
  user_id: string;
  kind: TransactionKind;
  date: string;
  deleted: boolean;
  account_id: string | null;
  amount_cents: string | null;
  principle_cents: string | null;
  pending: boolean;
  splits: Split[];
  seq: string;
  name: string | null;
  version: number;
  statement_id: string | null;
  comment: string | null;
}

export interface LoadedTransaction extends TransactionRow {
  userId: string;
  name: string | null;
  version: number;
  statementId: string | null;
  comment: string | null;
}

const num = (v: string | null) => (v === null ? null : Number(v));

export async function loadTransaction(client: PoolClient, id: string): Promise<LoadedTransaction | null> {
  const { rows } = await client.query<DbTransaction>(
    `SELECT id, user_id, kind, to_char(date, 'YYYY-MM-DD') AS date, deleted, account_id, amount_cents, principle_cents,
            pending, splits, seq, name, version, statement_id, comment
       FROM ledger_transactions WHERE id = $1`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    userId: r.user_id,
    kind: r.kind,
    date: r.date,
    deleted: r.deleted,
    accountId: r.account_id,
    amount: num(r.amount_cents),
    principle: num(r.principle_cents),
    pending: r.pending,
    splits: r.splits,
    seq: BigInt(r.seq),
    name: r.name,
    version: r.version,
    statementId: r.statement_id,
    comment: r.comment,
  };
}

export async function loadAccountFacts(client: PoolClient, accountId: string | null): Promise<AccountFacts | null> {
  if (accountId === null) return null;
  const { rows } = await client.query<AccountFacts>(
    `SELECT tracking, to_char(start_date, 'YYYY-MM-DD') AS "startDate", type FROM ledger_accounts WHERE id = $1`,
    [accountId],
  );
  return rows[0] ?? null;
}

/** Puts a transaction into its registers and rewrites its split rows. */
export async function place(client: PoolClient, userId: string, tx: TransactionRow, account: AccountFacts | null): Promise<void> {
  for (const membership of membershipsOf(tx, account)) await insertRow(client, userId, tx.id, membership);
  await client.query('DELETE FROM ledger_splits WHERE transaction_id = $1', [tx.id]);
  const live = visibleInCategories(tx, account);
  for (const [idx, split] of tx.splits.entries()) {
    await client.query(
      `INSERT INTO ledger_splits (user_id, transaction_id, idx, category_id, amount_cents, date, live, type, base_cents)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [userId, tx.id, idx, split.categoryId, split.amount, tx.date, live, TRANSACTION_TYPE[tx.kind], split.baseAmount ?? null],
    );
  }
  if (live) await addToMonths(client, 'SELECT * FROM ledger_splits WHERE transaction_id = $1', [tx.id], 1);
}

/**
 * Adds (sign 1) or removes (sign −1) split rows selected by `source` to the per-category monthly
 * sums, then drops sums that came back to zero, so the table equals a GROUP BY of the live splits.
 */
async function addToMonths(client: PoolClient, source: string, params: unknown[], sign: 1 | -1): Promise<void> {
  const signAt = params.length + 1;
  const { rows } = await client.query<{ category_id: string; month: string; type: number; empty: boolean }>(
    // `source` is one of the two constant statements of this file, never input.
    `WITH changed AS (${source}),
     sums AS (
       SELECT user_id, category_id, date_trunc('month', date)::date AS month, type,
              $${signAt}::int * sum(amount_cents) AS amount, $${signAt}::int * sum(COALESCE(base_cents, 0)) AS base
         FROM changed GROUP BY 1, 2, 3, 4)
     INSERT INTO ledger_category_months AS m (user_id, category_id, month, type, amount_cents, base_cents)
     SELECT user_id, category_id, month, type, amount, base FROM sums
     ON CONFLICT (category_id, month, type)
     DO UPDATE SET amount_cents = m.amount_cents + EXCLUDED.amount_cents, base_cents = m.base_cents + EXCLUDED.base_cents
     RETURNING category_id, to_char(month, 'YYYY-MM-DD') AS month, type, amount_cents = 0 AND base_cents = 0 AS empty`,
    [...params, sign],
  );
  const empty = rows.filter((r) => r.empty);
  if (empty.length === 0) return;
  await client.query(
    `DELETE FROM ledger_category_months m USING unnest($1::text[], $2::date[], $3::smallint[]) AS e(category_id, month, type)
      WHERE m.category_id = e.category_id AND m.month = e.month AND m.type = e.type AND m.amount_cents = 0 AND m.base_cents = 0`,
    [empty.map((r) => r.category_id), empty.map((r) => r.month), empty.map((r) => r.type)],
  );
}

/** Takes a transaction out of every register it is in. */
export async function unplace(client: PoolClient, transactionId: string): Promise<void> {
  const { rows } = await client.query<{ register: string }>('SELECT register FROM ledger_register_rows WHERE transaction_id = $1', [transactionId]);
  for (const { register } of rows) await removeRow(client, register, transactionId);
  await addToMonths(client, 'UPDATE ledger_splits SET live = false WHERE transaction_id = $1 AND live RETURNING *', [transactionId], -1);
}

/** Recomputes stored balances from the registers' totals (each an index lookup). */
export async function refreshBalances(client: PoolClient, userId: string, accountIds: Iterable<string>, categoryIds: Iterable<string>): Promise<void> {
  for (const accountId of new Set(accountIds)) {
    const posted = await registerTotal(client, `a:${accountId}`);
    const pending = await registerTotal(client, `ap:${accountId}`);
    await client.query(
      `UPDATE ledger_accounts SET balance_cents = CASE WHEN tracking = 'Balances' THEN balance_cents ELSE opening_balance_cents + $2::bigint END,
              pending_balance_cents = $3 WHERE id = $1`,
      [accountId, posted.toString(), pending.toString()],
    );
  }
  for (const categoryId of new Set(categoryIds)) {
    const total = (await registerTotal(client, `c:${categoryId}`)) + (await registerTotal(client, `cp:${categoryId}`));
    await client.query(
      `INSERT INTO ledger_category_balances (user_id, category_id, balance_cents) VALUES ($1, $2, $3)
       ON CONFLICT (category_id) DO UPDATE SET balance_cents = EXCLUDED.balance_cents`,
      [userId, categoryId, total.toString()],
    );
  }
}

export const categoriesOf = (...txs: (TransactionRow | null)[]) => txs.flatMap((t) => t?.splits.map((s) => s.categoryId) ?? []);
