import type { Cents } from '@budget/money';
import type { Pool } from '@budget/platform';
import { containsPattern } from '../register-page.sql.js';
import { TRANSACTION_JOINS, TRANSACTION_SELECT, toTransactionJson, type TransactionRowDb } from '../transaction-view.js';

export interface TransactionSearch {
  /** Trimmed, non-blank; or null for no name filter. */
  name: string | null;
  amount: Cents | null;
  offset: number;
  limit: number;
}

/**
 * The statement of a search: the caller's live rows, newest first (date descending, then the
 * latest recorded), filtered by the conditions the search has. Only constant fragments are
 * joined; every value is a parameter ($1 user, $2 offset, $3 limit, then the filters').
 * A filter left out is left out of the statement, not written `$n IS NULL OR …`, so the planner
 * sees the condition it has to serve: a name goes by `ledger_transactions_name_trgm`
 * (ledger-013) when it is rare, by `ledger_transactions_user_date` walking newest first when it
 * is common; an amount by `ledger_transactions_user_amount`.
 */
export function searchStatement(search: TransactionSearch, userId: string): { text: string; values: unknown[] } {
  const values: unknown[] = [userId, search.offset, search.limit];
  const conditions = ['t.user_id = $1', 'NOT t.deleted'];
  if (search.name !== null) {
    values.push(containsPattern(search.name));
    conditions.push(`t.name ILIKE $${values.length}`);
  }
  if (search.amount !== null) {
    values.push(search.amount.toString());
    conditions.push(`t.amount_cents = $${values.length}::bigint`);
  }
  const text = `
    SELECT ${TRANSACTION_SELECT} FROM (
      SELECT t.* FROM ledger_transactions t WHERE ${conditions.join(' AND ')}
       ORDER BY t.date DESC, t.seq DESC OFFSET $2 LIMIT $3) t ${TRANSACTION_JOINS}
     ORDER BY t.date DESC, t.seq DESC`;
  return { text, values };
}

/** GET /transactions/search (server-behaviour §4.3): a page of full transactions. */
export async function searchTransactions(pool: Pool, userId: string, search: TransactionSearch) {
  const { rows } = await pool.query<TransactionRowDb>(searchStatement(search, userId));
  return rows.map((row) => toTransactionJson(row));
}
