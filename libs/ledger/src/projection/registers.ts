import type { PoolClient } from '@budget/platform';
import type { Membership } from './membership.js';

/**
 * Register maintenance: a two-level sum. A row keeps its order key (sort_date, kind_order, seq) and
 * its own delta; a row whose seq hashes to a block start (`block_start`, about one in 256) opens a
 * block, and `ledger_register_blocks` keeps each block's row count and delta sum (the rows before a
 * register's first block start form its bottom block, keyed BOTTOM). Adding or removing rows
 * (`replaceRows`) moves the counts of the blocks they land in, or recounts a block that gained a
 * block start or lost a row. No write ever touches the later rows of a register.
 */

/** Key of a register's bottom block and a key past every row. */
const BOTTOM = { date: '-infinity', kind: -1, seq: '-1' } as const;
const TOP = { date: 'infinity', kind: 32767, seq: '9223372036854775807' } as const;

export interface RowKey {
  date: string;
  kind: number;
  seq: string;
}

/** A row key of a register whose block must be recounted. */
export interface ChangedKey extends RowKey {
  register: string;
}

const keyOf = (m: Membership): RowKey => ({ date: m.sortDate, kind: m.kindOrder, seq: m.seq.toString() });

/**
 * Rewrites the blocks holding changed keys, after their rows changed (set-based: three statements
 * for any number of keys and registers). Each key gives the stretch [s, e) from the start of the
 * block holding it (as the blocks stood before the change) to the next block start; equal stretches
 * are done once. A stretch's blocks are dropped and written again from the rows now in it; rows of
 * [s, e) before its first block start belong to the block before s (or the bottom block). Cost: the
 * rows of the touched blocks, never the rest of the register.
 */
export async function recountBlocks(client: PoolClient, keys: ChangedKey[]): Promise<void> {
  if (keys.length === 0) return;
  const col = <T>(f: (k: ChangedKey) => T) => keys.map(f);
  const { rows: bounds } = await client.query<Bounds>(
    `SELECT DISTINCT sp.register,
            COALESCE(s.start_date::text, $5) AS s_d, COALESCE(s.start_kind, $6) AS s_k, COALESCE(s.start_seq, $7)::text AS s_s,
            COALESCE(e.start_date::text, $8) AS e_d, COALESCE(e.start_kind, $9) AS e_k, COALESCE(e.start_seq, $10)::text AS e_s
       FROM unnest($1::text[], $2::date[], $3::smallint[], $4::bigint[]) AS sp(register, d, k, s)
       LEFT JOIN LATERAL (
         SELECT start_date, start_kind, start_seq FROM ledger_register_blocks b
          WHERE b.register = sp.register AND (b.start_date, b.start_kind, b.start_seq) <= (sp.d, sp.k, sp.s)
          ORDER BY start_date DESC, start_kind DESC, start_seq DESC LIMIT 1) s ON true
       LEFT JOIN LATERAL (
         SELECT start_date, start_kind, start_seq FROM ledger_register_blocks b
          WHERE b.register = sp.register AND (b.start_date, b.start_kind, b.start_seq) > (sp.d, sp.k, sp.s)
          ORDER BY start_date, start_kind, start_seq LIMIT 1) e ON true`,
    [col((k) => k.register), col((k) => k.date), col((k) => k.kind), col((k) => k.seq), BOTTOM.date, BOTTOM.kind, BOTTOM.seq, TOP.date, TOP.kind, TOP.seq],
  );
  await rewriteSpans(client, mergeAdjacent(bounds));
}

