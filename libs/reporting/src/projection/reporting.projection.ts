import type { PoolClient, Projection, StoredEvent } from '@budget/platform';
import { contributions, Deltas, evolve, FACT_EVENTS, type Contribution, type Contributions, type Fact, type TransactionFactEvent } from './facts.js';
import { reportingMigrations, reportingTables } from './reporting.migrations.js';

type AccountEvent =
  | { type: 'AccountOpened'; data: { accountId: string; institutionId: string } }
  | { type: 'AccountDeleted'; data: { accountId: string } }
  | { type: 'InstitutionDeleted'; data: { institutionId: string } };
const ACCOUNT_EVENTS = new Set(['AccountOpened', 'AccountDeleted', 'InstitutionDeleted']);

/**
 * An aggregate table: its key columns (after `user_id`) and its sum columns, with their SQL types.
 * The table's unique key is the key columns, or `user_id` and them when `userKeyed` (its key holds
 * no id that is the user's alone: budget progress's rows without an account share the zero uuid).
 */
interface Aggregate {
  table: string;
  keys: [string, string][];
  sums: [string, string][];
  userKeyed?: true;
}
const AGGREGATES: Record<keyof Contributions, Aggregate> = {
  accountDays: {
    table: 'reporting_account_days',
    keys: [['account_id', 'uuid'], ['day', 'date']],
    sums: [['amount_cents', 'bigint'], ['move_cents', 'bigint'], ['income_cents', 'bigint'], ['expense_cents', 'bigint'], ['row_count', 'int']],
  },
  payeeMonths: {
    table: 'reporting_payee_months',
    keys: [['account_id', 'uuid'], ['month', 'date'], ['payee', 'text'], ['channel', 'text']],
    sums: [['sum_cents', 'bigint'], ['row_count', 'int']],
  },
  categoryMonths: {
    table: 'reporting_category_months',
    keys: [['category_id', 'text'], ['account_id', 'uuid'], ['month', 'date'], ['type', 'smallint']],
    sums: [['sum_cents', 'bigint'], ['row_count', 'int']],
  },
  progressDays: {
    table: 'reporting_progress_days',
    keys: [['date', 'date'], ['category_id', 'text'], ['account_id', 'uuid']],
    sums: [['funded_cents', 'bigint'], ['other_cents', 'bigint'], ['row_count', 'int']],
    userKeyed: true,
  },
  progressSets: {
    table: 'reporting_progress_sets',
    keys: [['date', 'date'], ['account_id', 'uuid'], ['categories', 'text']],
    sums: [['row_count', 'int']],
    userKeyed: true,
  },
};

/**
 * The CTEs that add a run's contributions to one aggregate, inside the run's one write statement:
 * `d_<name>` sums the contributions of the facts the statement wrote (`f`) by key, leaving out keys
 * whose additions cancel; `gone_<name>` deletes the rows they empty (a row is kept while
 * `row_count` > 0); `put_<name>` adds the rest, inserting the rows that were missing. The deleted
 * and the added rows are apart, so one statement may touch both. `at` is the first of its
 * parameters (six to nine): the contributing transaction, `user_id`, the keys, the sums.
 */
function aggregateCtes(name: string, aggregate: Aggregate, at: number): { sql: string; next: number } {
  const { table, keys, sums } = aggregate;
  const columns = [['tx', 'uuid'], ['user_id', 'text'], ...keys, ...sums] as [string, string][];
  const unnest = columns.map(([, type], i) => `$${at + i}::${type}[]`).join(', ');
  const keyNames = ['user_id', ...keys.map(([k]) => k)];
  const unique = aggregate.userKeyed ? keyNames : keys.map(([k]) => k);
  const count = sums[sums.length - 1]![0];
  const match = (a: string, b: string) => unique.map((k) => `${a}.${k} = ${b}.${k}`).join(' AND ');
  const sql = `
  d_${name} AS (
    SELECT ${keyNames.map((k) => `d.${k}`).join(', ')}, ${sums.map(([s, type]) => `sum(d.${s})::${type} AS ${s}`).join(', ')}
      FROM unnest(${unnest}) AS d(${columns.map(([c]) => c).join(', ')})
     WHERE d.tx IN (SELECT transaction_id FROM f)
     GROUP BY ${keyNames.map((k) => `d.${k}`).join(', ')}
    HAVING ${sums.map(([s]) => `sum(d.${s}) <> 0`).join(' OR ')}
  ),
  gone_${name} AS (
    DELETE FROM ${table} t USING d_${name} d
     WHERE ${match('t', 'd')} AND d.${count} < 0 AND t.${count} + d.${count} = 0
  ),
  put_${name} AS (
    INSERT INTO ${table} AS t (${[...keyNames, ...sums.map(([s]) => s)].join(', ')})
    SELECT d.* FROM d_${name} d
     WHERE NOT (d.${count} < 0 AND EXISTS (SELECT 1 FROM ${table} x WHERE ${match('x', 'd')} AND x.${count} + d.${count} = 0))
    ON CONFLICT (${unique.join(', ')}) DO UPDATE SET ${sums.map(([s]) => `${s} = t.${s} + excluded.${s}`).join(', ')}
  )`;
  return { sql, next: at + columns.length };
}

