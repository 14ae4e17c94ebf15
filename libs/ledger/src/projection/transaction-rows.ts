import type { PoolClient } from '@budget/platform';
import { TRANSACTION_TYPE, type Split, type TransactionKind } from '../domain/transaction.events.js';
import { membershipsOf, visibleInCategories, type AccountFacts, type TransactionRow } from './membership.js';
import { replaceRows } from './registers.js';

export interface DbTransaction {
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
  original_seq: string | null;
}

export interface LoadedTransaction extends TransactionRow {
  userId: string;
  name: string | null;
  version: number;
  statementId: string | null;
  comment: string | null;
}

const num = (v: string | null) => (v === null ? null : Number(v));

/** The stored columns, and the seq of the original a flagged row duplicates (`orderKey`): read from a row source aliased `t`. */
export const TRANSACTION_COLUMNS = `id, user_id, kind, to_char(date, 'YYYY-MM-DD') AS date, deleted, account_id, amount_cents, principle_cents,
  pending, splits, seq, name, version, statement_id, comment,
  (SELECT o.seq FROM ledger_transactions o WHERE o.id = t.duplicate_of) AS original_seq`;

export const loaded = (r: DbTransaction): LoadedTransaction => ({
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
  originalSeq: r.original_seq === null ? null : BigInt(r.original_seq),
});

export async function loadTransaction(client: PoolClient, id: string): Promise<LoadedTransaction | null> {
  const { rows } = await client.query<DbTransaction>(`SELECT ${TRANSACTION_COLUMNS} FROM ledger_transactions t WHERE id = $1`, [id]);
  return rows[0] ? loaded(rows[0]) : null;
}

/** The transactions matching `where`, one of this lib's constant conditions (never input), in seq order. */
export async function loadTransactions(client: PoolClient, where: string, params: unknown[]): Promise<LoadedTransaction[]> {
  const { rows } = await client.query<DbTransaction>(`SELECT ${TRANSACTION_COLUMNS} FROM ledger_transactions t WHERE ${where} ORDER BY seq`, params);
  return rows.map(loaded);
}

/** A statement reading `inner` (rows of `TRANSACTION_COLUMNS`) with their accounts' facts; both constant SQL of this lib. */
export const WITH_ACCOUNT_FACTS = (inner: string) => `
  SELECT n.*, a.tracking, to_char(a.start_date, 'YYYY-MM-DD') AS "startDate", a.type AS account_type
    FROM (${inner}) n LEFT JOIN ledger_accounts a ON a.id = n.account_id`;

export type DbTransactionWithFacts = DbTransaction & { tracking: string | null; startDate: string | null; account_type: string | null };

export const factsOf = (r: DbTransactionWithFacts): AccountFacts | null =>
  r.tracking === null ? null : { tracking: r.tracking, startDate: r.startDate!, type: r.account_type! };

/**
 * Deleting a row resolves its flagged pair (the flags pointing at it go with it): the flags pointing
 * at `originals` are cleared, and the rows that carried them, but those in `skip` (placed by the
 * caller), go back to their own order key (`orderKey`) in their registers; their sums are unchanged.
 * Answers the ids whose flag was cleared.
 */
export async function clearFlags(client: PoolClient, originals: readonly string[], skip: ReadonlySet<string> = new Set()): Promise<string[]> {
  if (originals.length === 0) return [];
  const { rows: cleared } = await client.query<{ id: string }>(
    'UPDATE ledger_transactions SET duplicate_of = NULL WHERE duplicate_of = ANY($1::uuid[]) RETURNING id',
    [originals],
  );
  const ids = cleared.map((r) => r.id);
  await placeAgain(client, ids.filter((id) => !skip.has(id)));
  return ids;
}

/** Writes the register rows of stored transactions again, where their order key moved (a flag set or cleared). */
export async function placeAgain(client: PoolClient, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const { rows } = await client.query<DbTransactionWithFacts>(
    WITH_ACCOUNT_FACTS(`SELECT ${TRANSACTION_COLUMNS} FROM ledger_transactions t WHERE id = ANY($1::uuid[])`),
    [ids],
  );
  const placed = rows.flatMap((r) => membershipsOf(loaded(r), factsOf(r)).map((m) => ({ ...m, userId: r.user_id, transactionId: r.id })));
  await replaceRows(client, [...ids], placed);
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
  await replaceRows(client, [], membershipsOf(tx, account).map((m) => ({ ...m, userId, transactionId: tx.id })));
  await client.query('DELETE FROM ledger_splits WHERE transaction_id = $1', [tx.id]);
  await writeSplits(client, [{ userId, tx, live: visibleInCategories(tx, account) }]);
}

/** Accounts, and categories with their users, whose stored balances a statement recomputes. */
export interface Touched {
  accounts: readonly string[];
  categories: readonly { userId: string; categoryId: string }[];
}

/**
 * Writes the split rows of transactions and adds the live ones to the monthly sums, in one
 * statement that also recomputes the balances of `touched` (`BALANCES`): those read the register
 * blocks, which the statements before it have written, never the splits.
 */
