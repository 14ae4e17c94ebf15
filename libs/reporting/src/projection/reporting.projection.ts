import type { PoolClient, Projection, StoredEvent } from '@budget/platform';
import { contributions, Deltas, evolve, FACT_EVENTS, type Contribution, type Contributions, type Fact, type TransactionFactEvent } from './facts.js';
import { reportingMigrations, reportingTables } from './reporting.migrations.js';

type AccountEvent =
  | { type: 'AccountOpened'; data: { accountId: string; institutionId: string } }
  | { type: 'AccountDeleted'; data: { accountId: string } }
  | { type: 'InstitutionDeleted'; data: { institutionId: string } };
const ACCOUNT_EVENTS = new Set(['AccountOpened', 'AccountDeleted', 'InstitutionDeleted']);

/** An aggregate table: its key columns (the conflict target after `user_id`) and its sum columns, with their SQL types. */
interface Aggregate {
  table: string;
  keys: [string, string][];
  sums: [string, string][];
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
};

/** Adds the net change of a run to one aggregate in one statement; drops the rows it emptied in a second. */
async function addTo(client: PoolClient, aggregate: Aggregate, rows: Contribution[]): Promise<void> {
  if (rows.length === 0) return;
  const { table, keys, sums } = aggregate;
  const columns = [['user_id', 'text'], ...keys, ...sums] as [string, string][];
  const params = columns.map((_, i) => rows.map((row) => (i < 1 + keys.length ? row.key[i] : row.sums[i - 1 - keys.length])));
  const names = columns.map(([name]) => name).join(', ');
  const unnest = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  await client.query(
    `INSERT INTO ${table} AS t (${names}) SELECT * FROM unnest(${unnest})
     ON CONFLICT (${keys.map(([name]) => name).join(', ')}) DO UPDATE SET ${sums.map(([name]) => `${name} = t.${name} + excluded.${name}`).join(', ')}`,
    params,
  );
  const emptied = rows.filter((row) => row.sums[row.sums.length - 1]! < 0);
  if (emptied.length === 0) return;
  await client.query(
    `DELETE FROM ${table} t USING unnest(${keys.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')}) AS k(${keys.map(([name]) => name).join(', ')})
      WHERE ${keys.map(([name]) => `t.${name} = k.${name}`).join(' AND ')} AND t.row_count = 0`,
    keys.map((_, i) => emptied.map((row) => row.key[i + 1])),
  );
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

/**
 * A run of transaction events, set-based whatever its length (an import, a sync, a rule applied to
 * thousands of rows): one read of the facts it touches, the events folded over them in order, then
 * one write per table — the facts, their category lines, and each aggregate's net change.
 */
async function applyRun(client: PoolClient, events: readonly (StoredEvent & TransactionFactEvent)[]): Promise<void> {
  if (events.length === 0) return;
  const ids = [...new Set(events.map((e) => e.data.transactionId))];
  const users = [...new Set(events.map((e) => e.metadata.userId))];
  // A run of new rows only (an import, a sync) reads no facts: a row stored already (a replay) is
  // found by its insert's conflict below and left out.
  const newOnly = events.every((e) => e.type === 'TransactionRecorded');
  const [{ rows: stored }, { rows: transfers }] = await Promise.all([
    newOnly ? { rows: [] as FactRow[] } : client.query<FactRow>(
      `SELECT user_id, transaction_id, seq, account_id, to_char(date, 'YYYY-MM-DD') AS date, type, amount_cents, principle_cents,
              pending, deleted, payee, channel, splits, transfer_cents
         FROM reporting_facts WHERE transaction_id = ANY($1::uuid[])`,
      [ids],
    ),
    // The Account Transfer category of each user (a system category: created with the budget, never changed).
    client.query<{ user_id: string; id: string }>(`SELECT user_id, id FROM budget_categories WHERE user_id = ANY($1::text[]) AND type = 'ACCOUNT TRANSFER'`, [users]),
  ]);
  const transferOf = new Map(transfers.map((r) => [r.user_id, r.id]));
  const before = new Map(stored.map((r) => [r.transaction_id, fromRow(r)]));
  const facts = new Map(before);
  const changed = new Set<string>();
  for (const event of events) {
    const id = event.data.transactionId;
    const next = evolve(facts.get(id) ?? null, event, event.metadata.userId, event.position, transferOf.get(event.metadata.userId) ?? null);
    if (next === null) continue;
    facts.set(id, next);
    changed.add(id);
  }
  if (changed.size === 0) return;
  const candidates = [...changed].map((id) => facts.get(id)!);
  const col = <T>(f: (fact: Fact) => T) => candidates.map(f);
  const { rows: upserted } = await client.query<{ transaction_id: string }>(
    `INSERT INTO reporting_facts AS f (user_id, transaction_id, seq, account_id, date, type, amount_cents, principle_cents, transfer_cents,
       pending, deleted, payee, channel, splits)
     SELECT * FROM unnest($1::text[], $2::uuid[], $3::bigint[], $4::uuid[], $5::date[], $6::smallint[], $7::bigint[], $8::bigint[], $9::bigint[],
       $10::boolean[], $11::boolean[], $12::text[], $13::text[], $14::jsonb[])
     ON CONFLICT (transaction_id) ${newOnly ? 'DO NOTHING' : `DO UPDATE SET seq = excluded.seq, date = excluded.date, amount_cents = excluded.amount_cents,
       principle_cents = excluded.principle_cents, transfer_cents = excluded.transfer_cents, pending = excluded.pending,
       deleted = excluded.deleted, payee = excluded.payee, channel = excluded.channel, splits = excluded.splits`}
     RETURNING transaction_id`,
    [
      col((f) => f.userId), col((f) => f.transactionId), col((f) => f.seq.toString()), col((f) => f.accountId), col((f) => f.date),
      col((f) => f.type), col((f) => f.amount), col((f) => f.principle), col((f) => f.transferCents), col((f) => f.pending),
      col((f) => f.deleted), col((f) => f.payee), col((f) => f.channel), col((f) => JSON.stringify(f.splits)),
    ],
  );
  const kept = new Set(upserted.map((r) => r.transaction_id));
  const written = candidates.filter((f) => kept.has(f.transactionId));
  const deltas = new Deltas();
  for (const fact of written) {
    deltas.add(contributions(before.get(fact.transactionId) ?? null), -1);
    deltas.add(contributions(fact), 1);
  }
  const replaced = written.filter((f) => before.has(f.transactionId)).map((f) => f.transactionId);
  if (replaced.length > 0) await client.query('DELETE FROM reporting_split_facts WHERE transaction_id = ANY($1::uuid[])', [replaced]);
  const lines = written.filter((f) => !f.deleted).flatMap((f) => f.splits.map((s) => ({ f, s })));
  if (lines.length > 0) {
    const l = <T>(g: (x: { f: Fact; s: { categoryId: string; amount: number } }) => T) => lines.map(g);
    await client.query(
      `INSERT INTO reporting_split_facts (user_id, transaction_id, category_id, account_id, date, type, pending, amount_cents)
       SELECT * FROM unnest($1::text[], $2::uuid[], $3::text[], $4::uuid[], $5::date[], $6::smallint[], $7::boolean[], $8::bigint[])`,
      [l((x) => x.f.userId), l((x) => x.f.transactionId), l((x) => x.s.categoryId), l((x) => x.f.accountId), l((x) => x.f.date),
        l((x) => x.f.type), l((x) => x.f.pending), l((x) => x.s.amount)],
    );
  }
  for (const table of Object.keys(AGGREGATES) as (keyof Contributions)[]) await addTo(client, AGGREGATES[table], deltas.rows(table));
}

/** Forgets an account: its facts and its rows of every aggregate (the ledger hard-deletes its transactions). */
async function forgetAccounts(client: PoolClient, userId: string, accountIds: string[]): Promise<void> {
  if (accountIds.length === 0) return;
  for (const table of ['reporting_split_facts', 'reporting_facts', 'reporting_account_days', 'reporting_payee_months', 'reporting_category_months', 'reporting_accounts']) {
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
