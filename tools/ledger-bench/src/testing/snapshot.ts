import pg from 'pg';
import type { Pool } from '@budget/platform';

/** Where a table's rows are kept while the read models are rebuilt (outside every projection's tables). */
const snapshotOf = (table: string) => pg.escapeIdentifier(`bench_snapshot_${table}`);

/** Copies each table's rows aside; the names come from the projections' own table lists. */
export async function snapshotTables(pool: Pool, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await pool.query(`DROP TABLE IF EXISTS ${snapshotOf(table)}`);
    await pool.query(`CREATE TABLE ${snapshotOf(table)} AS SELECT * FROM ${pg.escapeIdentifier(table)}`);
  }
}

export interface TableComparison {
  table: string;
  /** Rows in the table now. */
  rows: number;
  /** Up to 5 rows (as JSON) only in the snapshot, and only in the table now. */
  onlyBulk: unknown[];
  onlyRebuilt: unknown[];
  same: boolean;
}

/** Row-for-row comparison (a multiset: duplicates count) of a table against its snapshot. */
export async function compareWithSnapshot(pool: Pool, table: string): Promise<TableComparison> {
  const difference = async (left: string, right: string) =>
    (await pool.query<{ row: unknown }>(`SELECT to_jsonb(d) AS row FROM (SELECT * FROM ${left} EXCEPT ALL SELECT * FROM ${right}) d LIMIT 5`)).rows.map((r) => r.row);
  const onlyBulk = await difference(snapshotOf(table), pg.escapeIdentifier(table));
  const onlyRebuilt = await difference(pg.escapeIdentifier(table), snapshotOf(table));
  const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${pg.escapeIdentifier(table)}`);
  return { table, rows: rows[0]!.n, onlyBulk, onlyRebuilt, same: onlyBulk.length === 0 && onlyRebuilt.length === 0 };
}
