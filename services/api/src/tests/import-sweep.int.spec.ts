import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { IMPORT_LEASE_LOCK_CLASS, ImportSweep, OPEN_IMPORTS_SQL } from '@budget/ledger';
import { EventWriter, rebuildReadModels } from '@budget/platform';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';
import { readModelProjections } from '../read-model-projections.js';

/**
 * An OFX import a crash cut short finishes by itself (docs/architecture.md §8 "Imports in
 * chunks"): its plan and its first chunk are stored, the process dies before the rest; the sweep
 * (`ImportSweep`), run when a process starts and then periodically, finds the plan among the
 * unfinished imports (`ledger_open_imports`, not a scan of the log) and appends the missing chunks
 * once. Every row is stored once, the balances equal a clean import's, and the client's later retry
 * with the same key answers the finished import without a new row. An import a live run holds (a
 * request under way here, or the lease of another process) is left alone.
 */

/** 750 rows (three chunks of 250) of both signs; `cents` is their exact sum. */
function file(): { payload: string; count: number; cents: number } {
  let cents = 0;
  const rows = Array.from({ length: 750 }, (_, i) => {
    const amount = (i % 5 === 0 ? 1 : -1) * (100 + ((i * 53) % 7000));
    cents += amount;
    const dollars = `${amount < 0 ? '-' : ''}${Math.floor(Math.abs(amount) / 100)}.${String(Math.abs(amount) % 100).padStart(2, '0')}`;
    return `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>202503${String(1 + (i % 28)).padStart(2, '0')}<TRNAMT>${dollars}<FITID>S-${i}<NAME>SHOP ${i}</STMTTRN>`;
  });
  const payload = `OFXHEADER:100
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>9</BANKACCTFROM><BANKTRANLIST>
${rows.join('\n')}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
  return { payload, count: rows.length, cents };
}

/** A signed-up user of one test app, with what the tests do and read through it. */
async function userOf(t: ApiTestApp, label: string) {
  const user: SignedUpUser = await signUp(t.http, t.mail, label);
  const openAccount = async (name: string): Promise<string> => {
    const made = await t.http.post(
      'institution',
      { institution: { name }, accounts: [{ name: 'Checking', balance: 0, type: 'depository', subtype: 'checking', tracking: 'Transactions' }], startDate: '2025-01-01' },
      user.access,
    );
    expect(made.status, made.body).toBe(201);
    return made.json().data.accounts[0].id as string;
  };
  const sendOfx = (accountId: string, payload: string, key: string) =>
    t.app.inject({
      method: 'POST', url: `/api/v1/account/${accountId}/ofx`, payload,
      headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/x-ofx', 'idempotency-key': key },
    });
  /** What the account holds: its rows (and how many distinct keys), the row events, plans and summaries in the log, its balance. */
  const stored = async (accountId: string) => {
    const owner = (await t.db.pool.query<{ user_id: string }>('SELECT user_id FROM ledger_accounts WHERE id = $1', [accountId])).rows[0]!.user_id;
    const q = async (sql: string, values: unknown[]) => (await t.db.pool.query<{ n: number }>(sql, values)).rows[0]!.n;
    return {
      rows: await q('SELECT count(*)::int AS n FROM ledger_transactions WHERE account_id = $1 AND provider_transaction_id IS NOT NULL', [accountId]),
      keys: await q('SELECT count(DISTINCT provider_transaction_id)::int AS n FROM ledger_transactions WHERE account_id = $1 AND provider_transaction_id IS NOT NULL', [accountId]),
      recorded: await q("SELECT count(*)::int AS n FROM es_events WHERE user_id = $1 AND type = 'TransactionRecorded' AND data->'account'->>'accountId' = $2 AND data->'account'->>'providerTransactionId' IS NOT NULL", [owner, accountId]),
      plans: await q("SELECT count(*)::int AS n FROM es_events WHERE user_id = $1 AND type = 'StatementFileImportPlanned' AND data->>'accountId' = $2", [owner, accountId]),
      summaries: await q("SELECT count(*)::int AS n FROM es_events WHERE user_id = $1 AND type = 'StatementFileImported' AND stream_id = 'account-' || $2", [owner, accountId]),
      open: await q('SELECT count(*)::int AS n FROM ledger_open_imports WHERE user_id = $1 AND account_id = $2', [owner, accountId]),
      balance: Number((await t.db.pool.query<{ b: string }>('SELECT balance_cents AS b FROM ledger_accounts WHERE id = $1', [accountId])).rows[0]!.b),
    };
  };
  return { user, openAccount, sendOfx, stored };
}

/**
 * Steps into the next import's run: `secondChunk` runs where its second chunk of rows would be
 * appended (before it; throwing makes the request die there), `plan` once its plan is stored, with
 * the import's id (the request holds its lease then).
 */
function intercept(hooks: { secondChunk: () => Promise<void>; plan?: (importId: string) => Promise<void> }): void {
  const appendMany = EventWriter.prototype.appendMany;
  let chunks = 0;
  vi.spyOn(EventWriter.prototype, 'appendMany').mockImplementation(async function (this: EventWriter, appends, caller) {
    if (appends.some((a) => a.stream.startsWith('transaction-')) && (chunks += 1) === 2) await hooks.secondChunk();
    const result = await appendMany.call(this, appends, caller);
    const plan = appends.find((a) => a.stream.startsWith('statement-import-'));
    if (plan && hooks.plan) await hooks.plan(plan.stream.slice('statement-import-'.length));
    return result;
  });
}

/** Sends an import that the process dies in: its plan and first chunk are stored, the second chunk's append throws. */
async function crashImport(send: () => Promise<{ statusCode: number }>, plan?: (importId: string) => Promise<void>) {
  intercept({ secondChunk: () => Promise.reject(new Error('killed while appending the second chunk')), ...(plan && { plan }) });
  const crashed = await send();
  vi.restoreAllMocks();
  expect(crashed.statusCode).toBe(500);
}

afterEach(() => vi.restoreAllMocks());

describe('an import a crash cut short (the sweep run by hand, inline projection)', () => {
  let t: ApiTestApp;
  let u: Awaited<ReturnType<typeof userOf>>;

  beforeAll(async () => {
    // No periodic pass: this test runs the sweep itself.
    t = await startApiTestApp({ IMPORT_SWEEP_EVERY_MS: '0' });
    t.clock.set(new Date('2025-06-20T12:00:00Z'));
    u = await userOf(t, 'import-sweep');
  }, 60_000);
  afterAll(async () => t?.close());

  test('is finished by the sweep: every row once, the balances of a clean import; the client\'s retry adds nothing', async () => {
    const cut = await u.openAccount('Cut Short Bank');
    const clean = await u.openAccount('Clean Bank');
    const { payload, count, cents } = file();
    const key = randomUUID();

    // The process dies while appending the second chunk: the plan and the first chunk are stored.
    await crashImport(() => u.sendOfx(cut, payload, key));
    expect(await u.stored(cut)).toMatchObject({ rows: 250, keys: 250, recorded: 250, plans: 1, summaries: 0, open: 1 });

    // No retry comes: the sweep finishes it.
    const sweep = t.app.get(ImportSweep);
    expect(await sweep.run()).toEqual({ finished: 1, failed: 0, live: 0 });
    expect(await u.stored(cut)).toEqual({ rows: count, keys: count, recorded: count, plans: 1, summaries: 1, open: 0, balance: cents });
    // Finished: the next sweep finds nothing to do.
    expect(await sweep.run()).toEqual({ finished: 0, failed: 0, live: 0 });

    // The same file imported cleanly elsewhere: the same rows, the same balance.
    const fresh = await u.sendOfx(clean, payload, randomUUID());
    expect(fresh.statusCode, fresh.body.slice(0, 300)).toBe(201);
    expect(await u.stored(clean)).toEqual({ rows: count, keys: count, recorded: count, plans: 1, summaries: 1, open: 0, balance: cents });
    const rowsOf = async (accountId: string) =>
      (await t.db.pool.query(
        `SELECT provider_transaction_id, to_char(date, 'YYYY-MM-DD') AS date, name, amount_cents::text AS amount, deleted, pending
           FROM ledger_transactions WHERE account_id = $1 AND provider_transaction_id IS NOT NULL ORDER BY provider_transaction_id`,
        [accountId],
      )).rows;
    expect(await rowsOf(cut)).toEqual(await rowsOf(clean));

    // The client's retry with the key answers the finished import: every row its own, none new.
    const retried = await u.sendOfx(cut, payload, key);
    expect(retried.statusCode, retried.body.slice(0, 300)).toBe(201);
    expect(JSON.parse(retried.body).data).toMatchObject({ added: count, updated: 0, unchanged: 0, balance: cents / 100 });
    expect(JSON.parse(retried.body).data.added).toBe(JSON.parse(fresh.body).data.added);
    expect(await u.stored(cut)).toEqual({ rows: count, keys: count, recorded: count, plans: 1, summaries: 1, open: 0, balance: cents });
  }, 120_000);

  test('the sweep finds unfinished imports through their own index, never reading es_events; a rebuild gives the same rows', async () => {
    // The log holds a finished import of 750 rows (and whatever the tests before stored) and one unfinished import.
    const finished = await u.openAccount('Finished Bank');
    expect((await u.sendOfx(finished, file().payload, randomUUID())).statusCode).toBe(201);
    const account = await u.openAccount('Open Bank');
    await crashImport(() => u.sendOfx(account, file().payload, randomUUID()));
    const events = (await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es_events')).rows[0]!.n;
    const open = (await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_open_imports')).rows[0]!.n;
    expect(open).toBe(1);
    expect(events).toBeGreaterThan(1_000);

    type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Actual Rows': number; 'Actual Loops': number; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] };
    const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
    const explain = async (seqscan: boolean) => {
      const client = await t.db.pool.connect();
      try {
        await client.query(`SET enable_seqscan = ${seqscan ? 'on' : 'off'}`);
        const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${OPEN_IMPORTS_SQL}`, ['0', 100]);
        return nodes(rows[0]!['QUERY PLAN'][0].Plan);
      } finally {
        await client.query('RESET enable_seqscan');
        client.release();
      }
    };
    // As planned: only the open imports' table is read, and only its open rows.
    const planned = await explain(true);
    const scans = planned.filter((n) => n['Relation Name'] !== undefined);
    expect(scans.map((n) => n['Relation Name'])).toEqual(['ledger_open_imports']);
    expect(scans.reduce((sum, n) => sum + (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops'], 0)).toBe(open);
    // Its position index serves the lookup: with sequential scans ruled out, the plan reads that index alone (a table this small may be read as its one page).
    const indexed = await explain(false);
    expect(indexed.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(indexed.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []))).toEqual(['ledger_open_imports_position']);

    // A rebuild replays the log into the same open imports.
    const before = (await t.db.pool.query('SELECT * FROM ledger_open_imports ORDER BY plan_position')).rows;
    await rebuildReadModels({ pool: t.db.pool, store: t.store, projections: readModelProjections });
    expect((await t.db.pool.query('SELECT * FROM ledger_open_imports ORDER BY plan_position')).rows).toEqual(before);
  }, 120_000);

  test('an unfinished import into an account deleted since is no longer open: the sweep does not try it', async () => {
    const account = await u.openAccount('Deleted Bank');
    await crashImport(() => u.sendOfx(account, file().payload, randomUUID()));
    const openOf = async () => (await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_open_imports WHERE account_id = $1', [account])).rows[0]!.n;
    expect(await openOf()).toBe(1);
    const { institution_id: institution } = (await t.db.pool.query<{ institution_id: string }>('SELECT institution_id FROM ledger_accounts WHERE id = $1', [account])).rows[0]!;
    const deleted = await t.http.delete(`institution/${institution}/accounts/${account}`, u.user.access);
    expect(deleted.status, deleted.body).toBeLessThan(300);
    expect(await openOf()).toBe(0);
    // Before, the sweep tried it at every start and failed (the account is gone).
    expect(await t.app.get(ImportSweep).run()).toMatchObject({ failed: 0 });
  }, 120_000);
});

