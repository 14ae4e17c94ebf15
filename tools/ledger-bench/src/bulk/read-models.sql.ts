import { TABLES } from './tables.js';

/**
 * The ledger projection (libs/ledger/src/projection) for `TransactionRecorded` events above a
 * position, set-based: each statement does for every new event at once what `record`, `place`,
 * `insertRow`, `refreshBalances` and `writeTransactionLog` do for one. `$1` is always the position
 * the log had before the load; every new transaction has `seq > $1`.
 */

/** `record`: one row per event. $2 `{kind: type}`, $3 the event type. */
export const INSERT_TRANSACTIONS = `
  INSERT INTO ${TABLES.transactions} (user_id, id, kind, type, date, comment, version, account_id, name, amount_cents,
         principle_cents, pending, provider, provider_transaction_id, statement_id, splits, seq, recorded_at)
  SELECT e.metadata->>'userId', (e.data->>'transactionId')::uuid, e.data->>'kind', ($2::jsonb->>(e.data->>'kind'))::smallint,
         (e.data->>'date')::date, e.data->>'comment', e.revision, (e.data->'account'->>'accountId')::uuid, e.data->'account'->>'name',
         (e.data->'account'->>'amount')::bigint, (e.data->'account'->>'principle')::bigint,
         COALESCE((e.data->'account'->>'pending')::boolean, false), e.data->'account'->>'provider',
         e.data->'account'->>'providerTransactionId', (e.data->'account'->>'statementId')::uuid, e.data->'splits', e.position,
         (e.metadata->>'recordedAt')::timestamptz
    FROM ${TABLES.events} e
   WHERE e.position > $1 AND e.type = $3
   ORDER BY e.position`;

/**
 * `place`, split rows: live when visible in categories (`visibleInCategories`): not deleted, and
 * without an account or on a Transactions-tracked account on or after its start date. $2 'Transactions'.
 */
export const INSERT_SPLITS = `
  INSERT INTO ${TABLES.splits} (user_id, transaction_id, idx, category_id, amount_cents, date, live, type, base_cents)
  SELECT t.user_id, t.id, (s.ord - 1)::int, s.split->>'categoryId', (s.split->>'amount')::bigint, t.date,
         NOT t.deleted AND (t.account_id IS NULL OR COALESCE(a.tracking = $2::text AND t.date >= a.start_date, false)),
         t.type, (s.split->>'baseAmount')::bigint
    FROM ${TABLES.transactions} t
    LEFT JOIN ${TABLES.accounts} a ON a.id = t.account_id
   CROSS JOIN LATERAL jsonb_array_elements(t.splits) WITH ORDINALITY AS s(split, ord)
   WHERE t.seq > $1
   ORDER BY t.seq, s.ord`;

/**
 * The per-category monthly sums of the new live splits, added to the existing ones the way the
 * projection adds them; sums that come back to zero are not kept. $1 the log position loaded after.
 */
export const ADD_CATEGORY_MONTHS = `
  INSERT INTO ${TABLES.categoryMonths} AS m (user_id, category_id, month, type, amount_cents, base_cents)
  SELECT s.user_id, s.category_id, date_trunc('month', s.date)::date, s.type, sum(s.amount_cents), sum(COALESCE(s.base_cents, 0))
    FROM ${TABLES.splits} s JOIN ${TABLES.transactions} t ON t.id = s.transaction_id
   WHERE t.seq > $1 AND s.live
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (category_id, month, type)
  DO UPDATE SET amount_cents = m.amount_cents + EXCLUDED.amount_cents, base_cents = m.base_cents + EXCLUDED.base_cents`;

export const DROP_EMPTY_CATEGORY_MONTHS = `DELETE FROM ${TABLES.categoryMonths} WHERE amount_cents = 0 AND base_cents = 0`;

export const CREATE_NEW_REGISTER_ROWS = `
  CREATE TEMP TABLE ${TABLES.newRegisterRows} (
    user_id text NOT NULL, register text NOT NULL, transaction_id uuid NOT NULL, sort_date date NOT NULL,
    kind_order smallint NOT NULL, seq bigint NOT NULL, delta_cents bigint NOT NULL) ON COMMIT DROP`;

