import { EXPLAIN_CAUSE_LABELS, EXPLAIN_CAUSES, type ExplainCause } from '@budget/contracts';
import { centsFromDb, dollarsFromCents } from '@budget/money';
import { NotFound, type Queryable } from '@budget/platform';
import { categoryNames } from './log-lines.sql.js';

/** The most items a cause lists (newest first); its total and count cover all of them. */
export const EXPLAIN_ITEMS = 200;

export interface ExplainRange {
  from: string | null;
  to: string | null;
}

/**
 * Why a transaction moved a balance (README "Every cent explained"), from its kind, its provider
 * and what last set its money (`cause` of its latest log line that set it, transaction-log.ts):
 * `$cents` is what it adds to the balance explained. A kind this list does not know (a new kind of
 * adjustment) is an adjustment, never dropped.
 */
const CAUSE_OF = (cents: string) => `
  CASE WHEN t.kind = 'starting-balance' THEN 'startingBalance'
       WHEN t.kind = 'funding' THEN CASE WHEN ${cents} >= 0 THEN 'fundingIn' ELSE 'fundingOut' END
       WHEN t.kind IN ('rebalance', 'transfer') THEN 'rebalance'
       WHEN t.kind NOT IN ('regular', 'manual') OR c.cause = 'adjustment' THEN 'adjustment'
       WHEN c.cause = 'transfer' THEN 'rebalance'
       WHEN c.cause LIKE 'rule:%' THEN 'rule'
       WHEN c.cause IN ('correction', 'undo') THEN 'correction'
       WHEN t.provider = 'PLAID' THEN 'bankSync'
       WHEN t.provider IN ('OFX', 'CSV') THEN 'import'
       WHEN ${cents} < 0 THEN 'spending' ELSE 'income' END`;

/** The latest money-setting log line's cause of the transaction `t`. */
const LATEST_CAUSE = `LEFT JOIN LATERAL (
    SELECT l.cause FROM ledger_transaction_logs l WHERE l.transaction_id = t.id AND l.cause IS NOT NULL ORDER BY l.seq DESC LIMIT 1) c ON true`;

/**
 * Totals by cause and the newest items of each, over `moves` (a CTE of this module: id, cents,
 * date, in_range) — constant SQL of this module, never input. One statement: the opening sum
 * (rows before the range), the totals and counts per cause, and the items.
 */
const WALK = (moves: string) => `
  WITH moves AS (${moves}),
  ranked AS (
    SELECT m.*, row_number() OVER (PARTITION BY m.cause ORDER BY m.date DESC, m.seq DESC) AS n,
           sum(m.cents) OVER (PARTITION BY m.cause) AS total, count(*) OVER (PARTITION BY m.cause) AS count
      FROM moves m WHERE m.in_range)
  SELECT 'opening' AS part, NULL AS cause, NULL::uuid AS id, NULL AS date, NULL AS name, NULL::boolean AS pending,
         COALESCE((SELECT sum(cents) FROM moves WHERE before_range), 0)::text AS cents, NULL::text AS total, NULL::bigint AS count
  UNION ALL
  SELECT 'item', cause, id, date, name, pending, cents::text, total::text, count FROM ranked WHERE n <= ${EXPLAIN_ITEMS}`;

interface WalkRow {
  part: 'opening' | 'item';
  cause: ExplainCause | null;
  id: string | null;
  date: string | null;
  name: string | null;
  pending: boolean | null;
  cents: string;
  total: string | null;
  count: string | null;
}

interface CauseTotal {
  cause: ExplainCause;
  total: number;
  count: number;
  items: { id: string; date: string; name: string | null; cents: number; pending: boolean }[];
}

function causesOf(rows: readonly WalkRow[]): Map<ExplainCause, CauseTotal> {
  const causes = new Map<ExplainCause, CauseTotal>();
  for (const r of rows) {
    if (r.part !== 'item') continue;
    const cause = r.cause!;
    let entry = causes.get(cause);
    if (!entry) causes.set(cause, (entry = { cause, total: centsFromDb(r.total!), count: Number(r.count), items: [] }));
    entry.items.push({ id: r.id!, date: r.date!, name: r.name, cents: centsFromDb(r.cents), pending: r.pending ?? false });
  }
  return causes;
}

interface Walk {
  openingCents: number;
  causes: Map<ExplainCause, CauseTotal>;
  registerCents: number;
  /** Log lines about the account itself (start date, tracking, bank balance), shown under the starting balance. */
  accountId?: string;
}