/**
 * A run's one write statement (docs/architecture.md §4, "Statements per write"): the facts upserted
 * ($1…$14; a run of new rows only leaves a fact stored already alone, so a replay adds nothing),
 * their category lines ($15…$22) put and the lines no longer there deleted (of the facts that
 * had some, $23), and each aggregate's net change — only the contributions of the facts written.
 */
function runSql(newOnly: boolean): string {
  const parts: string[] = [];
  let at = 24;
  for (const [name, aggregate] of Object.entries(AGGREGATES)) {
    const { sql, next } = aggregateCtes(name, aggregate, at);
    parts.push(sql);
    at = next;
  }
  return `
  WITH f AS (
    INSERT INTO reporting_facts AS f (user_id, transaction_id, seq, account_id, date, type, amount_cents, principle_cents, transfer_cents,
      pending, deleted, payee, channel, splits)
    SELECT * FROM unnest($1::text[], $2::uuid[], $3::bigint[], $4::uuid[], $5::date[], $6::smallint[], $7::bigint[], $8::bigint[], $9::bigint[],
      $10::boolean[], $11::boolean[], $12::text[], $13::text[], $14::jsonb[])
    ON CONFLICT (transaction_id) ${newOnly ? 'DO NOTHING' : `DO UPDATE SET seq = excluded.seq, date = excluded.date, amount_cents = excluded.amount_cents,
      principle_cents = excluded.principle_cents, transfer_cents = excluded.transfer_cents, pending = excluded.pending,
      deleted = excluded.deleted, payee = excluded.payee, channel = excluded.channel, splits = excluded.splits`}
    RETURNING transaction_id
  ),
  lines AS (
    SELECT l.* FROM unnest($15::text[], $16::uuid[], $17::text[], $18::uuid[], $19::date[], $20::smallint[], $21::boolean[], $22::bigint[])
      AS l(user_id, transaction_id, category_id, account_id, date, type, pending, amount_cents)
     WHERE l.transaction_id IN (SELECT transaction_id FROM f)
  ),
  gone_lines AS (
    DELETE FROM reporting_split_facts s
     WHERE s.transaction_id = ANY($23::uuid[]) AND s.transaction_id IN (SELECT transaction_id FROM f)
       AND NOT EXISTS (SELECT 1 FROM lines l WHERE l.transaction_id = s.transaction_id AND l.category_id = s.category_id)
  ),
  put_lines AS (
    INSERT INTO reporting_split_facts (user_id, transaction_id, category_id, account_id, date, type, pending, amount_cents)
    SELECT * FROM lines
    ON CONFLICT (transaction_id, category_id) DO UPDATE SET user_id = excluded.user_id, account_id = excluded.account_id, date = excluded.date,
      type = excluded.type, pending = excluded.pending, amount_cents = excluded.amount_cents
  ),${parts.join(',')}
  SELECT count(*)::int AS written FROM f`;
}
const RUN_SQL = { newOnly: runSql(true), changes: runSql(false) };

/**
 * The Account Transfer category of each user seen (a system category: created with the budget,
 * never changed or removed while the user exists, and a rebuild gives it the same id), so a run of
 * new rows asks PostgreSQL nothing before its write. Only found ids are kept; bounded.
 */
const transferCategories = new Map<string, string>();
const MAX_REMEMBERED_USERS = 100_000;
function rememberTransferCategory(userId: string, id: string): void {
  if (transferCategories.size >= MAX_REMEMBERED_USERS) transferCategories.clear();
  transferCategories.set(userId, id);
}

