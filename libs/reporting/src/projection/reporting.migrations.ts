import type { Migration } from '@budget/platform';

/**
 * The reporting read models (docs/architecture.md §4 "Reports"). Written only by the reporting
 * projection; every table has `user_id`, and every report filters on it first.
 *
 * - `reporting_accounts`: which institution an account is under (an institution's deletion removes
 *   its accounts' rows). Tracking, start date, closed and type are the ledger's and are applied
 *   when a report is read, so changing them rewrites nothing here.
 * - `reporting_facts`: what each transaction contributes, as of its last event: a change or a
 *   delete subtracts exactly what the row added before.
 * - `reporting_split_facts`: a live transaction's sum per category (categories whose splits are all
 *   zero left out, as the category register leaves them out), with the transaction's date, type,
 *   account and pending flag: the edge days of a range and the month of budget progress.
 * - Aggregates (a row is kept while `row_count` > 0): per account and day the posted, non-deleted
 *   moves (net worth; income and expenses), per account, month, payee and channel (payee), per
 *   category, account, month and type (category report, funding history).
 * - Budget progress (docs/architecture.md §4.7; facts.ts, `contributions`), rebalances and starting
 *   balances left out: `reporting_progress_days` per user, day, category and account (the zero uuid
 *   for rows without one) the fundings' sum, the other lines' sum and the line count;
 *   `reporting_progress_sets` per user, day, account and set of categories (sorted ids, joined by
 *   commas) how many non-funding rows have exactly those categories, so that a day's transactions in
 *   the everyday categories are counted once each without reading them. Both are keyed by category
 *   and account: which categories are everyday, tracking and start date are read with the report.
 */

/**
 * Both budget-progress tables summed from the category lines (a line is a live row's sum in one
 * category, so a row's lines give its set). Run by the migration that makes the tables; a
 * benchmark that writes lines straight into `reporting_split_facts` runs it too.
 */
export const PROGRESS_BACKFILL_SQL = `
  INSERT INTO reporting_progress_days (user_id, date, category_id, account_id, funded_cents, other_cents, row_count)
  SELECT user_id, date, category_id, coalesce(account_id, '00000000-0000-0000-0000-000000000000'::uuid),
         coalesce(sum(amount_cents) FILTER (WHERE type = 2), 0), coalesce(sum(amount_cents) FILTER (WHERE type <> 2), 0), count(*)
    FROM reporting_split_facts WHERE type NOT IN (3, 4)
   GROUP BY user_id, date, category_id, coalesce(account_id, '00000000-0000-0000-0000-000000000000'::uuid);
  INSERT INTO reporting_progress_sets (user_id, date, account_id, categories, row_count)
  SELECT user_id, date, account_id, categories, count(*)
    FROM (SELECT user_id, date, coalesce(account_id, '00000000-0000-0000-0000-000000000000'::uuid) AS account_id,
                 string_agg(category_id, ',' ORDER BY category_id COLLATE "C") AS categories
            FROM reporting_split_facts WHERE type NOT IN (2, 3, 4)
           GROUP BY transaction_id, user_id, date, coalesce(account_id, '00000000-0000-0000-0000-000000000000'::uuid)) AS per_row
   GROUP BY user_id, date, account_id, categories;`;