/** The answer: causes in their fixed order, amounts in dollars, each item with its log lines. */
async function answer(db: Queryable, userId: string, range: ExplainRange, walk: Walk) {
  const causes = EXPLAIN_CAUSES.flatMap((cause) => (walk.causes.has(cause) ? [walk.causes.get(cause)!] : []));
  const ids = causes.flatMap((c) => c.items.map((i) => i.id));
  const { rows: lines } = await db.query<{ id: string; subject: string; created_at: Date; message: string; correlation_id: string | null }>(
    `SELECT l.id, l.transaction_id::text AS subject, l.created_at, l.message, l.correlation_id FROM ledger_transaction_logs l
      WHERE l.user_id = $1 AND l.transaction_id = ANY($2::uuid[])
     UNION ALL
     SELECT l.id, 'account' AS subject, l.created_at, l.message, l.correlation_id FROM ledger_transaction_logs l
      WHERE l.user_id = $1 AND l.account_id = $3::uuid AND l.transaction_id IS NULL
     ORDER BY created_at, id`,
    [userId, ids, walk.accountId ?? null],
  );
  const readable = await categoryNames(db, userId, lines.map((l) => l.message));
  const events = new Map<string, { id: string; createdAt: string; message: string; correlationId: string | null }[]>();
  for (const l of lines) {
    const list = events.get(l.subject) ?? [];
    list.push({ id: l.id, createdAt: l.created_at.toISOString(), message: readable(l.message), correlationId: l.correlation_id });
    events.set(l.subject, list);
  }
  const moved = causes.reduce((sum, c) => sum + c.total, 0);
  return {
    data: {
      from: range.from,
      to: range.to,
      openingBalance: dollarsFromCents(walk.openingCents),
      causes: causes.map((c) => ({
        cause: c.cause,
        label: EXPLAIN_CAUSE_LABELS[c.cause],
        total: dollarsFromCents(c.total),
        count: c.count,
        items: c.items.map((i) => ({
          id: i.id, date: i.date, name: i.name, amount: dollarsFromCents(i.cents), pending: i.pending,
          events: [...(events.get(i.id) ?? []), ...(c.cause === 'startingBalance' ? (events.get('account') ?? []) : [])],
        })),
      })),
      closingBalance: dollarsFromCents(walk.openingCents + moved),
      registerBalance: dollarsFromCents(walk.registerCents),
    },
  };
}

/**
 * GET /category/{id}/explain: the category's live splits (its balance is their sum, pending
 * included: README "Visibility"), each transaction's part of them classified by cause.
 */
export async function explainCategory(db: Queryable, userId: string, categoryId: string, range: ExplainRange) {
  const { rows: found } = await db.query<{ balance: string | null }>(
    `SELECT b.balance_cents AS balance FROM budget_categories c LEFT JOIN ledger_category_balances b ON b.category_id = c.id
      WHERE c.user_id = $1 AND c.id = $2`,
    [userId, categoryId],
  );
  if (!found[0]) throw new NotFound('Category not found');
  const { rows } = await db.query<WalkRow>(
    WALK(`
      SELECT t.id, to_char(t.date, 'YYYY-MM-DD') AS date, t.seq, t.name, t.pending, s.cents, ${CAUSE_OF('s.cents')} AS cause,
             ($3::date IS NOT NULL AND t.date < $3::date) AS before_range,
             (($3::date IS NULL OR t.date >= $3::date) AND ($4::date IS NULL OR t.date <= $4::date)) AS in_range
        FROM (SELECT transaction_id, sum(amount_cents) AS cents FROM ledger_splits
               WHERE user_id = $1 AND category_id = $2 AND live GROUP BY transaction_id) s
        JOIN ledger_transactions t ON t.id = s.transaction_id
        ${LATEST_CAUSE}`),
    [userId, categoryId, range.from, range.to],
  );
  return answer(db, userId, range, {
    openingCents: centsFromDb(rows.find((r) => r.part === 'opening')!.cents),
    causes: causesOf(rows),
    registerCents: centsFromDb(found[0].balance ?? 0),
  });
}

/**
 * GET /account/{id}/explain: the account's balance is its opening (starting) balance plus its
 * posted rows dated from its start date (what a loan's row moves is its principle), as its
 * register counts it (README "Registers"); a Balances-tracked account's balance is its newest
 * balance entry, each entry an adjustment from the one before.
 */
