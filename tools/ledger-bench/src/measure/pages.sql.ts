import { REGISTER_PAGE_SQL, REGISTER_SIZE_SQL } from '@budget/ledger';
import { TABLES } from '../bulk/tables.js';

/** The columns and joins of a register row as the API reads it (libs/ledger/src/queries/transaction-view.ts). */
const COLUMNS = `
  t.id, to_char(t.date, 'YYYY-MM-DD') AS date, t.kind, t.type, t.comment, t.splits, t.duplicate_of, t.version, t.account_id,
  t.name, t.amount_cents, t.principle_cents, t.pending, t.statement_id, a.name AS account_name, i.name AS institution_name`;
const JOINS = `
  LEFT JOIN ${TABLES.accounts} a ON a.id = t.account_id
  LEFT JOIN ${TABLES.institutions} i ON i.id = a.institution_id`;

/** The stored register's page and size: the API's own statements (libs/ledger, register-page.sql.ts). */
export const REGISTER_PAGE = REGISTER_PAGE_SQL;
export const REGISTER_SIZE = REGISTER_SIZE_SQL;

/**
 * For contrast, an account page the naive way: sort the account's posted transactions (not its
 * starting balance, which the register leaves out too), skip $2, take $3. $1 account id.
 */
export const NAIVE_ACCOUNT_PAGE = `
  SELECT ${COLUMNS} FROM ${TABLES.transactions} t ${JOINS}
   WHERE t.account_id = $1 AND NOT t.deleted AND NOT t.pending AND t.kind <> 'starting-balance'
   ORDER BY t.date DESC, t.seq DESC OFFSET $2 LIMIT $3`;

/** For contrast, a category page the naive way: the category's live splits by date, skip $2, take $3. $1 category id. */
export const NAIVE_CATEGORY_PAGE = `
  SELECT ${COLUMNS} FROM ${TABLES.splits} s
    JOIN ${TABLES.transactions} t ON t.id = s.transaction_id ${JOINS}
   WHERE s.category_id = $1 AND s.live AND NOT t.pending
   ORDER BY s.date DESC, t.seq DESC OFFSET $2 LIMIT $3`;