interface FactRow {
  user_id: string;
  transaction_id: string;
  seq: string;
  account_id: string | null;
  date: string;
  type: number;
  amount_cents: string;
  principle_cents: string | null;
  pending: boolean;
  deleted: boolean;
  payee: string;
  channel: string;
  splits: { categoryId: string; amount: number }[];
  transfer_cents: string;
}
const fromRow = (r: FactRow): Fact => ({
  userId: r.user_id, transactionId: r.transaction_id, seq: BigInt(r.seq), accountId: r.account_id, date: r.date, type: r.type,
  amount: Number(r.amount_cents), principle: r.principle_cents === null ? null : Number(r.principle_cents), pending: r.pending,
  deleted: r.deleted, payee: r.payee, channel: r.channel, splits: r.splits, transferCents: Number(r.transfer_cents),
});

type FactOrTransferRow = FactRow & { transfer_category: string | null };

/** The facts a run changes and, in the same statement, the Account Transfer category of its users not yet known. */
const FACTS_AND_TRANSFERS_SQL = `
  SELECT user_id, transaction_id, seq, account_id, to_char(date, 'YYYY-MM-DD') AS date, type, amount_cents, principle_cents,
         pending, deleted, payee, channel, splits, transfer_cents, NULL::text AS transfer_category
    FROM reporting_facts WHERE transaction_id = ANY($1::uuid[])
  UNION ALL
  SELECT user_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, id
    FROM budget_categories WHERE user_id = ANY($2::text[]) AND type = 'ACCOUNT TRANSFER'`;

/**
 * A run of transaction events, set-based whatever its length (an import, a sync, a rule applied to
 * thousands of rows): at most one read (the facts it touches, with the Account Transfer category of
 * users not seen yet; none for a run of new rows of known users), the events folded over them in
 * order, then ONE write statement (`RUN_SQL`) for the facts, their category lines and each
 * aggregate's net change.
 */
async function applyRun(client: PoolClient, events: readonly (StoredEvent & TransactionFactEvent)[]): Promise<void> {
  if (events.length === 0) return;
  const ids = [...new Set(events.map((e) => e.data.transactionId))];
  const users = [...new Set(events.map((e) => e.metadata.userId))];
  const unknownUsers = users.filter((u) => !transferCategories.has(u));
  // A run of new rows only (an import, a sync) reads no facts: a row stored already (a replay) is
  // found by its insert's conflict below and left out.
  const newOnly = events.every((e) => e.type === 'TransactionRecorded');
  let stored: FactRow[] = [];
  if (!newOnly || unknownUsers.length > 0) {
    const { rows } = await client.query<FactOrTransferRow>(FACTS_AND_TRANSFERS_SQL, [newOnly ? [] : ids, unknownUsers]);
    for (const row of rows) if (row.transfer_category !== null) rememberTransferCategory(row.user_id, row.transfer_category);
    stored = rows.filter((row) => row.transfer_category === null);
  }
  const before = new Map(stored.map((r) => [r.transaction_id, fromRow(r)]));
  const facts = new Map(before);
  const changed = new Set<string>();
  for (const event of events) {
    const id = event.data.transactionId;
    const next = evolve(facts.get(id) ?? null, event, event.metadata.userId, event.position, transferCategories.get(event.metadata.userId) ?? null);
    if (next === null) continue;
    facts.set(id, next);
    changed.add(id);
  }
  if (changed.size === 0) return;
  const candidates = [...changed].map((id) => facts.get(id)!);
  const col = <T>(f: (fact: Fact) => T) => candidates.map(f);
  const lines = candidates.filter((f) => !f.deleted).flatMap((f) => f.splits.map((s) => ({ f, s })));
  const l = <T>(g: (x: { f: Fact; s: { categoryId: string; amount: number } }) => T) => lines.map(g);
  // Each candidate's contributions, its old ones taken away, tagged with the transaction: the
  // statement counts only those of the facts it wrote.
  const aggregates: unknown[][] = [];
  for (const table of Object.keys(AGGREGATES) as (keyof Contributions)[]) {
    const rows: { tx: string; row: Contribution }[] = [];
    for (const fact of candidates) {
      const deltas = new Deltas();
      deltas.add(contributions(before.get(fact.transactionId) ?? null), -1);
      deltas.add(contributions(fact), 1);
      for (const row of deltas.rows(table)) rows.push({ tx: fact.transactionId, row });
    }
    const width = 1 + AGGREGATES[table].keys.length + AGGREGATES[table].sums.length;
    aggregates.push(rows.map((r) => r.tx));
    for (let i = 0; i < width; i++) {
      aggregates.push(rows.map(({ row }) => (i < 1 + AGGREGATES[table].keys.length ? row.key[i] : row.sums[i - 1 - AGGREGATES[table].keys.length])));
    }
  }
  await client.query(newOnly ? RUN_SQL.newOnly : RUN_SQL.changes, [
    col((f) => f.userId), col((f) => f.transactionId), col((f) => f.seq.toString()), col((f) => f.accountId), col((f) => f.date),
    col((f) => f.type), col((f) => f.amount), col((f) => f.principle), col((f) => f.transferCents), col((f) => f.pending),
    col((f) => f.deleted), col((f) => f.payee), col((f) => f.channel), col((f) => JSON.stringify(f.splits)),
    l((x) => x.f.userId), l((x) => x.f.transactionId), l((x) => x.s.categoryId), l((x) => x.f.accountId), l((x) => x.f.date),
    l((x) => x.f.type), l((x) => x.f.pending), l((x) => x.s.amount),
    candidates.filter((f) => before.has(f.transactionId)).map((f) => f.transactionId),
    ...aggregates,
  ]);
}