/** Drops the blocks of each span and writes them again from the rows now in it (spans disjoint, never adjacent). */
async function rewriteSpans(client: PoolClient, spans: Bounds[]): Promise<void> {
  if (spans.length === 0) return;
  const b = <T>(f: (r: Bounds) => T) => spans.map(f);
  const values = [b((r) => r.register), b((r) => r.s_d), b((r) => r.s_k), b((r) => r.s_s), b((r) => r.e_d), b((r) => r.e_k), b((r) => r.e_s)];
  const RANGES = `unnest($1::text[], $2::date[], $3::smallint[], $4::bigint[], $5::date[], $6::smallint[], $7::bigint[])
                  WITH ORDINALITY AS sp(register, s_d, s_k, s_s, e_d, e_k, e_s, span)`;
  await client.query(
    `DELETE FROM ledger_register_blocks b USING ${RANGES}
      WHERE b.register = sp.register AND (b.start_date, b.start_kind, b.start_seq) >= (sp.s_d, sp.s_k, sp.s_s)
        AND (b.start_date, b.start_kind, b.start_seq) < (sp.e_d, sp.e_k, sp.e_s)`,
    values,
  );
  // Spans are disjoint and never adjacent, so the block before a span (p) lies outside every span.
  await client.query(
    `WITH sp AS (SELECT * FROM ${RANGES}),
     numbered AS (
       SELECT sp.span, r.user_id, r.register, r.sort_date, r.kind_order, r.seq, r.delta_cents, r.block_start,
              count(*) FILTER (WHERE r.block_start) OVER (PARTITION BY sp.span ORDER BY r.sort_date, r.kind_order, r.seq) AS block
         FROM sp JOIN ledger_register_rows r ON r.register = sp.register
          AND (r.sort_date, r.kind_order, r.seq) >= (sp.s_d, sp.s_k, sp.s_s) AND (r.sort_date, r.kind_order, r.seq) < (sp.e_d, sp.e_k, sp.e_s)),
     groups AS (
       SELECT span, block, min(user_id) AS user_id, min(sort_date) FILTER (WHERE block_start) AS d,
              min(kind_order) FILTER (WHERE block_start) AS k, min(seq) FILTER (WHERE block_start) AS s,
              count(*)::int AS n, sum(delta_cents) AS total
         FROM numbered GROUP BY span, block)
     INSERT INTO ledger_register_blocks AS b (user_id, register, start_date, start_kind, start_seq, row_count, sum_cents)
     SELECT g.user_id, sp.register, COALESCE(g.d, p.start_date, '-infinity'), COALESCE(g.k, p.start_kind, -1), COALESCE(g.s, p.start_seq, -1), g.n, g.total
       FROM groups g JOIN sp ON sp.span = g.span
       LEFT JOIN LATERAL (
         SELECT x.start_date, x.start_kind, x.start_seq FROM ledger_register_blocks x
          WHERE g.block = 0 AND x.register = sp.register AND (x.start_date, x.start_kind, x.start_seq) < (sp.s_d, sp.s_k, sp.s_s)
          ORDER BY x.start_date DESC, x.start_kind DESC, x.start_seq DESC LIMIT 1) p ON true
     ON CONFLICT (register, start_date, start_kind, start_seq)
     DO UPDATE SET row_count = b.row_count + EXCLUDED.row_count, sum_cents = b.sum_cents + EXCLUDED.sum_cents`,
    values,
  );
}

interface Bounds {
  register: string;
  s_d: string;
  s_k: number;
  s_s: string;
  e_d: string;
  e_k: number;
  e_s: string;
}

/** Orders a register's spans and joins each span that ends where the next begins into one. */
function mergeAdjacent(bounds: Bounds[]): Bounds[] {
  const byStart = (a: Bounds, b: Bounds) =>
    a.register !== b.register ? (a.register < b.register ? -1 : 1)
    : a.s_d !== b.s_d ? (a.s_d < b.s_d ? -1 : 1)
    : a.s_k !== b.s_k ? a.s_k - b.s_k
    : BigInt(a.s_s) < BigInt(b.s_s) ? -1 : BigInt(a.s_s) > BigInt(b.s_s) ? 1 : 0;
  const out: Bounds[] = [];
  for (const span of [...bounds].sort(byStart)) {
    const last = out[out.length - 1];
    if (last && last.register === span.register && last.e_d === span.s_d && last.e_k === span.s_k && last.e_s === span.s_s) {
      out[out.length - 1] = { ...last, e_d: span.e_d, e_k: span.e_k, e_s: span.e_s };
    } else out.push(span);
  }
  return out;
}

export interface NewRow extends Membership {
  userId: string;
  transactionId: string;
}

/** From how many changed rows `replaceRows` finds the blocks in memory (`placeInBulk`) rather than row by row in SQL. */
export const registerTuning = { bulkFrom: 64 };

/** Order of decimal seq texts without parsing them: by sign, then length, then digits. */
const compareSeqs = (a: string, b: string): number => {
  const negative = a.startsWith('-');
  if (negative !== b.startsWith('-')) return negative ? -1 : 1;
  const order = a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
  return negative ? -order : order;
};

const compareKeys = (a: RowKey, b: RowKey): number =>
  a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.kind !== b.kind ? a.kind - b.kind : compareSeqs(a.seq, b.seq);

/**
 * The set-based path for many rows (an import, a start-date move): the rows go in, the touched
 * registers' blocks are read once (a few hundred small rows each), and each changed key finds its
 * block by binary search in memory instead of an index probe per row. Blocks that lost a row or
 * gained a block start are recounted, every other touched block is counted by one upsert.
 */
