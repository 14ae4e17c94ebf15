import type { LedgerStatementView } from '@budget/contracts';
import { centsFromDb, dollarsFromCents } from '@budget/money';
import { NotFound, type Pool, type Queryable } from '@budget/platform';

interface StatementDb {
  id: string;
  account_id: string;
  start_date: string;
  end_date: string;
  starting_balance_cents: string;
  ending_balance_cents: string;
  credits: string;
  debits: string;
  reconciled_at: string | null;
}

const toJson = (s: StatementDb): LedgerStatementView => ({
  id: s.id,
  accountId: s.account_id,
  startDate: s.start_date,
  endDate: s.end_date,
  startingBalance: dollarsFromCents(centsFromDb(s.starting_balance_cents)),
  endingBalance: dollarsFromCents(centsFromDb(s.ending_balance_cents)),
  credits: dollarsFromCents(centsFromDb(s.credits)),
  debits: dollarsFromCents(centsFromDb(s.debits)),
  finished: s.reconciled_at !== null,
  reconciledAt: s.reconciled_at,
});

/** Credits = Σ positive, debits = Σ negative amounts of live rows linked to the statement (rule 19). */
const STATEMENT_SELECT = `
  SELECT s.id, s.account_id, to_char(s.start_date, 'YYYY-MM-DD') AS start_date, to_char(s.end_date, 'YYYY-MM-DD') AS end_date,
         s.starting_balance_cents, s.ending_balance_cents,
         to_char(s.finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS reconciled_at,
         COALESCE(sum(t.amount_cents) FILTER (WHERE t.amount_cents > 0), 0) AS credits,
         COALESCE(sum(t.amount_cents) FILTER (WHERE t.amount_cents < 0), 0) AS debits
    FROM ledger_statements s LEFT JOIN ledger_transactions t ON t.statement_id = s.id AND NOT t.deleted`;

/**
 * GET /account/{id}/statements: a page, newest end date first (then newest start, then id, so that
 * pages never overlap or skip); another user's account is not found.
 */
export async function listStatements(pool: Pool, userId: string, accountId: string, offset: number, limit: number): Promise<LedgerStatementView[]> {
  const owned = await pool.query('SELECT 1 FROM ledger_accounts WHERE id = $2 AND user_id = $1', [userId, accountId]);
  if (owned.rowCount === 0) throw new NotFound('Account not found');
  const { rows } = await pool.query<StatementDb>(
    `${STATEMENT_SELECT} WHERE s.account_id = $1 GROUP BY s.id ORDER BY s.end_date DESC, s.start_date DESC, s.id OFFSET $2 LIMIT $3`,
    [accountId, offset, limit],
  );
  return rows.map(toJson);
}

/** One statement of the caller's with its credits and debits. */
export async function findStatement(pool: Queryable, userId: string, statementId: string): Promise<LedgerStatementView> {
  const { rows } = await pool.query<StatementDb>(`${STATEMENT_SELECT} WHERE s.id = $2 AND s.user_id = $1 GROUP BY s.id`, [userId, statementId]);
  if (!rows[0]) throw new NotFound('Statement not found');
  return toJson(rows[0]);
}

/** The ids of the live rows a statement holds. */
export async function statementTransactionIds(pool: Queryable, statementId: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>('SELECT id FROM ledger_transactions WHERE statement_id = $1 AND NOT deleted', [statementId]);
  return rows.map((r) => r.id);
}
