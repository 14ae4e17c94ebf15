import type { Migration, PoolClient, StoredEvent } from '@budget/platform';

/**
 * Each user's turnover (docs/architecture.md §5 "Bounded sums"): Σ |amount| + |principle| + Σ |split|
 * over the live transactions, what the balance bound's turnover check reads (`MAX_TURNOVER_CENTS`).
 * Kept per transaction too, so that a change, a delete or an account's deletion subtracts exactly
 * what the row added. Part of the ledger projection: it is computed from `ledger_transactions` after
 * the ledger applied a batch, in ONE statement per batch, whatever its size.
 */
export const turnoverTables = ['ledger_transaction_turnover', 'ledger_turnover'];

/** The turnover of a `ledger_transactions` row `t` (0 when deleted), exact in numeric. */
const ROW_TURNOVER = `CASE WHEN t.deleted THEN 0 ELSE abs(COALESCE(t.amount_cents, 0))::numeric + abs(COALESCE(t.principle_cents, 0))
  + COALESCE((SELECT sum(abs((s->>'amount')::numeric)) FROM jsonb_array_elements(t.splits) s), 0) END`;

export const turnoverMigrations: Migration[] = [
  {
    id: 'ledger-turnover-001',
    sql: `
      CREATE TABLE IF NOT EXISTS ledger_transaction_turnover (
        user_id text NOT NULL, id uuid PRIMARY KEY, account_id uuid, cents numeric NOT NULL);
      CREATE INDEX IF NOT EXISTS ledger_transaction_turnover_account ON ledger_transaction_turnover (account_id) WHERE account_id IS NOT NULL;
      CREATE TABLE IF NOT EXISTS ledger_turnover (user_id text PRIMARY KEY, cents numeric NOT NULL);
      -- The transactions already projected count from the start.
      INSERT INTO ledger_transaction_turnover (user_id, id, account_id, cents)
        SELECT t.user_id, t.id, t.account_id, ${ROW_TURNOVER} FROM ledger_transactions t ON CONFLICT (id) DO NOTHING;
      INSERT INTO ledger_turnover (user_id, cents)
        SELECT user_id, sum(cents) FROM ledger_transaction_turnover GROUP BY user_id ON CONFLICT (user_id) DO NOTHING;
    `,
  },
];

const TRANSACTION_EVENTS = new Set(['TransactionRecorded', 'TransactionChanged', 'TransactionDeleted', 'TransactionRestored']);

/**
 * After the ledger applied `events`: the turnover of every transaction they touched (and of every
 * row of an account they deleted) is read from `ledger_transactions` as it stands now, the per-row
 * record replaced, and each user's total moved by the difference.
 *
 * Every read is by primary key (`= ANY` of the ids), so its plan reads the touched rows only,
 * whatever the tables hold: the write path runs it on a generic plan (`BEGIN_GENERIC_PLANS`), which
 * cannot see that the ids are a handful. (It took the ids from a CTE that also read a deleted
 * account's rows; planned generically, that CTE was guessed at 1,400 rows, and every write read
 * both tables whole: 25–40 ms at 25,000 transactions, growing with everyone's data.) A deleted
 * account's rows are first looked up by their own statement (account deletions are rare).
 */
export async function applyTurnover(client: PoolClient, events: readonly StoredEvent[]): Promise<void> {
  const ids = new Set<string>();
  const accounts = new Set<string>();
  for (const event of events) {
    if (TRANSACTION_EVENTS.has(event.type)) ids.add((event.data as { transactionId: string }).transactionId);
    else if (event.type === 'AccountDeleted') accounts.add((event.data as { accountId: string }).accountId);
  }
  if (accounts.size > 0) {
    const { rows } = await client.query<{ id: string }>('SELECT o.id FROM ledger_transaction_turnover o WHERE o.account_id = ANY($1::uuid[])', [[...accounts]]);
    for (const row of rows) ids.add(row.id);
  }
  if (ids.size === 0) return;
  await client.query(TURNOVER_SQL, [[...ids]]);
}

/** The turnover of the transactions `$1`, moved (docs/architecture.md §5 "Bounded sums"). */
export const TURNOVER_SQL = `
  WITH old AS MATERIALIZED (SELECT o.id, o.user_id, o.cents FROM ledger_transaction_turnover o WHERE o.id = ANY($1::uuid[])),
       now AS MATERIALIZED (SELECT t.id, t.user_id, t.account_id, ${ROW_TURNOVER} AS cents FROM ledger_transactions t WHERE t.id = ANY($1::uuid[])),
       gone AS (DELETE FROM ledger_transaction_turnover o WHERE o.id = ANY($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM now WHERE now.id = o.id)),
       kept AS (
         INSERT INTO ledger_transaction_turnover (user_id, id, account_id, cents) SELECT user_id, id, account_id, cents FROM now
         ON CONFLICT (id) DO UPDATE SET account_id = EXCLUDED.account_id, cents = EXCLUDED.cents),
       moved AS (
         SELECT user_id, sum(cents) AS cents FROM (SELECT user_id, cents FROM now UNION ALL SELECT user_id, -cents FROM old) d GROUP BY user_id)
  INSERT INTO ledger_turnover AS u (user_id, cents) SELECT user_id, cents FROM moved
  ON CONFLICT (user_id) DO UPDATE SET cents = u.cents + EXCLUDED.cents`;