export const reportingMigrations: Migration[] = [
  {
    id: 'reporting-001-tables',
    sql: `
      CREATE TABLE reporting_accounts (
        user_id text NOT NULL, account_id uuid PRIMARY KEY, institution_id uuid NOT NULL);
      CREATE INDEX reporting_accounts_institution ON reporting_accounts (institution_id);

      CREATE TABLE reporting_facts (
        user_id text NOT NULL, transaction_id uuid PRIMARY KEY, seq bigint NOT NULL, account_id uuid,
        date date NOT NULL, type smallint NOT NULL, amount_cents bigint NOT NULL, principle_cents bigint,
        transfer_cents bigint NOT NULL, pending boolean NOT NULL, deleted boolean NOT NULL,
        payee text NOT NULL, channel text NOT NULL, splits jsonb NOT NULL);
      CREATE INDEX reporting_facts_user_date ON reporting_facts (user_id, date)
        INCLUDE (account_id, type, amount_cents, pending, deleted, channel);
      CREATE INDEX reporting_facts_account ON reporting_facts (account_id) WHERE account_id IS NOT NULL;

      CREATE TABLE reporting_split_facts (
        user_id text NOT NULL, transaction_id uuid NOT NULL, category_id text NOT NULL, account_id uuid,
        date date NOT NULL, type smallint NOT NULL, pending boolean NOT NULL, amount_cents bigint NOT NULL,
        PRIMARY KEY (transaction_id, category_id));
      CREATE INDEX reporting_split_facts_user_date ON reporting_split_facts (user_id, date)
        INCLUDE (category_id, account_id, type, amount_cents);
      CREATE INDEX reporting_split_facts_account ON reporting_split_facts (account_id) WHERE account_id IS NOT NULL;

      CREATE TABLE reporting_account_days (
        user_id text NOT NULL, account_id uuid NOT NULL, day date NOT NULL,
        amount_cents bigint NOT NULL, move_cents bigint NOT NULL, income_cents bigint NOT NULL,
        expense_cents bigint NOT NULL, row_count integer NOT NULL, PRIMARY KEY (account_id, day));
      CREATE INDEX reporting_account_days_user ON reporting_account_days (user_id, day)
        INCLUDE (account_id, amount_cents, move_cents, income_cents, expense_cents);

      CREATE TABLE reporting_payee_months (
        user_id text NOT NULL, account_id uuid NOT NULL, month date NOT NULL, payee text NOT NULL, channel text NOT NULL,
        sum_cents bigint NOT NULL, row_count integer NOT NULL, PRIMARY KEY (account_id, month, payee, channel));
      CREATE INDEX reporting_payee_months_user ON reporting_payee_months (user_id, month);

      CREATE TABLE reporting_category_months (
        user_id text NOT NULL, category_id text NOT NULL, account_id uuid NOT NULL, month date NOT NULL,
        type smallint NOT NULL, sum_cents bigint NOT NULL, row_count integer NOT NULL,
        PRIMARY KEY (category_id, account_id, month, type));
      CREATE INDEX reporting_category_months_user ON reporting_category_months (user_id, month, type)
        INCLUDE (category_id, account_id, sum_cents, row_count);
    `,
  },
  {
    // Fewer index entries per row an import writes (measured: the facts and lines inserts were two
    // thirds of a 5,000-row run): an account is forgotten through the user's date index instead of
    // an index of its own (a rare write), and the facts' date index carries no columns (the payee
    // edge days read the row anyway).
    id: 'reporting-002-leaner-indexes',
    sql: `
      DROP INDEX reporting_facts_account;
      DROP INDEX reporting_split_facts_account;
      DROP INDEX reporting_facts_user_date;
      CREATE INDEX reporting_facts_user_date ON reporting_facts (user_id, date);
    `,
  },
  {
    // The payee report leaves transfers between the user's own accounts out (README "Transfer
    // pairs"): a payee month sums each row less its Account Transfer part, without the rows wholly
    // in Account Transfer (facts.ts, `contributions`). The months are summed again from the facts,
    // as the projection now writes them.
    id: 'reporting-003-payee-without-transfers',
    sql: `
      DELETE FROM reporting_payee_months;
      INSERT INTO reporting_payee_months (user_id, account_id, month, payee, channel, sum_cents, row_count)
      SELECT user_id, account_id, date_trunc('month', date)::date, payee, channel, sum(amount_cents - transfer_cents), count(*)
        FROM reporting_facts
       WHERE account_id IS NOT NULL AND NOT pending AND NOT deleted AND type IN (0, 5)
         AND NOT (transfer_cents <> 0 AND transfer_cents = amount_cents)
       GROUP BY user_id, account_id, date_trunc('month', date)::date, payee, channel;
    `,
  },
  {
    // Budget progress reads a month of lines (tens of thousands on a busy budget) with their
    // transaction ids: the lines' date index carries every column it reads, the id too, so the
    // month is one index-only range scan (docs/architecture.md §4.7). It replaces the index it
    // extends (same key, one more included column): no more index entries per written line.
    id: 'reporting-004-progress-covering-index',
    sql: `
      CREATE INDEX reporting_split_facts_progress ON reporting_split_facts (user_id, date)
        INCLUDE (category_id, account_id, type, amount_cents, transaction_id);
      DROP INDEX reporting_split_facts_user_date;
    `,
  },
  {
    // Budget progress's days from per-day sums instead of the month's lines (docs/architecture.md
    // §4.7), backfilled from the lines the projection keeps.
    id: 'reporting-005-progress-days',
    sql: `
      CREATE TABLE reporting_progress_days (
        user_id text NOT NULL, date date NOT NULL, category_id text NOT NULL, account_id uuid NOT NULL,
        funded_cents bigint NOT NULL, other_cents bigint NOT NULL, row_count integer NOT NULL,
        PRIMARY KEY (user_id, date, category_id, account_id) INCLUDE (funded_cents, other_cents));
      CREATE TABLE reporting_progress_sets (
        user_id text NOT NULL, date date NOT NULL, account_id uuid NOT NULL, categories text NOT NULL, row_count integer NOT NULL,
        PRIMARY KEY (user_id, date, account_id, categories) INCLUDE (row_count));
      ${PROGRESS_BACKFILL_SQL}
    `,
  },
];

export const reportingTables = [
  'reporting_accounts', 'reporting_facts', 'reporting_split_facts', 'reporting_account_days', 'reporting_payee_months', 'reporting_category_months',
  'reporting_progress_days', 'reporting_progress_sets',
];