/**
 * `membershipsOf`, account side: every live non-starting-balance row on an existing account; a
 * pending row adds its amount to `ap:`, a posted one what it moves to `a:` (`balanceMove`: the
 * principle on a loan, the amount elsewhere; also before the start date, which the register's
 * readers leave out). $2 'a:', $3 'ap:'. Here and below a row's key is `orderKey`: twice its seq
 * (the generator flags no duplicates).
 */
export const ACCOUNT_MEMBERSHIPS = `
  INSERT INTO ${TABLES.newRegisterRows}
  SELECT t.user_id, CASE WHEN t.pending THEN $3::text ELSE $2::text END || t.account_id, t.id, t.date, 0, 2 * t.seq,
         CASE WHEN t.pending THEN COALESCE(t.amount_cents, 0)
              WHEN a.type = 'loan' THEN COALESCE(t.principle_cents, t.amount_cents, 0)
              ELSE COALESCE(t.amount_cents, 0) END
    FROM ${TABLES.transactions} t
    JOIN ${TABLES.accounts} a ON a.id = t.account_id
   WHERE t.seq > $1 AND NOT t.deleted AND t.kind <> 'starting-balance'`;

/**
 * `membershipsOf`, category side: per visible transaction and category, the sum of its splits,
 * unless every split of that category is zero. $2 'c:', $3 'cp:', $4 `{kind: order}`.
 */
export const CATEGORY_MEMBERSHIPS = `
  INSERT INTO ${TABLES.newRegisterRows}
  SELECT t.user_id, CASE WHEN t.pending THEN $3::text ELSE $2::text END || s.category_id, t.id, t.date,
         ($4::jsonb->>t.kind)::smallint, 2 * t.seq, sum(s.amount_cents)
    FROM ${TABLES.transactions} t
    JOIN ${TABLES.splits} s ON s.transaction_id = t.id
   WHERE t.seq > $1 AND s.live
   GROUP BY t.user_id, t.id, t.pending, t.date, t.kind, t.seq, s.category_id
  HAVING bool_or(s.amount_cents <> 0)`;

/**
 * `insertRow` for all of them: the touched registers' existing rows join the new ones, and each
 * touched register's rows are written again, then its blocks (registers.ts) from one GROUP BY.
 */
export const MOVE_TOUCHED_REGISTERS = `
  WITH moved AS (
    DELETE FROM ${TABLES.registerRows}
     WHERE register IN (SELECT DISTINCT register FROM ${TABLES.newRegisterRows})
    RETURNING user_id, register, transaction_id, sort_date, kind_order, seq, delta_cents)
  INSERT INTO ${TABLES.newRegisterRows} SELECT * FROM moved`;

export const WRITE_REGISTERS = `
  INSERT INTO ${TABLES.registerRows} (user_id, register, transaction_id, sort_date, kind_order, seq, delta_cents)
  SELECT user_id, register, transaction_id, sort_date, kind_order, seq, delta_cents
    FROM ${TABLES.newRegisterRows} ORDER BY register, sort_date, kind_order, seq`;

/** Every block of the touched registers, from their rows: a row whose `block_start` is set opens one. */
export const DROP_REGISTER_BLOCKS = `
  DELETE FROM ${TABLES.registerBlocks} WHERE register IN (SELECT DISTINCT register FROM ${TABLES.newRegisterRows})`;

export const WRITE_REGISTER_BLOCKS = `
  WITH touched AS (SELECT DISTINCT register FROM ${TABLES.newRegisterRows})
  INSERT INTO ${TABLES.registerBlocks} (user_id, register, start_date, start_kind, start_seq, row_count, sum_cents)
  SELECT min(user_id), register, COALESCE(min(sort_date) FILTER (WHERE block_start), '-infinity'),
         COALESCE(min(kind_order) FILTER (WHERE block_start), -1), COALESCE(min(seq) FILTER (WHERE block_start), -1),
         count(*), sum(delta_cents)
    FROM (SELECT r.*, count(*) FILTER (WHERE r.block_start) OVER (PARTITION BY r.register ORDER BY r.sort_date, r.kind_order, r.seq) AS block
            FROM ${TABLES.registerRows} r JOIN touched t ON t.register = r.register) numbered
   GROUP BY register, block`;

/** `registerTotal`: the sum of a register's blocks (0 when empty). */
const total = (register: string) =>
  `COALESCE((SELECT sum(b.sum_cents) FROM ${TABLES.registerBlocks} b WHERE b.register = ${register}), 0)`;

