import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { ImportSweep } from '@budget/ledger';
import { EventWriter } from '@budget/platform';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * An OFX import a crash cut short finishes by itself (docs/architecture.md §8 "Imports in
 * chunks"): its plan and its first chunk are stored, the process dies before the rest; the sweep a
 * starting process runs (`ImportSweep`) finds the plan with no summary in the log and appends the
 * missing chunks once. Every row is stored once, the balances equal a clean import's, and the
 * client's later retry with the same key answers the finished import without a new row.
 */
let t: ApiTestApp;
let user: SignedUpUser;
let userId: string;

beforeAll(async () => {
  t = await startApiTestApp();
  t.clock.set(new Date('2025-06-20T12:00:00Z'));
  user = await signUp(t.http, t.mail, 'import-sweep');
}, 60_000);
afterEach(() => vi.restoreAllMocks());
afterAll(async () => t?.close());

const openAccount = async (name: string): Promise<string> => {
  const made = await t.http.post(
    'institution',
    { institution: { name }, accounts: [{ name: 'Checking', balance: 0, type: 'depository', subtype: 'checking', tracking: 'Transactions' }], startDate: '2025-01-01' },
    user.access,
  );
  expect(made.status, made.body).toBe(201);
  return made.json().data.accounts[0].id as string;
};

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

const sendOfx = (accountId: string, payload: string, key: string) =>
  t.app.inject({
    method: 'POST', url: `/api/v1/account/${accountId}/ofx`, payload,
    headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/x-ofx', 'idempotency-key': key },
  });

/** What the account holds: its rows (and how many distinct keys), the row events, plans and summaries in the log, its balance. */
async function stored(accountId: string) {
  const q = async (sql: string, values: unknown[]) => (await t.db.pool.query<{ n: number }>(sql, values)).rows[0]!.n;
  return {
    rows: await q('SELECT count(*)::int AS n FROM ledger_transactions WHERE account_id = $1 AND provider_transaction_id IS NOT NULL', [accountId]),
    keys: await q('SELECT count(DISTINCT provider_transaction_id)::int AS n FROM ledger_transactions WHERE account_id = $1 AND provider_transaction_id IS NOT NULL', [accountId]),
    recorded: await q("SELECT count(*)::int AS n FROM es_events WHERE user_id = $1 AND type = 'TransactionRecorded' AND data->'account'->>'accountId' = $2 AND data->'account'->>'providerTransactionId' IS NOT NULL", [userId, accountId]),
    plans: await q("SELECT count(*)::int AS n FROM es_events WHERE user_id = $1 AND type = 'StatementFileImportPlanned' AND data->>'accountId' = $2", [userId, accountId]),
    summaries: await q("SELECT count(*)::int AS n FROM es_events WHERE user_id = $1 AND type = 'StatementFileImported' AND stream_id = 'account-' || $2", [userId, accountId]),
    balance: Number((await t.db.pool.query<{ b: string }>('SELECT balance_cents AS b FROM ledger_accounts WHERE id = $1', [accountId])).rows[0]!.b),
  };
}

/** The account's rows as the register keeps them, without ids: equal for two accounts holding the same file. */
async function rowsOf(accountId: string) {
  const { rows } = await t.db.pool.query(
    `SELECT provider_transaction_id, to_char(date, 'YYYY-MM-DD') AS date, name, amount_cents::text AS amount, deleted, pending
       FROM ledger_transactions WHERE account_id = $1 AND provider_transaction_id IS NOT NULL ORDER BY provider_transaction_id`,
    [accountId],
  );
  return rows;
}

describe('an import a crash cut short', () => {
  test('is finished by the sweep: every row once, the balances of a clean import; the client\'s retry adds nothing', async () => {
    const cut = await openAccount('Cut Short Bank');
    const clean = await openAccount('Clean Bank');
    userId = (await t.db.pool.query<{ user_id: string }>('SELECT user_id FROM ledger_accounts WHERE id = $1', [cut])).rows[0]!.user_id;
    const { payload, count, cents } = file();
    const key = randomUUID();

    // The process dies while appending the second chunk: the plan and the first chunk are stored.
    const appendMany = EventWriter.prototype.appendMany;
    let chunks = 0;
    vi.spyOn(EventWriter.prototype, 'appendMany').mockImplementation(async function (this: EventWriter, appends, caller) {
      if (appends.some((a) => a.stream.startsWith('transaction-')) && (chunks += 1) === 2) throw new Error('killed while appending the second chunk');
      return appendMany.call(this, appends, caller);
    });
    const crashed = await sendOfx(cut, payload, key);
    expect(crashed.statusCode).toBe(500);
    vi.restoreAllMocks();
    expect(await stored(cut)).toMatchObject({ rows: 250, keys: 250, recorded: 250, plans: 1, summaries: 0 });

    // No retry comes: the sweep a starting process runs finishes it.
    const sweep = t.app.get(ImportSweep);
    expect(await sweep.run()).toEqual({ finished: 1, failed: 0 });
    expect(await stored(cut)).toEqual({ rows: count, keys: count, recorded: count, plans: 1, summaries: 1, balance: cents });
    // Finished: the next sweep finds nothing to do.
    expect(await sweep.run()).toEqual({ finished: 0, failed: 0 });

    // The same file imported cleanly elsewhere: the same rows, the same balance.
    const fresh = await sendOfx(clean, payload, randomUUID());
    expect(fresh.statusCode, fresh.body.slice(0, 300)).toBe(201);
    expect(await stored(clean)).toEqual({ rows: count, keys: count, recorded: count, plans: 1, summaries: 1, balance: cents });
    expect(await rowsOf(cut)).toEqual(await rowsOf(clean));

    // The client's retry with the key answers the finished import: every row its own, none new.
    const retried = await sendOfx(cut, payload, key);
    expect(retried.statusCode, retried.body.slice(0, 300)).toBe(201);
    expect(JSON.parse(retried.body).data).toMatchObject({ added: count, updated: 0, unchanged: 0, balance: cents / 100 });
    expect(JSON.parse(retried.body).data.added).toBe(JSON.parse(fresh.body).data.added);
    expect(await stored(cut)).toEqual({ rows: count, keys: count, recorded: count, plans: 1, summaries: 1, balance: cents });
  }, 120_000);
});
