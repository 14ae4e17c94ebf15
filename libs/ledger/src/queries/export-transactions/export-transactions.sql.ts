import { EXPORT_TYPE_NAMES, type exportLine } from '@budget/contracts';
import { centsFromDb, dollarsFromCents } from '@budget/money';
import type { Pool } from '@budget/platform';
import type { z } from 'zod';

type ExportLine = z.output<typeof exportLine>;

/** The page's transactions joined to their parts, each part a line; a part's category and its group by name. */
const LINES = `
  SELECT p.id, to_char(p.date, 'YYYY-MM-DD') AS date, p.seq::text AS seq, p.type, p.name, p.comment, p.amount_cents::text AS amount_cents,
         p.pending, a.name AS account_name, i.name AS institution_name,
         (s.part->>'amount') AS part_cents, s.part->>'comment' AS part_comment, c.name AS category_name,
         CASE WHEN g.type = 'REGULAR' THEN g.name END AS group_name
    FROM page p
    LEFT JOIN ledger_accounts a ON a.id = p.account_id
    LEFT JOIN ledger_institutions i ON i.id = a.institution_id
    LEFT JOIN LATERAL jsonb_array_elements(p.splits) WITH ORDINALITY AS s(part, ord) ON true
    LEFT JOIN budget_categories c ON c.user_id = $1 AND c.id = s.part->>'categoryId'
    LEFT JOIN budget_groups g ON g.user_id = $1 AND g.id = c.group_id
   ORDER BY p.date, p.seq, s.ord`;

const PAGE_COLUMNS = 't.id, t.date, t.seq, t.type, t.name, t.comment, t.amount_cents, t.pending, t.splits, t.account_id';

/**
 * The first page, and a page after a cursor: the user's live transactions by (date, seq) — seq is
 * the position of the event that recorded the row, unique — read along the index on
 * (user_id, date DESC, seq DESC), so every page costs the same at any depth (two constant texts,
 * not one with an `IS NULL OR`, which would keep the index from bounding the scan).
 */
export const EXPORT_FIRST_PAGE_SQL = `
  WITH page AS (SELECT ${PAGE_COLUMNS} FROM ledger_transactions t
                 WHERE t.user_id = $1 AND NOT t.deleted ORDER BY t.date, t.seq LIMIT $2)
  ${LINES}`;
export const EXPORT_NEXT_PAGE_SQL = `
  WITH page AS (SELECT ${PAGE_COLUMNS} FROM ledger_transactions t
                 WHERE t.user_id = $1 AND NOT t.deleted AND (t.date, t.seq) > ($3::date, $4::bigint) ORDER BY t.date, t.seq LIMIT $2)
  ${LINES}`;

interface LineRow {
  id: string;
  date: string;
  seq: string;
  type: number;
  name: string | null;
  comment: string | null;
  amount_cents: string | null;
  pending: boolean;
  account_name: string | null;
  institution_name: string | null;
  part_cents: string | null;
  part_comment: string | null;
  category_name: string | null;
  group_name: string | null;
}

const blankToNull = (text: string | null) => (text === null || text.trim() === '' ? null : text);

/** A row as its export line: a row without parts (a bank row not categorised yet) is one Unassigned line of its whole amount. */
export function toExportLine(row: LineRow): ExportLine {
  const account = row.account_name === null ? null : row.institution_name === null ? row.account_name : `${row.institution_name}: ${row.account_name}`;
  const unassigned = row.part_cents === null;
  return {
    transactionId: row.id,
    date: row.date,
    type: EXPORT_TYPE_NAMES[row.type] ?? 'Regular',
    account,
    payee: row.name,
    categoryGroup: unassigned ? null : row.group_name,
    category: unassigned ? 'Unassigned' : (row.category_name ?? 'Unassigned'),
    memo: blankToNull(row.part_comment) ?? blankToNull(row.comment),
    amount: dollarsFromCents(centsFromDb(unassigned ? row.amount_cents : row.part_cents)),
    pending: row.pending,
  };
}

/** A page of at most `limit` transactions after `after` (none: the first), as lines, and the cursor of the page after it. */
export async function exportPage(pool: Pool, userId: string, after: { date: string; seq: string } | null, limit: number): Promise<{ lines: ExportLine[]; next: string | null }> {
  const { rows } = after
    ? await pool.query<LineRow>(EXPORT_NEXT_PAGE_SQL, [userId, limit, after.date, after.seq])
    : await pool.query<LineRow>(EXPORT_FIRST_PAGE_SQL, [userId, limit]);
  const transactions = new Set(rows.map((row) => row.id)).size;
  const last = rows.at(-1);
  return { lines: rows.map(toExportLine), next: transactions === limit && last ? `${last.date}_${last.seq}` : null };
}
