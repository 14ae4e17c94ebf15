import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { EventWriter, rebuildReadModels } from '@budget/platform';
import { readModelProjections } from '../read-model-projections.js';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * OFX/CSV imports in chunks (docs/architecture.md §8 "Imports in chunks"): a 5 MB file imports
 * completely, a chunk at a time, and the read models equal a rebuild; a retry with the same
 * Idempotency-Key changes nothing; a chunk that fails (a crash mid-import) is resumed by the retry
 * without doubling a row; rows between the user's own accounts are offered as transfer pairs, as
 * after a bank sync (README "Transfer pairs").
 */
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: ApiTestApp;
let user: SignedUpUser;
let userId: string;

beforeAll(async () => {
  t = await startApiTestApp();
  t.clock.set(new Date('2025-06-20T12:00:00Z'));
  user = await signUp(t.http, t.mail, 'import-chunks');
  const [account] = await openAccounts('First Bank');
  userId = (await t.db.pool.query<{ user_id: string }>('SELECT user_id FROM ledger_accounts WHERE id = $1', [account])).rows[0]!.user_id;
}, 60_000);
afterEach(() => vi.restoreAllMocks());
afterAll(async () => t?.close());

const openAccounts = async (name: string, count = 1): Promise<string[]> => {
  const made = await t.http.post(
    'institution',
    {
      institution: { name },
      accounts: Array.from({ length: count }, (_, i) => ({ name: `Account ${i + 1}`, balance: 0, type: 'depository', subtype: 'checking', tracking: 'Transactions' })),
      startDate: '2025-01-01',
    },
    user.access,
  );
  expect(made.status, made.body).toBe(201);
  return (made.json().data.accounts as { id: string; name: string }[]).sort((a, b) => a.name.localeCompare(b.name)).map((a) => a.id);
};

interface Row {
  fitid: string;
  date: string;
  amount: string;
  name: string;
}