async function placeInBulk(client: PoolClient, removed: ChangedKey[], rows: NewRow[]): Promise<void> {
  // In register order, so that the order index takes them as runs of neighbouring entries; the
  // rows that open a block come back.
  const starting = rows.length === 0 ? [] : (await client.query<{ register: string; transaction_id: string }>(
    `WITH ins AS (
       INSERT INTO ledger_register_rows (user_id, register, transaction_id, sort_date, kind_order, seq, delta_cents)
       SELECT * FROM unnest($1::text[], $2::text[], $3::uuid[], $4::date[], $5::smallint[], $6::bigint[], $7::bigint[])
        ORDER BY 2, 4, 5, 6
       RETURNING register, transaction_id, block_start)
     SELECT register, transaction_id FROM ins WHERE block_start`,
    [
      rows.map((r) => r.userId), rows.map((r) => r.register), rows.map((r) => r.transactionId), rows.map((r) => r.sortDate),
      rows.map((r) => r.kindOrder), rows.map((r) => r.seq.toString()), rows.map((r) => r.delta),
    ],
  )).rows;
  const registers = [...new Set([...removed.map((k) => k.register), ...rows.map((r) => r.register)])];
  const { rows: stored } = await client.query<{ register: string; date: string; kind: number; seq: string }>(
    `SELECT register, start_date::text AS date, start_kind AS kind, start_seq::text AS seq FROM ledger_register_blocks
      WHERE register = ANY($1::text[]) ORDER BY register, start_date, start_kind, start_seq`,
    [registers],
  );
  const starts = new Map<string, RowKey[]>();
  for (const { register, ...key } of stored) (starts.get(register) ?? starts.set(register, []).get(register)!).push(key);
  const holding = (register: string, key: RowKey): number => holdingIndex(starts.get(register) ?? [], key);
  const dirty = new Map<string, Set<number>>();
  const mark = (register: string, index: number) => (dirty.get(register) ?? dirty.set(register, new Set()).get(register)!).add(index);
  for (const key of removed) mark(key.register, holding(key.register, key));
  const placed = rows.map((row) => ({ row, index: holding(row.register, keyOf(row)) }));
  const opensBlock = new Set(starting.map((r) => `${r.register} ${r.transaction_id}`));
  for (const { row, index } of placed) if (opensBlock.has(`${row.register} ${row.transactionId}`)) mark(row.register, index);
  const counts = new Map<string, { userId: string; register: string; key: RowKey; n: number; sum: bigint }>();
  for (const { row, index } of placed) {
    if (dirty.get(row.register)?.has(index)) continue;
    const key = index < 0 ? BOTTOM : starts.get(row.register)![index]!;
    const id = `${row.register}|${key.date}|${key.kind}|${key.seq}`;
    const count = counts.get(id) ?? counts.set(id, { userId: row.userId, register: row.register, key, n: 0, sum: 0n }).get(id)!;
    count.n += 1;
    count.sum += BigInt(row.delta);
  }
  if (counts.size > 0) {
    const c = [...counts.values()];
    await client.query(
      `INSERT INTO ledger_register_blocks AS b (user_id, register, start_date, start_kind, start_seq, row_count, sum_cents)
       SELECT * FROM unnest($1::text[], $2::text[], $3::date[], $4::smallint[], $5::bigint[], $6::int[], $7::bigint[])
       ON CONFLICT (register, start_date, start_kind, start_seq)
       DO UPDATE SET row_count = b.row_count + EXCLUDED.row_count, sum_cents = b.sum_cents + EXCLUDED.sum_cents`,
      [c.map((x) => x.userId), c.map((x) => x.register), c.map((x) => x.key.date), c.map((x) => x.key.kind), c.map((x) => x.key.seq), c.map((x) => x.n), c.map((x) => x.sum.toString())],
    );
  }
  const spans: Bounds[] = [];
  for (const [register, indexes] of dirty) {
    const list = starts.get(register) ?? [];
    for (const index of indexes) {
      const s = index < 0 ? BOTTOM : list[index]!;
      const e = list[index + 1] ?? TOP;
      spans.push({ register, s_d: s.date, s_k: s.kind, s_s: s.seq, e_d: e.date, e_k: e.kind, e_s: e.seq });
    }
  }
  await rewriteSpans(client, mergeAdjacent(spans));
}

/** The block holding each of a list of keys (as the blocks stand), or BOTTOM where none does: `k` is the key list. */
const HOLDING_BLOCK = (k: string) => `LEFT JOIN LATERAL (
    SELECT x.start_date, x.start_kind, x.start_seq FROM ledger_register_blocks x
     WHERE x.register = ${k}.register AND (x.start_date, x.start_kind, x.start_seq) <= (${k}.d, ${k}.k, ${k}.s)
     ORDER BY x.start_date DESC, x.start_kind DESC, x.start_seq DESC LIMIT 1) f ON true`;