/**
 * `refreshBalances`, accounts: opening + posted total counted from the start date (Balances-tracked
 * accounts keep theirs) and the pending total. $2 'a:', $3 'ap:', $4 'Balances'.
 */
export const REFRESH_ACCOUNT_BALANCES = `
  UPDATE ${TABLES.accounts} a
     SET balance_cents = CASE WHEN a.tracking = $4::text THEN a.balance_cents ELSE a.opening_balance_cents + ${total('$2::text || a.id')} - u.cents END,
         uncounted_cents = u.cents,
         pending_balance_cents = ${total('$3::text || a.id')}
    FROM (SELECT x.id, ledger_uncounted_cents($2::text || x.id, x.start_date) AS cents FROM ${TABLES.accounts} x
           WHERE x.id IN (SELECT DISTINCT account_id FROM ${TABLES.transactions} WHERE seq > $1 AND account_id IS NOT NULL)) u
   WHERE a.id = u.id`;

/**
 * `refreshBalances`, categories: every category named by a new split (visible or not) gets its
 * posted + pending total in the ledger's table. $2 'c:', $3 'cp:'.
 */
export const REFRESH_CATEGORY_BALANCES = `
  WITH touched AS (
    SELECT DISTINCT t.user_id, s.category_id
      FROM ${TABLES.splits} s JOIN ${TABLES.transactions} t ON t.id = s.transaction_id
     WHERE t.seq > $1),
  totals AS (
    SELECT user_id, category_id, ${total('$2::text || touched.category_id')} + ${total('$3::text || touched.category_id')} AS balance_cents
      FROM touched)
  INSERT INTO ${TABLES.categoryBalances} (user_id, category_id, balance_cents)
  SELECT user_id, category_id, balance_cents FROM totals
  ON CONFLICT (category_id) DO UPDATE SET balance_cents = EXCLUDED.balance_cents`;

/**
 * `writeTransactionLog` for a recorded account transaction with a name: '<who> added "<name>" for
 * <amount as centsToDecimalString>'. $2 the actor's label (the generator writes one actor).
 */
/** Cents as the log writes them (centsToDecimalString): `-86.30`, `0.05`. */
function money(cents: string): string {
  return `(CASE WHEN ${cents} < 0 THEN '-' ELSE '' END || (abs(${cents}) / 100)::text || '.' || lpad((abs(${cents}) % 100)::text, 2, '0'))`;
}

export const INSERT_TRANSACTION_LOGS = `
  WITH held AS (
    -- The categories each transaction holds money in, summed per category in split order (transaction-log.ts, categoriesOf).
    SELECT s.transaction_id, s.category_id, sum(s.amount_cents)::bigint AS cents, min(s.idx) AS first
      FROM ${TABLES.splits} s JOIN ${TABLES.transactions} t ON t.id = s.transaction_id
     WHERE t.seq > $1
     GROUP BY s.transaction_id, s.category_id
    HAVING sum(s.amount_cents) <> 0),
  listed AS (
    SELECT transaction_id, count(*) AS n, min(category_id) AS only,
           string_agg('{category:' || category_id || '} ' || ${money('cents')}, ', ' ORDER BY first) AS each
      FROM held GROUP BY transaction_id)
  INSERT INTO ${TABLES.transactionLogs} (user_id, id, seq, created_at, transaction_id, actor, message, changes, account_id, correlation_id, causation_id, cause)
  SELECT t.user_id, e.event_id, e.position, (e.metadata->>'recordedAt')::timestamptz, t.id, e.metadata->>'actor',
         $2::text || ' added "' || t.name || '" ' || ${money('t.amount_cents')} || ' to '
           || CASE WHEN l.n IS NULL THEN 'no category' WHEN l.n = 1 THEN '{category:' || l.only || '}' ELSE l.each END,
         '{}'::jsonb, t.account_id, e.metadata->>'correlationId', e.metadata->>'causationId', e.metadata->>'actor'
    FROM ${TABLES.events} e
    JOIN ${TABLES.transactions} t ON t.id = (e.data->>'transactionId')::uuid
    LEFT JOIN listed l ON l.transaction_id = t.id
   WHERE e.position > $1
   ORDER BY e.position
  ON CONFLICT (id) DO NOTHING`;
