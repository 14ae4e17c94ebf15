import { TRANSACTION_JOINS, TRANSACTION_SELECT } from '../../../queries/transaction-view.js';

/** The live rebalances and category transfers (type 3) of $1, newest first, $3 rows from $2. */
export const REBALANCES_PAGE_SQL = `SELECT ${TRANSACTION_SELECT} FROM ledger_transactions t ${TRANSACTION_JOINS}
          WHERE t.user_id = $1 AND t.type = 3 AND NOT t.deleted
          ORDER BY t.date DESC, t.seq DESC OFFSET $2 LIMIT $3`;

export const REBALANCES_COUNT_SQL = 'SELECT count(*)::int AS n FROM ledger_transactions WHERE user_id = $1 AND type = 3 AND NOT deleted';