describe.each(['inline', 'async'] as const)('the periodic sweep (%s projection)', (mode) => {
  let t: ApiTestApp;
  let u: Awaited<ReturnType<typeof userOf>>;
  let sweep: ImportSweep;
  const waiting = { timeout: 120_000, interval: 100 };
  /** Waits for `n` more periodic passes of this process than have run now. */
  const passes = async (n: number) => {
    const target = sweep.periodic.passes + n;
    await vi.waitFor(() => expect(sweep.periodic.passes).toBeGreaterThanOrEqual(target), waiting);
  };

  beforeAll(async () => {
    t = await startApiTestApp({ IMPORT_SWEEP_EVERY_MS: '200', ...(mode === 'async' && { PROJECTION: 'async' }) });
    t.clock.set(new Date('2025-06-20T12:00:00Z'));
    u = await userOf(t, `import-sweep-${mode}`);
    sweep = t.app.get(ImportSweep);
  }, 60_000);
  afterAll(async () => t?.close());

  test('finishes a crashed import while every process goes on running', async () => {
    const account = await u.openAccount('Crashed Bank');
    const { payload, count, cents } = file();
    await crashImport(() => u.sendOfx(account, payload, randomUUID()));
    // No process starts, nobody retries: a periodic pass finishes it.
    await vi.waitFor(async () => expect(await u.stored(account)).toEqual({ rows: count, keys: count, recorded: count, plans: 1, summaries: 1, open: 0, balance: cents }), waiting);
  }, 180_000);

  test('leaves a live import alone; the request finishes it itself', async () => {
    const account = await u.openAccount('Live Bank');
    const { payload, count, cents } = file();
    // The request stops before its second chunk until released, its lease held.
    let reached!: () => void;
    const atSecondChunk = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    intercept({
      secondChunk: async () => {
        reached();
        await released;
      },
    });
    const answer = u.sendOfx(account, payload, randomUUID());
    await atSecondChunk;
    // The periodic passes see it unfinished and live, and append nothing of it.
    await vi.waitFor(() => expect(sweep.periodic.last).toEqual({ finished: 0, failed: 0, live: 1 }), waiting);
    await passes(2);
    expect(sweep.periodic.last).toEqual({ finished: 0, failed: 0, live: 1 });
    expect(await u.stored(account)).toMatchObject({ recorded: 250, plans: 1, summaries: 0 });

    release();
    const done = await answer;
    vi.restoreAllMocks();
    expect(done.statusCode, done.body.slice(0, 300)).toBe(201);
    expect(JSON.parse(done.body).data).toMatchObject({ added: count, updated: 0, unchanged: 0 });
    await vi.waitFor(async () => expect(await u.stored(account)).toEqual({ rows: count, keys: count, recorded: count, plans: 1, summaries: 1, open: 0, balance: cents }), waiting);
    await vi.waitFor(() => expect(sweep.periodic.last).toEqual({ finished: 0, failed: 0, live: 0 }), waiting);
  }, 180_000);

  test('leaves alone an import whose lease another process holds, and finishes it once that process is gone', async () => {
    const account = await u.openAccount('Elsewhere Bank');
    const { payload, count, cents } = file();
    // Another process's session asks for the import's lease while the request runs (it waits
    // behind the request's own), is granted it when the request crashes, and keeps it: that
    // process lives on.
    const elsewhere = await t.db.pool.connect();
    try {
      let locked: Promise<unknown> | undefined;
      await crashImport(
        () => u.sendOfx(account, payload, randomUUID()),
        async (importId) => {
          locked = elsewhere.query('SELECT pg_advisory_lock($1, hashtext($2))', [IMPORT_LEASE_LOCK_CLASS, importId]);
        },
      );
      expect(locked).toBeDefined();
      await locked;
      await vi.waitFor(() => expect(sweep.periodic.last).toEqual({ finished: 0, failed: 0, live: 1 }), waiting);
      await passes(2);
      expect(await u.stored(account)).toMatchObject({ recorded: 250, plans: 1, summaries: 0 });
    } finally {
      // That process dies: its session ends and the lease with it.
      elsewhere.release(true);
    }
    await vi.waitFor(async () => expect(await u.stored(account)).toEqual({ rows: count, keys: count, recorded: count, plans: 1, summaries: 1, open: 0, balance: cents }), waiting);
  }, 180_000);
});
