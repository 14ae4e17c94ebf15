import { ledgerProjection } from '@budget/ledger';
import type { Pool } from '@budget/platform';

/**
 * The search benchmark's `--compare shared-trigram` (tools/ledger-bench README, Search): the
 * database switched between ledger-027's user-scoped trigram indexes (name and memo, the user
 * beside the trigrams through btree_gin) and ledger-013's one trigram index of every user's names,
 * which ledger-027 dropped (docs/architecture.md §4.9). Each index is made by the very statement
 * its migration runs, read from the migration, so the "before" is the index that was shipped; the
 * user-scoped ones then lose their pending list by ledger-029's own statements.
 */
const SCOPED = ['ledger_transactions_user_name_trgm', 'ledger_transactions_user_memo_trgm'] as const;
const SHARED = 'ledger_transactions_name_trgm';

function migrationSql(migrationId: string): string {
  const sql = ledgerProjection.migrations.find((m) => m.id === migrationId)?.sql;
  if (sql === undefined) throw new Error(`no migration ${migrationId}`);
  return sql;
}

function createStatement(migrationId: string, index: string): string {
  const sql = migrationSql(migrationId);
  const statement = new RegExp(`CREATE INDEX ${index} ON [^;]+`).exec(sql)?.[0];
  if (!statement) throw new Error(`migration ${migrationId} makes no index ${index}`);
  return statement.replace('CREATE INDEX', 'CREATE INDEX IF NOT EXISTS');
}

export type TrigramIndexes = 'user-scoped' | 'shared';

/**
 * Leaves exactly the trigram indexes of `which` on ledger_transactions (the others dropped) and
 * answers how long the switch took, in seconds. 'user-scoped' is what the migrations leave: a run
 * ends with it, and starts with it in case an earlier run was stopped half-way.
 */
export async function useTrigramIndexes(pool: Pool, which: TrigramIndexes): Promise<number> {
  const started = performance.now();
  const statements =
    which === 'shared'
      ? [createStatement('ledger-013-search', SHARED), ...SCOPED.map((index) => `DROP INDEX IF EXISTS ${index}`)]
      : [...SCOPED.map((index) => createStatement('ledger-027-search-by-user', index)), migrationSql('ledger-029-trigram-no-pending-list'), `DROP INDEX IF EXISTS ${SHARED}`];
  for (const statement of statements) await pool.query(statement);
  return (performance.now() - started) / 1000;
}

/**
 * `bench:writes --gin-fastupdate on`: the user-scoped trigram indexes with GIN's pending list back,
 * as before ledger-029 turned it off.
 */
export async function restorePendingLists(pool: Pool): Promise<void> {
  for (const index of SCOPED) await pool.query(`ALTER INDEX ${index} SET (fastupdate = on)`);
}

/** The index lines of the plan of `statement` (which index, what it was asked, what was filtered after). */
export async function indexLines(pool: Pool, statement: { text: string; values: unknown[] }): Promise<string[]> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>({ text: `EXPLAIN ${statement.text}`, values: statement.values });
  return rows.map((r) => r['QUERY PLAN'].trim()).filter((line) => /Index|Cond|Filter|Seq Scan/.test(line));
}
