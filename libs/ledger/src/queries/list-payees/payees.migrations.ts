import type { Migration } from '@budget/platform';

/**
 * The payees read model (docs/architecture.md §4.4), written by the ledger projection only:
 * - `ledger_payee_transactions`: each typed or bank transaction's payee key (its name lower-cased),
 *   its one category (null when none, Unassigned or several) and whether it is live — what a later
 *   change or delete of the row needs, since its events carry only what changed;
 * - `ledger_payees`: per user and payee key, the name as last written, how many live transactions
 *   carry it, the global position of its last use, the category last given to it and how many
 *   times in a row it was given by hand.
 */
export const payeesMigrations: Migration[] = [
  {
    id: 'ledger-payees-001-tables',
    sql: `
      CREATE TABLE IF NOT EXISTS ledger_payee_transactions (
        transaction_id uuid    PRIMARY KEY,
        user_id        text    NOT NULL,
        name_key       text,
        category_id    text,
        live           boolean NOT NULL);
      CREATE INDEX IF NOT EXISTS ledger_payee_transactions_user ON ledger_payee_transactions (user_id);

      CREATE TABLE IF NOT EXISTS ledger_payees (
        user_id             text    NOT NULL,
        name_key            text    NOT NULL,
        name                text    NOT NULL,
        uses                integer NOT NULL,
        last_position       bigint  NOT NULL,
        last_category_id    text,
        last_category_times integer NOT NULL,
        PRIMARY KEY (user_id, name_key));
    `,
  },
];

export const payeesTables = ['ledger_payee_transactions', 'ledger_payees'];
