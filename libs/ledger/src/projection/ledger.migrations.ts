import type { Migration } from '@budget/platform';

/**
 * The ledger's read models. Written only by the ledger projection; every table has `user_id`.
 * Registers are a two-level sum (ledger-004): rows with their own delta, grouped in blocks that
 * keep a row count and a sum, so neither a write nor a page at any offset touches more than the
 * register's block rows and a block or two of its rows.
 */
export const ledgerMigrations: Migration[] = [
  {
    id: 'ledger-001-tables',
    sql: `
      CREATE TABLE ledger_institutions (
        user_id text NOT NULL, id uuid PRIMARY KEY, name text NOT NULL, plaid_institution_id text,
        sync_date timestamptz, created_seq bigint NOT NULL);
      CREATE INDEX ledger_institutions_user ON ledger_institutions (user_id);

      CREATE TABLE ledger_accounts (
        user_id text NOT NULL, id uuid PRIMARY KEY, institution_id uuid NOT NULL, name text NOT NULL,
        type text NOT NULL, subtype text NOT NULL, tracking text NOT NULL, start_date date NOT NULL,
        closed boolean NOT NULL DEFAULT false, rate integer,
        opening_balance_cents bigint NOT NULL DEFAULT 0, balance_cents bigint NOT NULL DEFAULT 0,
        pending_balance_cents bigint NOT NULL DEFAULT 0, starting_transaction_id uuid, created_seq bigint NOT NULL);
      CREATE INDEX ledger_accounts_user ON ledger_accounts (user_id);
      CREATE INDEX ledger_accounts_institution ON ledger_accounts (institution_id);

      CREATE TABLE ledger_transactions (
        user_id text NOT NULL, id uuid PRIMARY KEY, kind text NOT NULL, type smallint NOT NULL,
        date date NOT NULL, comment text, version integer NOT NULL, deleted boolean NOT NULL DEFAULT false,
        duplicate_of uuid, account_id uuid, name text, amount_cents bigint, principle_cents bigint,
        pending boolean NOT NULL DEFAULT false, provider text, provider_transaction_id text,
        statement_id uuid, splits jsonb NOT NULL, seq bigint NOT NULL, recorded_at timestamptz NOT NULL);
      CREATE INDEX ledger_transactions_account ON ledger_transactions (account_id) WHERE account_id IS NOT NULL;
      CREATE INDEX ledger_transactions_provider ON ledger_transactions (account_id, provider_transaction_id) WHERE provider_transaction_id IS NOT NULL;
      CREATE INDEX ledger_transactions_statement ON ledger_transactions (statement_id) WHERE statement_id IS NOT NULL;
      CREATE INDEX ledger_transactions_user_type_date ON ledger_transactions (user_id, type, date DESC, seq DESC) WHERE NOT deleted;

      CREATE TABLE ledger_splits (
        user_id text NOT NULL, transaction_id uuid NOT NULL, idx integer NOT NULL, category_id text NOT NULL,
        amount_cents bigint NOT NULL, date date NOT NULL, live boolean NOT NULL,
        PRIMARY KEY (transaction_id, idx));
      CREATE INDEX ledger_splits_category_date ON ledger_splits (category_id, date) WHERE live;

      CREATE TABLE ledger_category_balances (
        user_id text NOT NULL, category_id text PRIMARY KEY, balance_cents bigint NOT NULL DEFAULT 0);
      CREATE INDEX ledger_category_balances_user ON ledger_category_balances (user_id);

      CREATE TABLE ledger_register_rows (
        user_id text NOT NULL, register text NOT NULL, transaction_id uuid NOT NULL,
        sort_date date NOT NULL, kind_order smallint NOT NULL, seq bigint NOT NULL,
        delta_cents bigint NOT NULL, running_cents bigint NOT NULL, rank integer NOT NULL,
        PRIMARY KEY (register, transaction_id));
      CREATE UNIQUE INDEX ledger_register_rows_rank ON ledger_register_rows (register, rank);
      CREATE INDEX ledger_register_rows_order ON ledger_register_rows (register, sort_date, kind_order, seq);
      CREATE INDEX ledger_register_rows_user ON ledger_register_rows (user_id);
      CREATE INDEX ledger_register_rows_transaction ON ledger_register_rows (transaction_id);

      CREATE TABLE ledger_statements (
        user_id text NOT NULL, id uuid PRIMARY KEY, account_id uuid NOT NULL, start_date date NOT NULL,
        end_date date NOT NULL, starting_balance_cents bigint NOT NULL, ending_balance_cents bigint NOT NULL);
      CREATE INDEX ledger_statements_account ON ledger_statements (account_id);

      CREATE TABLE ledger_balance_history (
        user_id text NOT NULL, id uuid PRIMARY KEY, account_id uuid NOT NULL, date date NOT NULL, balance_cents bigint NOT NULL);
      CREATE INDEX ledger_balance_history_account ON ledger_balance_history (account_id, date DESC);

      CREATE TABLE ledger_transaction_logs (
        user_id text NOT NULL, id uuid PRIMARY KEY, seq bigint NOT NULL, created_at timestamptz NOT NULL,
        transaction_id uuid NOT NULL, actor text NOT NULL, message text NOT NULL, changes jsonb NOT NULL);
      CREATE INDEX ledger_transaction_logs_user ON ledger_transaction_logs (user_id, seq DESC);

      CREATE TABLE ledger_import_results (
        user_id text NOT NULL, id uuid PRIMARY KEY, account_id uuid NOT NULL, format text NOT NULL,
        added integer NOT NULL, updated integer NOT NULL, unchanged integer NOT NULL,
        file_ledger_balance_cents bigint, balance_after_cents bigint NOT NULL, seq bigint NOT NULL);
    `,
  },
  {
    // The funding dialog sums a category's splits by month and kind: with the transaction type and
    // base amount on the split row and in the index, those sums are index-only scans.
    id: 'ledger-002-split-facts',
    sql: `
      ALTER TABLE ledger_splits ADD COLUMN type smallint NOT NULL DEFAULT 0, ADD COLUMN base_cents bigint;
      UPDATE ledger_splits s SET type = t.type, base_cents = (t.splits -> s.idx ->> 'baseAmount')::bigint
        FROM ledger_transactions t WHERE t.id = s.transaction_id;
      DROP INDEX ledger_splits_category_date;
      CREATE INDEX ledger_splits_category_date ON ledger_splits (category_id, date) INCLUDE (amount_cents, type, base_cents) WHERE live;
    `,
  },
  {
    // Per category, month and transaction type: the live splits' sum (and funded base amounts).
    // Month-start balances and last month's flows then read a few rows per category, however
    // long the history is. Rows whose sums are both zero are not kept.
    id: 'ledger-003-category-months',
    sql: `
      CREATE TABLE ledger_category_months (
        user_id text NOT NULL, category_id text NOT NULL, month date NOT NULL, type smallint NOT NULL,
        amount_cents bigint NOT NULL, base_cents bigint NOT NULL, PRIMARY KEY (category_id, month, type));
      CREATE INDEX ledger_category_months_user ON ledger_category_months (user_id);
      INSERT INTO ledger_category_months (user_id, category_id, month, type, amount_cents, base_cents)
      SELECT user_id, category_id, date_trunc('month', date)::date, type, sum(amount_cents), sum(COALESCE(base_cents, 0))
        FROM ledger_splits WHERE live GROUP BY 1, 2, 3, 4
      HAVING sum(amount_cents) <> 0 OR sum(COALESCE(base_cents, 0)) <> 0;
    `,
  },
  {
    // Registers without a stored rank or running sum (no event rewrites every later row): rows keep
    // their order key and own delta; blocks of consecutive rows keep their row count and delta sum.
    // A row whose seq hashes to 0 mod 256 starts a block (about 256 rows a block), and the rows
    // before a register's first such row form its bottom block, keyed ('-infinity', -1, -1). The
    // blocks are thus a function of the rows: rebuild = live, and a bulk load can write them with
    // one GROUP BY. See libs/ledger/README.md, "Registers".
    id: 'ledger-004-register-blocks',
    sql: `
      CREATE FUNCTION ledger_block_start(seq bigint) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS 'SELECT (hashint8(seq) & 255) = 0';
      DROP INDEX ledger_register_rows_rank;
      DROP INDEX ledger_register_rows_order;
      ALTER TABLE ledger_register_rows DROP COLUMN rank, DROP COLUMN running_cents,
        ADD COLUMN block_start boolean GENERATED ALWAYS AS (ledger_block_start(seq)) STORED;
      CREATE INDEX ledger_register_rows_order ON ledger_register_rows (register, sort_date, kind_order, seq)
        INCLUDE (delta_cents, block_start, transaction_id);
      CREATE TABLE ledger_register_blocks (
        user_id text NOT NULL, register text NOT NULL, start_date date NOT NULL, start_kind smallint NOT NULL,
        start_seq bigint NOT NULL, row_count integer NOT NULL, sum_cents bigint NOT NULL,
        PRIMARY KEY (register, start_date, start_kind, start_seq));
      CREATE INDEX ledger_register_blocks_user ON ledger_register_blocks (user_id);
      INSERT INTO ledger_register_blocks (user_id, register, start_date, start_kind, start_seq, row_count, sum_cents)
      SELECT min(user_id), register, COALESCE(min(sort_date) FILTER (WHERE block_start), '-infinity'),
             COALESCE(min(kind_order) FILTER (WHERE block_start), -1), COALESCE(min(seq) FILTER (WHERE block_start), -1),
             count(*), sum(delta_cents)
        FROM (SELECT r.*, count(*) FILTER (WHERE block_start) OVER (PARTITION BY register ORDER BY sort_date, kind_order, seq) AS block
                FROM ledger_register_rows r) numbered
       GROUP BY register, block;
      -- Sum of the deltas of a register's rows before a key: the blocks before the one holding the
      -- key, plus that block's rows before it (at most a block of rows, whatever the depth).
      CREATE FUNCTION ledger_running_before(p_register text, p_date date, p_kind smallint, p_seq bigint) RETURNS bigint
        LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
        SELECT COALESCE((SELECT sum(b.sum_cents) FROM ledger_register_blocks b
                          WHERE b.register = p_register AND (b.start_date, b.start_kind, b.start_seq) < (h.start_date, h.start_kind, h.start_seq)), 0)
             + COALESCE((SELECT sum(r.delta_cents) FROM ledger_register_rows r
                          WHERE r.register = p_register AND (r.sort_date, r.kind_order, r.seq) >= (h.start_date, h.start_kind, h.start_seq)
                            AND (r.sort_date, r.kind_order, r.seq) < (p_date, p_kind, p_seq)), 0)
          FROM (SELECT start_date, start_kind, start_seq FROM ledger_register_blocks
                 WHERE register = p_register AND (start_date, start_kind, start_seq) <= (p_date, p_kind, p_seq)
                 ORDER BY start_date DESC, start_kind DESC, start_seq DESC LIMIT 1) h
        UNION ALL SELECT 0 LIMIT 1
      $fn$;
    `,
  },
  {
    // An account register row carries what its transaction moves even when it is dated before the
    // account's start date (it used to carry 0): the register counts from the start date when it is
    // read, by leaving out the rows dated before it, so a start-date move rewrites none of its rows.
    // ledger_uncounted_cents is what those rows sum to (at most a block of rows read, at any depth).
    id: 'ledger-005-account-rows-count-from-start',
    sql: `
      UPDATE ledger_register_rows r
         SET delta_cents = CASE WHEN a.type = 'loan' THEN COALESCE(t.principle_cents, t.amount_cents, 0) ELSE COALESCE(t.amount_cents, 0) END
        FROM ledger_transactions t JOIN ledger_accounts a ON a.id = t.account_id
       WHERE r.register = 'a:' || a.id AND r.transaction_id = t.id AND t.date < a.start_date;
      DELETE FROM ledger_register_blocks WHERE register LIKE 'a:%';
      INSERT INTO ledger_register_blocks (user_id, register, start_date, start_kind, start_seq, row_count, sum_cents)
      SELECT min(user_id), register, COALESCE(min(sort_date) FILTER (WHERE block_start), '-infinity'),
             COALESCE(min(kind_order) FILTER (WHERE block_start), -1), COALESCE(min(seq) FILTER (WHERE block_start), -1),
             count(*), sum(delta_cents)
        FROM (SELECT r.*, count(*) FILTER (WHERE block_start) OVER (PARTITION BY register ORDER BY sort_date, kind_order, seq) AS block
                FROM ledger_register_rows r WHERE register LIKE 'a:%') numbered
       GROUP BY register, block;
      -- PL/pgSQL, not SQL: a SQL function would be inlined into every statement that calls it
      -- (the balance refresh of every write), whose plan would then carry its whole query.
      CREATE FUNCTION ledger_uncounted_cents(p_register text, p_from date) RETURNS bigint
        LANGUAGE plpgsql STABLE PARALLEL SAFE AS $fn$
        BEGIN
          -- Most accounts hold nothing before their start date: one index probe answers them.
          IF p_from IS NULL OR NOT EXISTS (SELECT 1 FROM ledger_register_rows WHERE register = p_register AND sort_date < p_from) THEN
            RETURN 0;
          END IF;
          RETURN ledger_running_before(p_register, p_from, (-32768)::smallint, (-9223372036854775808)::bigint);
        END
      $fn$;
    `,
  },
  {
    // One index fewer for every row written: the key (transaction_id, register) also serves the
    // lookups by transaction that the separate transaction_id index served.
    id: 'ledger-006-register-rows-key',
    sql: `
      ALTER TABLE ledger_register_rows DROP CONSTRAINT ledger_register_rows_pkey;
      DROP INDEX ledger_register_rows_transaction;
      ALTER TABLE ledger_register_rows ADD PRIMARY KEY (transaction_id, register);
    `,
  },
  {
    // What an account's register rows dated before its start date sum to, kept with the balance
    // that leaves it out (refreshBalances): a register page reads it instead of working it out.
    id: 'ledger-007-account-uncounted',
    sql: `
      ALTER TABLE ledger_accounts ADD COLUMN uncounted_cents bigint NOT NULL DEFAULT 0;
      UPDATE ledger_accounts SET uncounted_cents = ledger_uncounted_cents('a:' || id, start_date);
    `,
  },
  {
    // Every write looks registers up by key (a balance is the sum of its register's blocks; an
    // account's uncounted sum asks whether rows lie before its start date) on generic plans, which
    // estimate `register = $1` as 1/(distinct registers) of the table. A database with one large
    // budget holds a handful of registers, so that estimate was a third of the table and the
    // planner scanned all of it: a funding's balances read every block of the budget (0.3 ms at
    // 100,000 transactions and growing), a transaction's uncounted check every register row (38
    // ms). A register is a small part of these tables whatever the budgets look like — each
    // category and account of every user is one — so their estimates say so, and the lookups use
    // the registers' keys: a write costs the same at any budget size (`npm run bench:writes --
    // --transactions 100000`). ANALYZE applies the estimates now; autovacuum keeps them after.
    id: 'ledger-008-register-estimates',
    sql: `
      ALTER TABLE ledger_register_rows ALTER COLUMN register SET (n_distinct = -0.01);
      ALTER TABLE ledger_register_blocks ALTER COLUMN register SET (n_distinct = -0.05);
      ANALYZE ledger_register_rows;
      ANALYZE ledger_register_blocks;
    `,
  },
  {
    // Linked accounts (libs/bank-sync): Plaid's account id, by which a sync finds the account, and
    // Plaid's own balance, shown beside ours.
    id: 'ledger-009-online-accounts',
    sql: `
      ALTER TABLE ledger_accounts ADD COLUMN plaid_account_id text, ADD COLUMN plaid_balance_cents bigint;
      CREATE INDEX ledger_accounts_plaid ON ledger_accounts (user_id, plaid_account_id) WHERE plaid_account_id IS NOT NULL;
    `,
  },
  {
    // A bank row's key (FITID, CSV fingerprint, Plaid transaction id) is in an account at most once:
    // the second guard behind the derived stream ids (an imported row's first append expects no
    // stream), so even a write that bypassed them could not show one bank row twice. A database
    // whose log already holds a row twice (two imports at once before the derived ids) keeps the
    // plain index, with a warning: a unique one would refuse the migration and every rebuild.
    id: 'ledger-010-provider-id-unique',
    sql: `
      DO $$
      BEGIN
        IF EXISTS (SELECT 1 FROM ledger_transactions WHERE provider_transaction_id IS NOT NULL
                    GROUP BY account_id, provider_transaction_id HAVING count(*) > 1) THEN
          RAISE WARNING 'ledger_transactions holds a bank row twice: ledger_transactions_provider stays non-unique';
        ELSE
          DROP INDEX ledger_transactions_provider;
          CREATE UNIQUE INDEX ledger_transactions_provider ON ledger_transactions (account_id, provider_transaction_id)
            WHERE provider_transaction_id IS NOT NULL;
        END IF;
      END $$;
    `,
  },
  {
    // Flagged duplicates (a bank row that looks like a manual, OFX or CSV row): a delete clears the
    // flags pointing at the deleted row, and a sync's candidate lookup skips rows already matched.
    id: 'ledger-011-duplicate-of',
    sql: `CREATE INDEX ledger_transactions_duplicate_of ON ledger_transactions (duplicate_of) WHERE duplicate_of IS NOT NULL;`,
  },
  {
    // A sync's duplicate lookup (BankRowLookups.duplicateCandidates) probes the rows a bank row could
    // duplicate by account, amount and date: without this index it read every live row of the user
    // once per chunk, so a first sync cost more the bigger the budget. Bank rows are not in it.
    id: 'ledger-012-duplicate-candidates',
    sql: `CREATE INDEX ledger_transactions_duplicate_candidates ON ledger_transactions (account_id, amount_cents, date)
            WHERE NOT deleted AND duplicate_of IS NULL AND kind IN ('manual', 'regular') AND provider IN ('NONE', 'OFX', 'CSV');`,
  },
  {
    // Search (GET /transactions/search, product-spec §2 Search): a rare name is found through the
    // trigram index (ILIKE '%…%' cannot use a b-tree), a common one by walking the user's live rows
    // newest first until the page is full; an exact amount by (user, amount). Without them a search
    // read every live row of the user (a 1M-row budget: a sequential scan and a sort per page).
    id: 'ledger-013-search',
    sql: `
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX ledger_transactions_name_trgm ON ledger_transactions USING gin (name gin_trgm_ops) WHERE NOT deleted;
      CREATE INDEX ledger_transactions_user_date ON ledger_transactions (user_id, date DESC, seq DESC) WHERE NOT deleted;
      CREATE INDEX ledger_transactions_user_amount ON ledger_transactions (user_id, amount_cents) WHERE NOT deleted AND amount_cents IS NOT NULL;
    `,
  },
  {
    // A flagged duplicate sits beside its original in the registers (server-behaviour §4.3 orders
    // by COALESCE(duplicateOf, id) within a date). A register row's seq becomes its order key
    // (membership.ts, orderKey): twice its transaction's seq, or, while the row is flagged, twice its
    // original's seq plus one — the key right after the original's, which no other row can take.
    // Block starts follow the keys (ledger_block_start hashes them), so every block is written again.
    id: 'ledger-014-duplicates-beside-originals',
    sql: `
      UPDATE ledger_register_rows r SET seq = CASE WHEN o.id IS NULL THEN 2 * t.seq ELSE 2 * o.seq + 1 END
        FROM ledger_transactions t LEFT JOIN ledger_transactions o ON o.id = t.duplicate_of
       WHERE r.transaction_id = t.id;
      DELETE FROM ledger_register_blocks;
      INSERT INTO ledger_register_blocks (user_id, register, start_date, start_kind, start_seq, row_count, sum_cents)
      SELECT min(user_id), register, COALESCE(min(sort_date) FILTER (WHERE block_start), '-infinity'),
             COALESCE(min(kind_order) FILTER (WHERE block_start), -1), COALESCE(min(seq) FILTER (WHERE block_start), -1),
             count(*), sum(delta_cents)
        FROM (SELECT r.*, count(*) FILTER (WHERE block_start) OVER (PARTITION BY register ORDER BY sort_date, kind_order, seq) AS block
                FROM ledger_register_rows r) numbered
       GROUP BY register, block;
    `,
  },
  {
    // The account part's payment channel (product spec: in store, online, other, unknown): Plaid's
    // `payment_channel` as a bank row's TransactionRecorded carries it, null for manual, OFX and CSV
    // rows and for a bank row that came without one. A later TransactionChanged does not carry it, so
    // a modified row keeps the channel it arrived with (README "Limits"). Rows projected before this
    // migration hold null until the read models are rebuilt from the log.
    id: 'ledger-015-payment-channel',
    sql: `ALTER TABLE ledger_transactions ADD COLUMN payment_channel text;`,
  },
  {
    // Every cent explained (README): a log line keeps the event's correlation id (one user action
    // or job) and command id, the account it is about (account lines have no transaction), and
    // `cause`, what set a transaction's money in that event (the explanation of a balance reads
    // the latest one per transaction). Lines written before keep nulls until a rebuild.
    id: 'ledger-024-log-causes',
    sql: `
      ALTER TABLE ledger_transaction_logs ALTER COLUMN transaction_id DROP NOT NULL,
        ADD COLUMN account_id uuid, ADD COLUMN correlation_id text, ADD COLUMN causation_id text, ADD COLUMN cause text;
      CREATE INDEX ledger_transaction_logs_transaction ON ledger_transaction_logs (transaction_id, seq DESC) WHERE transaction_id IS NOT NULL;
      CREATE INDEX ledger_transaction_logs_account ON ledger_transaction_logs (account_id, seq DESC) WHERE account_id IS NOT NULL;
    `,
  },
  {
    // Transfers between the user's own accounts (README "Transfer pairs"): one row per pair stream,
    // offered, paired or declined, its two rows money out first (queries/transfer-candidates).
    // A paired row is found by either of its transactions (the pairing skips rows already paired).
    id: 'ledger-020-transfer-pairs',
    sql: `
      CREATE TABLE ledger_transfer_pairs (
        user_id text NOT NULL, pair_id uuid PRIMARY KEY, status text NOT NULL, how text,
        from_transaction_id uuid NOT NULL, to_transaction_id uuid NOT NULL, from_account_id uuid NOT NULL, to_account_id uuid NOT NULL,
        amount_cents bigint NOT NULL, legs jsonb NOT NULL, seq bigint NOT NULL);
      CREATE INDEX ledger_transfer_pairs_user ON ledger_transfer_pairs (user_id, status);
      CREATE INDEX ledger_transfer_pairs_from ON ledger_transfer_pairs (from_transaction_id) WHERE status = 'paired';
      CREATE INDEX ledger_transfer_pairs_to ON ledger_transfer_pairs (to_transaction_id) WHERE status = 'paired';
    `,
  },
  {
    // A bank row's key is in an account at most once among LIVE rows (README "Typed rows on linked
    // accounts"): a flagged bank row resolved as a duplicate is deleted while its typed original
    // takes its Plaid id. Deleted rows keep their key, found through a plain index (a re-import
    // restores them by it). A database that kept ledger-010's plain index keeps it, with a warning.
    id: 'ledger-016-provider-id-live',
    sql: `
      DO $$
      BEGIN
        IF EXISTS (SELECT 1 FROM ledger_transactions WHERE provider_transaction_id IS NOT NULL AND NOT deleted
                    GROUP BY account_id, provider_transaction_id HAVING count(*) > 1) THEN
          RAISE WARNING 'ledger_transactions holds a live bank row twice: ledger_transactions_provider_live is not made';
        ELSE
          CREATE UNIQUE INDEX ledger_transactions_provider_live ON ledger_transactions (account_id, provider_transaction_id)
            WHERE provider_transaction_id IS NOT NULL AND NOT deleted;
        END IF;
        DROP INDEX IF EXISTS ledger_transactions_provider;
        CREATE INDEX ledger_transactions_provider ON ledger_transactions (account_id, provider_transaction_id)
          WHERE provider_transaction_id IS NOT NULL;
      END $$;
    `,
  },
  {
    // The explanation of a balance reads each transaction's latest money-setting line: an
    // index-only probe per transaction (ledger-024 left the cause to be read from the heap).
    id: 'ledger-025-log-cause-index',
    sql: `CREATE INDEX ledger_transaction_logs_cause ON ledger_transaction_logs (transaction_id, seq DESC) INCLUDE (cause) WHERE cause IS NOT NULL;`,
  },
  {
    // The register's review state (docs/architecture.md §4.6 "Review state"): why a row is "new",
    // null once reviewed. Rows projected before this migration start reviewed (a rebuild derives
    // the state from their events); the count of new rows reads the partial index.
    id: 'ledger-026-review-state',
    sql: `
      ALTER TABLE ledger_transactions ADD COLUMN review_reason text;
      CREATE INDEX ledger_transactions_new ON ledger_transactions (user_id, account_id) WHERE review_reason IS NOT NULL AND NOT deleted;
    `,
  },
  {
    // Search scoped by user (docs/architecture.md §4.9): ledger-013's trigram index held every
    // user's names, so a rare name was looked up among all of them and a 1–2 character one (no
    // trigram) read every row. Now each index leads with user_id (btree_gin puts the user beside
    // the trigrams), and a covering b-tree walks one user's live rows newest first with what the
    // filters read (id, name, memo, amount), so short names and counts are index-only. Category
    // search goes from the user's matching categories to their transactions. Indexes are kept by
    // PostgreSQL on every write, so the inline, async and rebuild paths need nothing more.
    id: 'ledger-027-search-by-user',
    sql: `
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE EXTENSION IF NOT EXISTS btree_gin;
      CREATE INDEX ledger_transactions_user_name_trgm ON ledger_transactions USING gin (user_id, name gin_trgm_ops) WHERE NOT deleted;
      CREATE INDEX ledger_transactions_user_memo_trgm ON ledger_transactions USING gin (user_id, comment gin_trgm_ops) WHERE NOT deleted AND comment IS NOT NULL;
      CREATE INDEX ledger_transactions_user_recent ON ledger_transactions (user_id, date DESC, seq DESC)
        INCLUDE (id, name, comment, amount_cents) WHERE NOT deleted;
      CREATE INDEX ledger_splits_category_transaction ON ledger_splits (category_id, transaction_id);
      DROP INDEX IF EXISTS ledger_transactions_name_trgm;
      DROP INDEX IF EXISTS ledger_transactions_user_date;
    `,
  },
  {
    // A finished statement (docs/architecture.md §9.7): when it was finished, null while open.
    id: 'ledger-028-statement-finished',
    sql: `ALTER TABLE ledger_statements ADD COLUMN finished_at timestamptz;`,
  },
  {
    // The search's trigram indexes keep no pending list (docs/architecture.md §4.9): with GIN's
    // fast update a new row's entries wait in one list that every search of the index reads whole,
    // whoever wrote them (4 MB by default: hundreds of pages for one user's search after another's
    // import), and the write that finds the list full merges all of it. Off, each write puts its
    // entries in the index's tree, under its own user's key. The entries waiting now are merged.
    id: 'ledger-029-trigram-no-pending-list',
    sql: `
      ALTER INDEX ledger_transactions_user_name_trgm SET (fastupdate = off);
      ALTER INDEX ledger_transactions_user_memo_trgm SET (fastupdate = off);
      SELECT gin_clean_pending_list('ledger_transactions_user_name_trgm'::regclass);
      SELECT gin_clean_pending_list('ledger_transactions_user_memo_trgm'::regclass);
    `,
  },
  {
    // A name's letters and letter pairs (docs/architecture.md §4.9): a 1–2 character text has no
    // trigram, and a rare one ("q", "zq") walked all of the user's rows to find its few matches.
    // This index lists, per user, which live rows hold each letter and each pair of letters of
    // their name as lower() folds it, so a rare short text reads only its own matches. Both
    // functions are lower() and substr() only (immutable), so the index and the search's query
    // fold the same way; the search asks it only when the text is rare among the user's newest
    // rows (a common letter is found sooner by the walk, which stops at its bound).
    id: 'ledger-030-short-name-grams',
    sql: `
      CREATE FUNCTION ledger_name_grams(name text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT ARRAY(SELECT substr(l, i, n) FROM lower(name) AS l, generate_series(1, 2) AS n, generate_series(1, length(l) - n + 1) AS i)
      $$;
      CREATE FUNCTION ledger_text_grams(text text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT CASE WHEN length(l) = 1 THEN ARRAY[l] ELSE ARRAY(SELECT substr(l, i, 2) FROM generate_series(1, length(l) - 1) AS i) END
          FROM lower(text) AS l
      $$;
      CREATE INDEX ledger_transactions_user_name_grams ON ledger_transactions USING gin (user_id, ledger_name_grams(name))
        WITH (fastupdate = off) WHERE NOT deleted;
    `,
  },
];

export const ledgerTables = [
  'ledger_institutions',
  'ledger_accounts',
  'ledger_transactions',
  'ledger_splits',
  'ledger_category_months',
  'ledger_category_balances',
  'ledger_register_rows',
  'ledger_register_blocks',
  'ledger_statements',
  'ledger_balance_history',
  'ledger_transaction_logs',
  'ledger_import_results',
  'ledger_transfer_pairs',
] as const;