/** Account registers (`a:`, `ap:`) or category registers (`c:`, `cp:`). */
export type RegisterKind = 'a' | 'c';

/** Index of the block holding `key` among a register's sorted block starts; -1 when none starts at or before it. */
function holdingIndex(starts: readonly RowKey[], key: RowKey): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (compareKeys(starts[mid]!, key) <= 0) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The blocks that lost a row, by their starts (BOTTOM for rows before a register's first block); the removed keys are parameters `first`…`first + 3`. */
const lostBlocks = (first: number) => `
  SELECT DISTINCT g.register, COALESCE(f.start_date::text, '-infinity') AS date, COALESCE(f.start_kind, -1) AS kind, COALESCE(f.start_seq, -1)::text AS seq
    FROM unnest($${first}::text[], $${first + 1}::date[], $${first + 2}::smallint[], $${first + 3}::bigint[]) AS g(register, d, k, s) ${HOLDING_BLOCK('g')}`;

/**
 * Replaces the register rows of many transactions at once (set-based, any users): deletes their
 * rows and inserts `rows`. A block that only gained rows that open no block has its count and sum
 * moved by one grouped upsert; a block that lost a row or gained a block start is recounted
 * (`recountBlocks`, one representative key per block). Returns the registers touched.
 */
export async function replaceRows(client: PoolClient, transactionIds: string[], rows: NewRow[], kinds: readonly RegisterKind[] = ['a', 'c']): Promise<string[]> {
  const removed = transactionIds.length === 0 ? [] : (await client.query<ChangedKey>(
    `DELETE FROM ledger_register_rows WHERE transaction_id = ANY($1::uuid[]) AND left(register, 1) = ANY($2::text[])
     RETURNING register, sort_date::text AS date, kind_order AS kind, seq::text AS seq`,
    [transactionIds, kinds],
  )).rows;
  const gone = [removed.map((k) => k.register), removed.map((k) => k.date), removed.map((k) => k.kind), removed.map((k) => k.seq)];
  if (rows.length + removed.length > registerTuning.bulkFrom) {
    await placeInBulk(client, removed, rows);
    return [...new Set([...removed.map((k) => k.register), ...rows.map((r) => r.register)])];
  }
  let dirty: ChangedKey[];
  if (rows.length === 0) {
    dirty = removed.length === 0 ? [] : (await client.query<ChangedKey>(lostBlocks(1), gone)).rows;
  } else {
    // One statement: the rows go in, each is counted in the block holding it, so that every
    // register's block sums are its total once this statement is done (the balances are read from
    // them); blocks that gained a block start or lost a row are returned to be recounted.
    dirty = (await client.query<ChangedKey>(
      `WITH ins AS (
         INSERT INTO ledger_register_rows (user_id, register, transaction_id, sort_date, kind_order, seq, delta_cents)
         SELECT * FROM unnest($1::text[], $2::text[], $3::uuid[], $4::date[], $5::smallint[], $6::bigint[], $7::bigint[])
         RETURNING user_id, register, sort_date AS d, kind_order AS k, seq AS s, delta_cents, block_start),
       placed AS (
         SELECT n.*, COALESCE(f.start_date::text, '-infinity') AS b_d, COALESCE(f.start_kind, -1) AS b_k, COALESCE(f.start_seq, -1)::text AS b_s
           FROM ins n ${HOLDING_BLOCK('n')}),
       dirty AS (
         SELECT register, b_d AS date, b_k AS kind, b_s AS seq FROM placed WHERE block_start
         UNION ${lostBlocks(8)}),
       counted AS (
         INSERT INTO ledger_register_blocks AS b (user_id, register, start_date, start_kind, start_seq, row_count, sum_cents)
         SELECT min(p.user_id), p.register, p.b_d::date, p.b_k, p.b_s::bigint, count(*), sum(p.delta_cents)
           FROM placed p
          GROUP BY p.register, p.b_d, p.b_k, p.b_s
         ON CONFLICT (register, start_date, start_kind, start_seq)
         DO UPDATE SET row_count = b.row_count + EXCLUDED.row_count, sum_cents = b.sum_cents + EXCLUDED.sum_cents)
       SELECT register, date, kind, seq FROM dirty`,
      [
        rows.map((r) => r.userId), rows.map((r) => r.register), rows.map((r) => r.transactionId), rows.map((r) => r.sortDate),
        rows.map((r) => r.kindOrder), rows.map((r) => r.seq.toString()), rows.map((r) => r.delta), ...gone,
      ],
    )).rows;
  }
  await recountBlocks(client, dirty);
  return [...new Set([...removed.map((k) => k.register), ...rows.map((r) => r.register)])];
}