export async function writeSplits(client: PoolClient, entries: readonly { userId: string; tx: TransactionRow; live: boolean }[], touched?: Touched): Promise<void> {
  const splits = entries.flatMap(({ userId, tx, live }) => tx.splits.map((split, idx) => ({ userId, tx, idx, split, live })));
  if (splits.length === 0) {
    if (touched) await refreshTouched(client, touched);
    return;
  }
  const s = <T>(f: (x: (typeof splits)[number]) => T) => splits.map(f);
  const balances = touched ? balanceParams(touched) : [];
  await addToMonths(
    client,
    `INSERT INTO ledger_splits (user_id, transaction_id, idx, category_id, amount_cents, date, live, type, base_cents)
     SELECT * FROM unnest($1::text[], $2::uuid[], $3::int[], $4::text[], $5::bigint[], $6::date[], $7::boolean[], $8::smallint[], $9::bigint[])
     RETURNING *`,
    [
      s((x) => x.userId), s((x) => x.tx.id), s((x) => x.idx), s((x) => x.split.categoryId), s((x) => x.split.amount),
      s((x) => x.tx.date), s((x) => x.live), s((x) => TRANSACTION_TYPE[x.tx.kind]), s((x) => x.split.baseAmount ?? null), ...balances,
    ],
    1,
    true,
    touched ? BALANCES(10) : null,
  );
}

/**
 * Adds (sign 1) or removes (sign −1) split rows selected by `source` to the per-category monthly
 * sums, then drops sums that came back to zero, so the table equals a GROUP BY of the live splits.
 */
export async function addToMonths(client: PoolClient, source: string, params: unknown[], sign: 1 | -1, onlyLive = false, also: string | null = null): Promise<void> {
  const signAt = params.length + 1;
  const { rows } = await client.query<{ category_id: string; month: string; type: number; empty: boolean }>(
    // `source` and `also` (more CTEs of the same statement) are this lib's constant SQL, never input.
    `WITH changed AS (${source}),${also === null ? '' : `${also},`}
     sums AS (
       SELECT user_id, category_id, date_trunc('month', date)::date AS month, type,
              $${signAt}::int * sum(amount_cents) AS amount, $${signAt}::int * sum(COALESCE(base_cents, 0)) AS base
         FROM changed ${onlyLive ? 'WHERE live' : ''} GROUP BY 1, 2, 3, 4)
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

/** Takes a transaction out of every register it is in, and its splits out of the monthly sums. */
export async function unplace(client: PoolClient, transactionId: string): Promise<void> {
  await replaceRows(client, [transactionId], []);
  await addToMonths(client, 'UPDATE ledger_splits SET live = false WHERE transaction_id = $1 AND live RETURNING *', [transactionId], -1);
}

/** A register's total: the sum of its blocks (an index range of a few hundred rows at most). */
const TOTAL = (register: string) => `COALESCE((SELECT sum(k.sum_cents) FROM ledger_register_blocks k WHERE k.register = ${register}), 0)`;

/**
 * CTEs recomputing stored balances from the registers' totals: the accounts $first (uuid[]) and the
 * categories $first+1 (text[]) of the users $first+2 (text[]). Part of a bigger statement, so they
 * must not read what that statement writes.
 */
const BALANCES = (first: number) => `
  balances_a AS (
    UPDATE ledger_accounts a
       SET balance_cents = CASE WHEN a.tracking = 'Balances' THEN a.balance_cents ELSE a.opening_balance_cents + ${TOTAL(`'a:' || a.id`)} - u.cents END,
           uncounted_cents = u.cents,
           pending_balance_cents = ${TOTAL(`'ap:' || a.id`)}
      FROM (SELECT x.id, ledger_uncounted_cents('a:' || x.id, x.start_date) AS cents FROM ledger_accounts x WHERE x.id = ANY($${first}::uuid[])) u
     WHERE a.id = u.id),
  balances_c AS (
    INSERT INTO ledger_category_balances (user_id, category_id, balance_cents)
    SELECT c.user_id, c.id, ${TOTAL(`'c:' || c.id`)} + ${TOTAL(`'cp:' || c.id`)} FROM unnest($${first + 1}::text[], $${first + 2}::text[]) AS c(id, user_id)
    ON CONFLICT (category_id) DO UPDATE SET balance_cents = EXCLUDED.balance_cents)`;

function balanceParams({ accounts, categories }: Touched): [string[], string[], string[]] {
  const seen = new Map(categories.map((c) => [c.categoryId, c.userId]));
  return [[...new Set(accounts)], [...seen.keys()], [...seen.values()]];
}

const REFRESH_SQL = `WITH ${BALANCES(1)} SELECT 1`;

async function refreshTouched(client: PoolClient, touched: Touched): Promise<void> {
  const [accounts, categories, users] = balanceParams(touched);
  if (accounts.length === 0 && categories.length === 0) return;
  await client.query(REFRESH_SQL, [accounts, categories, users]);
}

/** Recomputes stored balances from the registers' totals, accounts and categories in one statement. */
export async function refreshBalances(client: PoolClient, userId: string, accountIds: Iterable<string>, categoryIds: Iterable<string>): Promise<void> {
  await refreshTouched(client, { accounts: [...accountIds], categories: [...categoryIds].map((categoryId) => ({ userId, categoryId })) });
}

export const categoriesOf = (...txs: (TransactionRow | null)[]) => txs.flatMap((t) => t?.splits.map((s) => s.categoryId) ?? []);