const ofx = (rows: readonly Row[]) => `OFXHEADER:100
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>9</BANKACCTFROM><BANKTRANLIST>
${rows.map((r) => `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${r.date}<TRNAMT>${r.amount}<FITID>${r.fitid}<NAME>${r.name}</STMTTRN>`).join('\n')}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

/** Rows of every amount sign and a few dates; `cents` is their exact sum. */
function rowsOf(prefix: string, count: number, nameLength: number): { rows: Row[]; cents: number } {
  let cents = 0;
  const rows = Array.from({ length: count }, (_, i) => {
    const amount = (i % 7 === 0 ? 1 : -1) * (101 + ((i * 37) % 9000));
    cents += amount;
    const dollars = `${amount < 0 ? '-' : ''}${Math.floor(Math.abs(amount) / 100)}.${String(Math.abs(amount) % 100).padStart(2, '0')}`;
    const name = `SHOP ${prefix} ${i} `.padEnd(nameLength, 'X');
    return { fitid: `${prefix}-${i}`, date: `202503${String(1 + (i % 28)).padStart(2, '0')}`, amount: dollars, name };
  });
  return { rows, cents };
}

const sendOfx = (accountId: string, payload: string, key: string) =>
  t.app.inject({
    method: 'POST', url: `/api/v1/account/${accountId}/ofx`, payload,
    headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/x-ofx', 'idempotency-key': key },
  });

/** What the account holds: its imported rows by key (with how many streams hold each), the events recorded for them, the balance. */
async function stored(accountId: string) {
  const { rows } = await t.db.pool.query<{ n: number; keys: number }>(
    'SELECT count(*)::int AS n, count(DISTINCT provider_transaction_id)::int AS keys FROM ledger_transactions WHERE account_id = $1 AND provider_transaction_id IS NOT NULL',
    [accountId],
  );
  const { rows: events } = await t.db.pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM es_events WHERE user_id = $1 AND type = 'TransactionRecorded' AND data->'account'->>'accountId' = $2 AND data->'account'->>'providerTransactionId' IS NOT NULL",
    [userId, accountId],
  );
  const { rows: plans } = await t.db.pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM es_events WHERE user_id = $1 AND type = 'StatementFileImportPlanned' AND data->>'accountId' = $2",
    [userId, accountId],
  );
  const { rows: account } = await t.db.pool.query<{ balance: string }>('SELECT balance_cents AS balance FROM ledger_accounts WHERE id = $1', [accountId]);
  return { rows: rows[0]!.n, keys: rows[0]!.keys, recorded: events[0]!.n, plans: plans[0]!.n, balance: Number(account[0]!.balance) };
}

/** The user's read models as the API and the tables show them. */
async function readModels(accountIds: readonly string[]) {
  const tables = ['ledger_transactions', 'ledger_accounts', 'budget_categories'];
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) {
    rows[table] = (await t.db.pool.query(`SELECT * FROM ${table} WHERE user_id = $1 ORDER BY id`, [userId])).rows;
  }
  const registers = [];
  for (const id of accountIds) registers.push((await t.http.get(`account/${id}/transactions?offset=0&limit=100`, user.access)).json());
  return { rows, registers, groups: (await t.http.get('groups', user.access)).json(), candidates: (await t.http.get('transfer-pairs/candidates', user.access)).json() };
}

describe('OFX/CSV imports in chunks', () => {
  let big: string;
  let broken: string;

  test('a 5 MB file imports completely; the same Idempotency-Key again changes nothing', async () => {
    [big] = await openAccounts('Big File Bank');
    const { rows, cents } = rowsOf('B', 17_000, 200);
    const file = ofx(rows);
    expect(file.length).toBeGreaterThan(4.5 * 1024 * 1024);
    expect(file.length).toBeLessThan(5 * 1024 * 1024);
    const key = randomUUID();

    const first = await sendOfx(big!, file, key);
    expect(first.statusCode, first.body.slice(0, 500)).toBe(201);
    expect(JSON.parse(first.body).data).toMatchObject({ added: rows.length, updated: 0, unchanged: 0, balance: cents / 100 });
    expect(await stored(big!)).toEqual({ rows: rows.length, keys: rows.length, recorded: rows.length, plans: 1, balance: cents });
    // Appended a chunk at a time: many transactions, none holding the whole file.
    const { rows: appends } = await t.db.pool.query<{ n: number; largest: number }>(
      `SELECT count(*)::int AS n, max(c)::int AS largest FROM (
         SELECT position >> 20 AS xid, count(*) AS c FROM es_events WHERE user_id = $1 AND type = 'TransactionRecorded' AND data->'account'->>'accountId' = $2 GROUP BY 1) chunks`,
      [userId, big],
    );
    expect(appends[0]!.n).toBeGreaterThanOrEqual(Math.ceil(rows.length / 250));
    expect(appends[0]!.largest).toBeLessThanOrEqual(250);

    const again = await sendOfx(big!, file, key);
    expect(again.statusCode).toBe(201);
    expect(JSON.parse(again.body)).toEqual(JSON.parse(first.body));
    expect(await stored(big!)).toEqual({ rows: rows.length, keys: rows.length, recorded: rows.length, plans: 1, balance: cents });
  }, 300_000);

  test('a chunk that fails mid-import (a crash) is resumed by the retry with the same key: every row once', async () => {
    [broken] = await openAccounts('Broken Import Bank');
    const { rows, cents } = rowsOf('K', 1_200, 40);
    const file = ofx(rows);
    const key = randomUUID();
    // Every EventWriter of the app: the third append of the import's rows fails, once.
    const appendMany = EventWriter.prototype.appendMany;
    let chunks = 0;
    let failed = false;
    vi.spyOn(EventWriter.prototype, 'appendMany').mockImplementation(async function (this: EventWriter, appends, caller) {
      if (appends.some((a) => a.stream.startsWith('transaction-')) && (chunks += 1) === 3 && !failed) {
        failed = true;
        throw new Error('killed while appending the third chunk');
      }
      return appendMany.call(this, appends, caller);
    });

    const crashed = await sendOfx(broken!, file, key);
    expect(crashed.statusCode).toBe(500);
    // Two chunks of 250 rows were stored before the crash.
    expect(await stored(broken!)).toMatchObject({ rows: 500, recorded: 500, plans: 1 });

    const resumed = await sendOfx(broken!, file, key);
    expect(resumed.statusCode, resumed.body.slice(0, 500)).toBe(201);
    expect(JSON.parse(resumed.body).data).toMatchObject({ added: rows.length, unchanged: 0, balance: cents / 100 });
    expect(await stored(broken!)).toEqual({ rows: rows.length, keys: rows.length, recorded: rows.length, plans: 1, balance: cents });
  }, 120_000);

  test('rows of one import that are the other side of another account\'s rows are offered as transfer pairs', async () => {
    const [checking, savings] = await openAccounts('Transfer Bank', 2);
    const out = await sendOfx(checking!, ofx([{ fitid: 'T-OUT', date: '20250310', amount: '-250.00', name: 'TRANSFER TO SAVINGS' }, { fitid: 'T-SHOP', date: '20250310', amount: '-12.00', name: 'SHOP' }]), randomUUID());
    expect(out.statusCode, out.body).toBe(201);
    expect((await t.http.get('transfer-pairs/candidates', user.access)).json().data).toEqual([]);

    const into = await sendOfx(savings!, ofx([{ fitid: 'T-IN', date: '20250311', amount: '250.00', name: 'TRANSFER FROM CHECKING' }]), randomUUID());
    expect(into.statusCode, into.body).toBe(201);
    // Offered, not recorded alone (a file carries no transfer hint): both rows stay in Unassigned until the user confirms.
    expect(JSON.parse(into.body).data).toMatchObject({ added: 1, unassigned: 1 });
    const candidates = (await t.http.get('transfer-pairs/candidates', user.access)).json().data as Json[];
    expect(candidates).toHaveLength(1);
    expect(candidates[0].legs.map((l: Json) => [l.accountId, l.amount, l.name])).toEqual([
      [checking, -250, 'TRANSFER TO SAVINGS'],
      [savings, 250, 'TRANSFER FROM CHECKING'],
    ]);
    // The same file again (another key): the pair is offered once.
    const repeat = await sendOfx(savings!, ofx([{ fitid: 'T-IN', date: '20250311', amount: '250.00', name: 'TRANSFER FROM CHECKING' }]), randomUUID());
    expect(JSON.parse(repeat.body).data).toMatchObject({ added: 0, unchanged: 1 });
    expect((await t.http.get('transfer-pairs/candidates', user.access)).json().data).toHaveLength(1);

    const confirmed = await t.http.post(`transfer-pairs/${candidates[0].pairId}/confirm`, {}, user.access);
    expect(confirmed.status, confirmed.body).toBeLessThan(300);
    expect((await t.http.get('transfer-pairs/candidates', user.access)).json().data).toEqual([]);
  }, 60_000);

  test('the read models equal a rebuild from the log', async () => {
    const accounts = [big!, broken!];
    const live = await readModels(accounts);
    await t.pauseProjector();
    try {
      await rebuildReadModels({ pool: t.db.pool, store: t.store, projections: readModelProjections });
    } finally {
      await t.resumeProjector();
    }
    expect(await readModels(accounts)).toEqual(live);
  }, 300_000);
});
