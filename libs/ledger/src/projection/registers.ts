import type { PoolClient } from '@budget/platform';
import type { Membership } from './membership.js';

/**
 * Register maintenance. A row's rank is its place from the oldest (1) in (date, kind order, seq)
 * order and its running value is the sum of the deltas up to and including it; inserting or
 * removing a row shifts only the rows after it.
 */
export async function insertRow(client: PoolClient, userId: string, transactionId: string, m: Membership): Promise<void> {
  const key = [m.register, m.sortDate, m.kindOrder, m.seq.toString()];
  const previous = await client.query<{ rank: number; running_cents: string }>(
    `SELECT rank, running_cents FROM ledger_register_rows
      WHERE register = $1 AND (sort_date, kind_order, seq) < ($2::date, $3::smallint, $4::bigint)
      ORDER BY sort_date DESC, kind_order DESC, seq DESC LIMIT 1`,
    key,
  );
  const rank = (previous.rows[0]?.rank ?? 0) + 1;
  const running = BigInt(previous.rows[0]?.running_cents ?? 0) + BigInt(m.delta);
  // Shift the later rows out of the way, highest rank first, so the unique (register, rank) index holds.
  await client.query(
    `UPDATE ledger_register_rows SET rank = -(rank + 1), running_cents = running_cents + $5
      WHERE register = $1 AND (sort_date, kind_order, seq) > ($2::date, $3::smallint, $4::bigint)`,
    [...key, m.delta],
  );
  await client.query(`UPDATE ledger_register_rows SET rank = -rank WHERE register = $1 AND rank < 0`, [m.register]);
  await client.query(
    `INSERT INTO ledger_register_rows (user_id, register, transaction_id, sort_date, kind_order, seq, delta_cents, running_cents, rank)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [userId, m.register, transactionId, m.sortDate, m.kindOrder, m.seq.toString(), m.delta, running.toString(), rank],
  );
}

export async function removeRow(client: PoolClient, register: string, transactionId: string): Promise<void> {
  const removed = await client.query<{ sort_date: string; kind_order: number; seq: string; delta_cents: string }>(
    `DELETE FROM ledger_register_rows WHERE register = $1 AND transaction_id = $2
     RETURNING to_char(sort_date, 'YYYY-MM-DD') AS sort_date, kind_order, seq, delta_cents`,
    [register, transactionId],
  );
  const row = removed.rows[0];
  if (!row) return;
  await client.query(
    `UPDATE ledger_register_rows SET rank = -(rank - 1), running_cents = running_cents - $5
      WHERE register = $1 AND (sort_date, kind_order, seq) > ($2::date, $3::smallint, $4::bigint)`,
    [register, row.sort_date, row.kind_order, row.seq, row.delta_cents],
  );
  await client.query(`UPDATE ledger_register_rows SET rank = -rank WHERE register = $1 AND rank < 0`, [register]);
}

/** Sum of every delta in a register (its newest row's running value), 0 when empty. */
export async function registerTotal(client: PoolClient, register: string): Promise<bigint> {
  const { rows } = await client.query<{ running_cents: string }>(
    'SELECT running_cents FROM ledger_register_rows WHERE register = $1 ORDER BY rank DESC LIMIT 1',
    [register],
  );
  return BigInt(rows[0]?.running_cents ?? 0);
}