/** Forgets an account: its facts and its rows of every aggregate (the ledger hard-deletes its transactions). */
async function forgetAccounts(client: PoolClient, userId: string, accountIds: string[]): Promise<void> {
  if (accountIds.length === 0) return;
  for (const table of [
    'reporting_split_facts', 'reporting_facts', 'reporting_account_days', 'reporting_payee_months', 'reporting_category_months',
    'reporting_progress_days', 'reporting_progress_sets', 'reporting_accounts',
  ]) {
    await client.query(`DELETE FROM ${table} WHERE user_id = $1 AND account_id = ANY($2::uuid[])`, [userId, accountIds]);
  }
}

async function applyAccountEvent(client: PoolClient, event: StoredEvent & AccountEvent): Promise<void> {
  switch (event.type) {
    case 'AccountOpened':
      await client.query(
        'INSERT INTO reporting_accounts (user_id, account_id, institution_id) VALUES ($1, $2, $3) ON CONFLICT (account_id) DO NOTHING',
        [event.metadata.userId, event.data.accountId, event.data.institutionId],
      );
      return;
    case 'AccountDeleted':
      await forgetAccounts(client, event.metadata.userId, [event.data.accountId]);
      return;
    case 'InstitutionDeleted': {
      const { rows } = await client.query<{ account_id: string }>('SELECT account_id FROM reporting_accounts WHERE institution_id = $1', [event.data.institutionId]);
      await forgetAccounts(client, event.metadata.userId, rows.map((r) => r.account_id));
      return;
    }
    default: {
      const unknown: never = event;
      throw new Error(`Unknown account event ${(unknown as { type: string }).type}`);
    }
  }
}

/**
 * The reporting projection (docs/architecture.md §4 "Reports"): per-transaction facts and period
 * pre-aggregates from the ledger's transaction events. Listed after the ledger's projection, whose
 * account rows the reports read for tracking, start date, closed and type.
 */
export const reportingProjection: Projection = {
  name: 'reporting',
  migrations: reportingMigrations,
  tables: reportingTables,
  // The Account Transfer category of users it has not met yet.
  reads: ['budget_categories'],
  async apply(client: PoolClient, event: StoredEvent): Promise<void> {
    await reportingProjection.applyBatch!(client, [event]);
  },
  /** Runs of transaction events set-based (`applyRun`); account events one by one between them. */
  async applyBatch(client: PoolClient, events: readonly StoredEvent[]): Promise<void> {
    let run: (StoredEvent & TransactionFactEvent)[] = [];
    for (const event of events) {
      if (FACT_EVENTS.has(event.type)) {
        run.push(event as StoredEvent & TransactionFactEvent);
        continue;
      }
      if (!ACCOUNT_EVENTS.has(event.type)) continue;
      await applyRun(client, run);
      run = [];
      await applyAccountEvent(client, event as StoredEvent & AccountEvent);
    }
    await applyRun(client, run);
  },
};
