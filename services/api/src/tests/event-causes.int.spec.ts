import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OpenOnlineInstitution, RecordBankFeed } from '@budget/contracts';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { jobCause, withCause } from '@budget/platform';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';
import { ofxFile, type OfxRow } from '../testing/ofx-file.js';

/** OFX 1.x SGML with a bank statement of `rows`. */
const bankOfx = (rows: OfxRow[]) => ofxFile(rows, { start: '20250301', end: '20250310', ledgerBalance: '40.00' });

/**
 * Every event carries its cause (README "Every cent explained"): one correlation id for every
 * event of one user action or one job — an import's rows and its summary, a sync's chunks, a
 * rule's apply — the command's id as causation, the same ids again when the action is retried with
 * its Idempotency-Key; the log lines carry them and the log answers them; and the explain calls
 * answer the spec's error format for bad input and another user's ids. Both projection modes.
 */
describe.each(['inline', 'async'] as const)('event causes with %s projection', (mode) => {
  let t: ApiTestApp;
  let alice: SignedUpUser;
  let bob: SignedUpUser;
  let account: string;
  let groceries: string;
  beforeAll(async () => {
    t = await startApiTestApp(mode === 'async' ? { PROJECTION: 'async' } : {});
    alice = await signUp(t.http, t.mail, `causes_a_${mode}`);
    bob = await signUp(t.http, t.mail, `causes_b_${mode}`);
    const opened = await t.http.post('institution', { institution: { name: 'Bank' }, startDate: '2025-01-01', accounts: [{ name: 'Checking', balance: 100, tracking: 'Transactions' }] }, alice.access);
    expect(opened.status, opened.body).toBe(201);
    account = opened.json().data.accounts[0].id;
    groceries = ((await t.http.get('groups', alice.access)).json().data.categories as { id: string; name: string }[]).find((c) => c.name === 'Groceries')!.id;
  });
  afterAll(async () => t?.close());
  const userOf = (user: SignedUpUser) => JSON.parse(Buffer.from(user.access.split('.')[1]!, 'base64url').toString()).sub as string;

  /** The causes of the events appended after `after`, with their log lines'. */
  async function causesAfter(after: bigint) {
    const { rows } = await t.db.pool.query<{ event_id: string; type: string; correlation: string; causation: string; log_correlation: string | null; log_causation: string | null }>(
      `SELECT e.event_id::text, e.type, e.metadata->>'correlationId' AS correlation, e.metadata->>'causationId' AS causation,
              l.correlation_id AS log_correlation, l.causation_id AS log_causation
         FROM es_events e LEFT JOIN ledger_transaction_logs l ON l.id = e.event_id
        WHERE e.user_id = $1 AND e.position > $2 ORDER BY e.position`,
      [userOf(alice), after.toString()],
    );
    return rows;
  }
  const head = async () => BigInt((await t.db.pool.query<{ p: string }>('SELECT COALESCE(max(position), 0)::text AS p FROM es_events')).rows[0]!.p);

  test('an OFX import: its rows and its summary share one correlation id and one command id, in the events and in the log', async () => {
    const before = await head();
    const file = bankOfx([
      { fitid: 'C1', date: '20250305', amount: '-10.00', name: 'ONE' },
      { fitid: 'C2', date: '20250306', amount: '-20.00', name: 'TWO' },
      { fitid: 'C3', date: '20250307', amount: '-30.00', name: 'THREE' },
    ]);
    const imported = await t.app.inject({ method: 'POST', url: `/api/v1/account/${account}/ofx`, headers: { authorization: `Bearer ${alice.access}`, 'content-type': 'application/x-ofx' }, payload: file });
    expect(imported.statusCode, imported.body).toBeLessThan(300);
    const events = await causesAfter(before);
    // The import's plan (recorded first, docs/architecture.md §8 "Imports in chunks"), its rows and its summary.
    expect(events.map((e) => e.type).sort()).toEqual(['StatementFileImportPlanned', 'StatementFileImported', 'TransactionRecorded', 'TransactionRecorded', 'TransactionRecorded']);
    expect(new Set(events.map((e) => e.correlation)).size).toBe(1);
    expect(new Set(events.map((e) => e.causation)).size).toBe(1);
    expect(events[0]!.causation).not.toBe(events[0]!.correlation);
    // The plan moves no money: it has no log line.
    for (const e of events) {
      const logged = e.type === 'StatementFileImportPlanned' ? [null, null] : [e.correlation, e.causation];
      expect([e.log_correlation, e.log_causation], `${e.type} log line`).toEqual(logged);
    }
    // The log answers them, the summary line among the rows' lines.
    const logs = (await t.http.get('transaction-logs', alice.access)).json() as { message: string; correlationId: string | null; causationId: string | null; accountId: string | null; transactionId: string }[];
    const action = logs.filter((l) => l.correlationId === events[0]!.correlation);
    expect(action.map((l) => l.message).sort()).toEqual([
      'OFX import added "ONE" -10.00 to Unassigned',
      'OFX import added "THREE" -30.00 to Unassigned',
      'OFX import added "TWO" -20.00 to Unassigned',
      'OFX import into "Checking": 3 added, 0 updated, 0 unchanged; the balance is 40.00',
    ]);
    for (const l of action) expect(l).toMatchObject({ accountId: account, causationId: events[0]!.causation });
    // The spec's fields, as they were, and the three added ones: nothing else.
    for (const l of action) expect(Object.keys(l).sort()).toEqual(['accountId', 'actor', 'causationId', 'changes', 'correlationId', 'createdAt', 'id', 'message', 'transactionId']);
    // The summary has no transaction: its transactionId repeats the account's id (the spec's client reads a string).
    expect(action.find((l) => l.message.startsWith('OFX import into'))!.transactionId).toBe(account);
  });

  test('a keyed write retried appends nothing new and its events carry ids derived from the key; another key is another action', async () => {
    const key = randomUUID();
    const body = { date: '2025-03-08', name: 'Market', amount: -5, categories: [{ categoryId: groceries, amount: -5 }] };
    const before = await head();
    const send = () => t.app.inject({ method: 'POST', url: `/api/v1/account/${account}/transactions`, headers: { authorization: `Bearer ${alice.access}`, 'idempotency-key': key }, payload: body });
    expect((await send()).statusCode).toBe(201);
    const first = await causesAfter(before);
    expect(first).toHaveLength(1);
    expect((await send()).statusCode).toBe(201);
    expect(await causesAfter(before)).toEqual(first);
    const other = await t.app.inject({ method: 'POST', url: `/api/v1/account/${account}/transactions`, headers: { authorization: `Bearer ${alice.access}`, 'idempotency-key': randomUUID() }, payload: body });
    expect(other.statusCode).toBe(201);
    const both = await causesAfter(before);
    expect(both).toHaveLength(2);
    expect(both[1]!.correlation).not.toBe(both[0]!.correlation);
    expect(both[1]!.causation).not.toBe(both[0]!.causation);
  });

  test("a sync job's chunks share the job's correlation id, derived from the job: the same job again gives the same ids", async () => {
    const institutionId = randomUUID();
    const plaidAccountId = `plaid-${randomUUID()}`;
    await t.app.get(CommandBus).execute(new OpenOnlineInstitution(userOf(alice), institutionId, 'Online', 'ins_1', '2025-01-01', [
      { plaidAccountId, name: 'Linked', officialName: null, mask: null, plaidType: 'depository', plaidSubtype: 'checking', tracking: null, balanceCents: 0 },
    ]));
    const rows = [1, 2, 3].map((n) => ({ plaidAccountId, transactionId: `${plaidAccountId}-${n}`, pendingTransactionId: null, date: '2025-03-0' + n, name: `ROW ${n}`, amountCents: -100 * n, pending: false }));
    const cause = jobCause('bank-sync', 'item-1\u0000job-1');
    const before = await head();
    await withCause(cause, () => t.app.get(CommandBus).execute(new RecordBankFeed(userOf(alice), institutionId, rows, [], [], 1)));
    const events = await causesAfter(before);
    expect(events.filter((e) => e.type === 'TransactionRecorded')).toHaveLength(3);
    expect(new Set(events.map((e) => e.correlation))).toEqual(new Set([cause.correlationId]));
    expect(new Set(events.map((e) => e.causation))).toEqual(new Set([cause.causationId]));
    expect(jobCause('bank-sync', 'item-1\u0000job-1')).toEqual(cause);
    expect(jobCause('bank-sync', 'item-1\u0000job-2').correlationId).not.toBe(cause.correlationId);
  });

  test('explain: the exact answer for a fresh category, 422 for a bad or reversed range, 404 for another user’s category or account', async () => {
    const fresh = await t.http.post('groups', { name: `Explained ${randomUUID().slice(0, 6)}`, parentGroupId: null }, alice.access);
    const group = fresh.json().data.id as string;
    const category = (await t.http.post(`groups/${group}/categories`, { name: 'Fresh' }, alice.access)).json().data.id as string;
    const answer = await t.http.get(`category/${category}/explain`, alice.access);
    expect(answer.status, answer.body).toBe(200);
    expect(answer.json()).toEqual({ data: { from: null, to: null, openingBalance: 0, causes: [], closingBalance: 0, registerBalance: 0 } });
    const reversed = await t.http.get(`category/${category}/explain?from=2025-03-02&to=2025-03-01`, alice.access);
    expect(reversed.status).toBe(422);
    expect(reversed.json().errors[0]).toMatchObject({ field: 'to', message: 'The to date must not be before the from date.' });
    const bad = await t.http.get(`account/${account}/explain?from=2025-02-30`, alice.access);
    expect(bad.status).toBe(422);
    expect(bad.json().errors[0]).toMatchObject({ field: 'from' });
    expect((await t.http.get(`category/${category}/explain`, bob.access)).status).toBe(404);
    expect((await t.http.get(`account/${account}/explain`, bob.access)).status).toBe(404);
    // The account: its starting balance, the imports and the manual rows, ending at its balance.
    const walk = (await t.http.get(`account/${account}/explain`, alice.access)).json().data;
    const register = (await t.http.get(`account/${account}/transactions?limit=1`, alice.access)).json().data;
    expect(walk.closingBalance).toBe(register.balance);
    expect(walk.causes.map((c: { cause: string; total: number }) => [c.cause, c.total])).toEqual([['startingBalance', 100], ['spending', -10], ['import', -60]]);
  });
});