export async function explainAccount(db: Queryable, userId: string, accountId: string, range: ExplainRange) {
  const { rows: found } = await db.query<{ tracking: string; start_date: string; opening: string; balance: string; starting_id: string | null; name: string }>(
    `SELECT tracking, to_char(start_date, 'YYYY-MM-DD') AS start_date, opening_balance_cents::text AS opening, balance_cents::text AS balance,
            starting_transaction_id AS starting_id, name
       FROM ledger_accounts WHERE user_id = $1 AND id = $2`,
    [userId, accountId],
  );
  const account = found[0];
  if (!account) throw new NotFound('Account not found');
  const registerCents = centsFromDb(account.balance);
  if (account.tracking === 'Balances') return answer(db, userId, range, { ...(await balanceEntries(db, userId, accountId, range, registerCents)), accountId });
  const { rows } = await db.query<WalkRow>(
    WALK(`
      SELECT t.id, to_char(t.date, 'YYYY-MM-DD') AS date, t.seq, t.name, false AS pending, m.cents, ${CAUSE_OF('m.cents')} AS cause,
             ($4::date IS NOT NULL AND t.date < $4::date) AS before_range,
             (($4::date IS NULL OR t.date >= $4::date) AND ($5::date IS NULL OR t.date <= $5::date)) AS in_range
        FROM ledger_transactions t JOIN ledger_accounts a ON a.id = t.account_id
        CROSS JOIN LATERAL (SELECT CASE WHEN a.type = 'loan' THEN COALESCE(t.principle_cents, t.amount_cents, 0) ELSE COALESCE(t.amount_cents, 0) END AS cents) m
        ${LATEST_CAUSE}
       WHERE t.user_id = $1 AND t.account_id = $2 AND NOT t.deleted AND NOT t.pending AND t.kind <> 'starting-balance' AND t.date >= $3::date`),
    [userId, accountId, account.start_date, range.from, range.to],
  );
  const causes = causesOf(rows);
  // The opening balance counts on the start date: inside the range it is the walk's first cause,
  // before it part of the opening balance, after it not yet counted.
  const opening = centsFromDb(account.opening);
  const startsBefore = range.from !== null && range.from > account.start_date;
  const startsAfter = range.to !== null && range.to < account.start_date;
  if (!startsBefore && !startsAfter) {
    const { rows: starting } = await db.query<{ name: string | null }>('SELECT name FROM ledger_transactions WHERE id = $1', [account.starting_id]);
    causes.set('startingBalance', {
      cause: 'startingBalance', total: opening, count: 1,
      items: [{ id: account.starting_id ?? accountId, date: account.start_date, name: starting[0]?.name ?? `Starting balance of ${account.name}`, cents: opening, pending: false }],
    });
  }
  const before = centsFromDb(rows.find((r) => r.part === 'opening')!.cents);
  return answer(db, userId, range, { openingCents: startsBefore ? opening + before : 0, causes, registerCents, accountId });
}

/** A Balances-tracked account: each balance entry moves the balance from the entry before it (0 before the first). */
async function balanceEntries(db: Queryable, userId: string, accountId: string, range: ExplainRange, registerCents: number): Promise<Walk> {
  const { rows } = await db.query<{ id: string; date: string; cents: string }>(
    `SELECT id, to_char(date, 'YYYY-MM-DD') AS date, balance_cents::text AS cents FROM ledger_balance_history
      WHERE user_id = $1 AND account_id = $2 ORDER BY date, id`,
    [userId, accountId],
  );
  const causes = new Map<ExplainCause, CauseTotal>();
  if (rows.length === 0) {
    // No entry: the balance it was opened with (or kept when it came to track Balances).
    if (range.from === null) causes.set('startingBalance', { cause: 'startingBalance', total: registerCents, count: 1, items: [{ id: accountId, date: '', name: 'Balance when opened', cents: registerCents, pending: false }] });
    return { openingCents: range.from === null ? 0 : registerCents, causes, registerCents };
  }
  let previous = 0;
  let opening = 0;
  const items: CauseTotal['items'] = [];
  for (const r of rows) {
    const cents = centsFromDb(r.cents);
    if (range.from !== null && r.date < range.from) opening = cents;
    else if (range.to === null || r.date <= range.to) items.push({ id: r.id, date: r.date, name: 'Balance entry', cents: cents - previous, pending: false });
    previous = cents;
  }
  if (items.length > 0) {
    causes.set('adjustment', { cause: 'adjustment', total: items.reduce((s, i) => s + i.cents, 0), count: items.length, items: items.reverse().slice(0, EXPLAIN_ITEMS) });
  }
  return { openingCents: opening, causes, registerCents };
}
