import { randomBytes, randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { Configuration, PlaidApi, Products, type Transaction } from 'plaid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RecordBankFeed, type RecordBankFeedResult } from '@budget/contracts';
import { feedRow, PlaidGateway, PlaidItemStore, syncItem } from '@budget/bank-sync';
import { rebuildReadModels } from '@budget/platform';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { readModelProjections } from '../read-model-projections.js';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Transfers between the user's own accounts (README "Transfer pairs"), end to end: the simulator's
 * banks move money checking → savings and pay the card from checking, both sides in the feed with
 * Plaid's TRANSFER_OUT/TRANSFER_IN/LOAN_PAYMENTS categories. A sync through the real `plaid` client
 * records each pair once (re-syncs and a replayed feed add nothing), Income vs Expenses and Payee
 * leave them out, an ambiguous pair (no hint, across two banks) is listed by
 * GET /transfer-pairs/candidates and confirmed by the user, and a rebuild from the log answers the
 * same. Both projection modes.
 */
const TODAY = '2026-11-25';
const KEY = randomBytes(32);
const TRANSFER_NAMES = new Set(['Transfer to Saving', 'Transfer from Checking', 'Credit Card Payment - Thank You', 'Payment - Thank You']);

type View = { id: string; categories: { categoryId: string; amount: number }[]; accountTransaction: { name: string } | null };
interface Linked {
  institutionId: string;
  itemId: string;
  accounts: { id: string; name: string; plaidId: string | null; tracking: string }[];
}

describe.each(['inline', 'async'] as const)('transfer pairs through the API (%s projection)', (mode) => {
  let sim: RunningPlaidSimulator;
  let sandbox: PlaidApi;
  let t: ApiTestApp;
  let alice: SignedUpUser;
  let userId: string;
  let first: Linked;
  let accountTransfer: string;
  let firstSync: RecordBankFeedResult;

  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const link = async (institutionId: string): Promise<Linked> => {
    const { data } = await sandbox.sandboxPublicTokenCreate({ institution_id: institutionId, initial_products: [Products.Transactions] });
    const linked = await t.http.post('institution', { publicToken: data.public_token, institutionId, startDate: '2026-09-01' }, alice.access);
    expect(linked.status, linked.body).toBe(201);
    const body = linked.json().data as { id: string; accounts: Linked['accounts'] };
    const itemId = (await t.db.pool.query<{ item_id: string }>('SELECT item_id FROM bank_items WHERE institution_id = $1', [body.id])).rows[0]!.item_id;
    return { institutionId: body.id, itemId, accounts: body.accounts };
  };
  /** Plaid's live rows of an item right now. */
  const plaidRows = async (itemId: string): Promise<Transaction[]> => {
    const access_token = await t.app.get(PlaidItemStore).accessToken(itemId);
    const rows = new Map<string, Transaction>();
    let cursor: string | undefined;
    for (;;) {
      const { data } = await sandbox.transactionsSync({ access_token, count: 500, ...(cursor !== undefined && { cursor }) });
      for (const row of [...data.added, ...data.modified]) rows.set(row.transaction_id, row);
      for (const row of data.removed) rows.delete(row.transaction_id);
      cursor = data.next_cursor;
      if (!data.has_more) return [...rows.values()];
    }
  };
  const record = (command: RecordBankFeed) => t.app.get(CommandBus).execute(command) as Promise<RecordBankFeedResult>;
  const sync = async (itemId: string) => {
    const item = (await t.app.get(PlaidItemStore).findByItemId(itemId))!;
    return syncItem(item, { plaid: t.app.get(PlaidGateway).as({ userId, itemId }), items: t.app.get(PlaidItemStore), record, now: () => new Date() }, { chunkSize: 50 });
  };
  const pairEvents = async () =>
    (await t.db.pool.query<{ type: string; n: string }>(
      `SELECT type, count(*) AS n FROM es_events WHERE user_id = $1 AND (type LIKE 'TransferPair%' OR type = 'TransactionChanged') GROUP BY type ORDER BY type`, [userId])).rows;
  /** The ledger's id of each live Plaid row. */
  const ledgerIds = async () => {
    const { rows } = await t.db.pool.query<{ id: string; provider_transaction_id: string }>(
      `SELECT id, provider_transaction_id FROM ledger_transactions WHERE user_id = $1 AND provider = 'PLAID' AND NOT deleted`, [userId]);
    return new Map(rows.map((r) => [r.provider_transaction_id, r.id]));
  };
  const getJson = async (path: string) => {
    const response = await t.http.get(path, alice.access);
    expect(response.status, `${path}: ${response.body}`).toBe(200);
    return response.json();
  };
  /** Waits (async projection) until `check` passes, generously bounded. */
  const eventually = async (check: () => Promise<void>) => {
    for (let i = 0; ; i++) {
      try {
        return await check();
      } catch (error) {
        if (i >= 200) throw error;
        await wait(50);
      }
    }
  };
  /** Every transfer-like row of the item (both sides) is wholly in Account Transfer; nothing else is. */
  const expectPaired = async (itemId: string) => {
    const ids = await ledgerIds();
    const rows = (await plaidRows(itemId)).filter((r) => !r.pending && ids.has(r.transaction_id));
    const transfers = rows.filter((r) => TRANSFER_NAMES.has(r.name));
    expect(transfers.length).toBeGreaterThanOrEqual(8);
    for (const row of transfers) {
      const view = (await getJson(`transaction/${ids.get(row.transaction_id)}`)) as View;
      expect(view.categories.map((c) => c.categoryId), `${row.name} ${row.date}`).toEqual([accountTransfer]);
      expect(view.categories[0]!.amount).toBe(-row.amount);
    }
    for (const row of rows.filter((r) => !TRANSFER_NAMES.has(r.name)).slice(0, 10)) {
      const view = (await getJson(`transaction/${ids.get(row.transaction_id)}`)) as View;
      expect(view.categories.map((c) => c.categoryId)).not.toContain(accountTransfer);
    }
    return transfers.length;
  };

  beforeAll(async () => {
    sim = await startPlaidSimulator({ port: 0, today: TODAY });
    sandbox = new PlaidApi(new Configuration({ basePath: sim.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': 'test', 'PLAID-SECRET': 'test' } } }));
    t = await startApiTestApp({
      PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: KEY.toString('base64'), ...(mode === 'async' && { PROJECTION: 'async' }),
    });
    alice = await signUp(t.http, t.mail, `pairs_${mode}`);
    userId = JSON.parse(Buffer.from(alice.access.split('.')[1]!, 'base64url').toString()).sub as string;
    accountTransfer = (await t.db.pool.query<{ id: string }>(`SELECT id FROM budget_categories WHERE user_id = $1 AND type = 'ACCOUNT TRANSFER'`, [userId])).rows[0]!.id;
    first = await link('ins_109508');
    firstSync = (await sync(first.itemId)).ledger;
    expect(firstSync.added).toBeGreaterThan(100);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  test('a sync records every checking → savings move and card payment as one transfer, both sides in Account Transfer, each line naming both accounts', async () => {
    await eventually(() => expectPaired(first.itemId).then(() => undefined));
    const pairs = await t.db.pool.query<{ status: string; how: string }>('SELECT status, how FROM ledger_transfer_pairs WHERE user_id = $1', [userId]);
    expect(pairs.rows.length).toBeGreaterThanOrEqual(4);
    expect(pairs.rows.every((p) => p.status === 'paired' && p.how === 'automatic')).toBe(true);
    const { rows: lines } = await t.db.pool.query<{ message: string }>(
      `SELECT l.message FROM ledger_transaction_logs l JOIN ledger_transactions x ON x.id = l.transaction_id
        WHERE l.user_id = $1 AND x.name = 'Transfer from Checking' AND l.message LIKE '%one transfer%'`, [userId]);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line.message).toMatch(/in Plaid Saving with "Transfer to Saving" in Plaid Checking as one transfer/);
    expect(await getJson('transfer-pairs/candidates')).toEqual({ data: [] });
    // The sync's count of new rows needing a category (its answer, the push) leaves the paired ones out.
    const { rows: [left] } = await t.db.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM ledger_transactions t JOIN budget_categories u ON u.user_id = t.user_id AND u.type = 'UNASSIGNED'
        WHERE t.user_id = $1 AND t.provider = 'PLAID' AND NOT t.deleted
          AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(t.splits) s WHERE s->>'categoryId' <> u.id)`, [userId]);
    expect(firstSync.unassigned).toBe(Number(left!.n));
    expect(firstSync.unassigned).toBeLessThan(firstSync.added);
  }, 120_000);

  test('exactly once: the same feed replayed (a retried job) and later syncs add no pair twice; a new card payment is paired when it arrives', async () => {
    const before = await pairEvents();
    const rows = (await plaidRows(first.itemId)).map(feedRow);
    await record(new RecordBankFeed(userId, first.institutionId, rows, []));
    await record(new RecordBankFeed(userId, first.institutionId, rows, []));
    expect(await pairEvents()).toEqual(before);
    const recordedBefore = Number(before.find((r) => r.type === 'TransferPairRecorded')!.n);
    const item = sim.simulator.itemById(first.itemId)!;
    for (let i = 0; i < 3; i++) sim.simulator.advance(item);
    await sync(first.itemId);
    await sync(first.itemId);
    const after = await pairEvents();
    // Today's card payment (the 25th) posted in the last stage: one more pair, both of its rows changed.
    expect(Number(after.find((r) => r.type === 'TransferPairRecorded')!.n)).toBe(recordedBefore + 1);
    await eventually(() => expectPaired(first.itemId).then(() => undefined));
  }, 120_000);

  test('Income vs Expenses and Payee leave the transfers out', async () => {
    const tracked = new Set(first.accounts.filter((a) => a.tracking === 'Transactions').map((a) => a.plaidId));
    const october = (await plaidRows(first.itemId)).filter((r) => !r.pending && r.date.startsWith('2026-10') && tracked.has(r.account_id));
    const ours = (r: Transaction) => -Math.round(r.amount * 100);
    const kept = october.filter((r) => !TRANSFER_NAMES.has(r.name));
    const income = kept.filter((r) => ours(r) >= 0).reduce((s, r) => s + ours(r), 0);
    const expenses = kept.filter((r) => ours(r) < 0).reduce((s, r) => s + ours(r), 0);
    const transfersIn = october.filter((r) => TRANSFER_NAMES.has(r.name) && ours(r) > 0).reduce((s, r) => s + ours(r), 0);
    expect(transfersIn).toBeGreaterThan(0);
    await eventually(async () => {
      expect(await getJson('reports/income-vs-expenses?startDate=2026-10-01&endDate=2026-10-31')).toEqual([['2026-10', income / 100, expenses / 100, (income + expenses) / 100]]);
    });
    const payees = (await getJson('reports/payee?startDate=2026-09-01&endDate=2026-11-30')) as { name: string }[];
    expect(payees.map((p) => p.name)).toContain('PAYROLL PLATYPUS WIDGETS INC');
    expect(payees.filter((p) => TRANSFER_NAMES.has(p.name))).toEqual([]);
  }, 120_000);

  test('an ambiguous pair across two banks is offered (exact payload), confirmed by the user once, and then left out of the reports; bad calls change nothing', async () => {
    const second = await link('ins_109509');
    await sync(second.itemId);
    const checking = (l: Linked) => l.accounts.find((a) => a.name.endsWith('Checking'))!;
    // Custom rows land in each bank's checking account: 123.45 out of Gingham's, into Platypus's; Plaid gives no transfer hint.
    for (const [linked, amount, description] of [[first, -123.45, 'Move in'], [second, 123.45, 'Move out']] as const) {
      const access_token = await t.app.get(PlaidItemStore).accessToken(linked.itemId);
      await sandbox.sandboxTransactionsCreate({ access_token, transactions: [{ amount, date_posted: '2026-11-12', date_transacted: '2026-11-12', description }] });
    }
    await sync(first.itemId);
    await sync(second.itemId);
    const ids = await ledgerIds();
    const plaidId = async (l: Linked, name: string) => (await plaidRows(l.itemId)).find((r) => r.name === name)!.transaction_id;
    const out = ids.get(await plaidId(second, 'Move out'))!;
    const into = ids.get(await plaidId(first, 'Move in'))!;
    let pairId = '';
    await eventually(async () => {
      const body = await getJson('transfer-pairs/candidates');
      expect(body).toEqual({
        data: [{
          pairId: expect.any(String),
          legs: [
            { transactionId: out, accountId: checking(second).id, accountName: checking(second).name, name: 'Move out', date: '2026-11-12', amount: -123.45 },
            { transactionId: into, accountId: checking(first).id, accountName: checking(first).name, name: 'Move in', date: '2026-11-12', amount: 123.45 },
          ],
        }],
      });
      pairId = body.data[0].pairId;
    });
    // Another user's call, an unknown pair and a malformed id answer 404 and change nothing.
    const bob = await signUp(t.http, t.mail, `pairs_bob_${mode}`);
    const before = await pairEvents();
    expect((await t.http.post(`transfer-pairs/${pairId}/confirm`, {}, bob.access)).status).toBe(404);
    expect((await t.http.post(`transfer-pairs/${randomUUID()}/confirm`, {}, alice.access)).status).toBe(404);
    expect((await t.http.post('transfer-pairs/not-an-id/decline', {}, alice.access)).status).toBe(404);
    expect(await pairEvents()).toEqual(before);

    const confirmed = await t.http.post(`transfer-pairs/${pairId}/confirm`, {}, alice.access);
    expect(confirmed.status, confirmed.body).toBe(200);
    expect((await t.http.post(`transfer-pairs/${pairId}/confirm`, {}, alice.access)).status).toBe(200);
    const declined = await t.http.post(`transfer-pairs/${pairId}/decline`, {}, alice.access);
    expect(declined.status).toBe(422);
    expect(declined.json()).toMatchObject({ errors: [{ field: 'pairId', message: 'These transactions are already recorded as a transfer.' }] });
    await eventually(async () => {
      expect(await getJson('transfer-pairs/candidates')).toEqual({ data: [] });
      for (const id of [out, into]) expect(((await getJson(`transaction/${id}`)) as View).categories.map((c) => c.categoryId)).toEqual([accountTransfer]);
      const payees = (await getJson('reports/payee?startDate=2026-11-01&endDate=2026-11-30')) as { name: string }[];
      expect(payees.filter((p) => p.name === 'Move in' || p.name === 'Move out')).toEqual([]);
    });
    const { rows } = await t.db.pool.query<{ message: string }>(`SELECT message FROM ledger_transaction_logs WHERE transaction_id = $1 ORDER BY seq DESC LIMIT 1`, [into]);
    expect(rows[0]!.message).toContain(`You paired "Move in" 123.45 in ${checking(first).name} with "Move out" in ${checking(second).name} as one transfer between your accounts (confirmed): moved it`);
  }, 180_000);

  test('a rebuild from the log answers the same transactions, reports and candidates', async () => {
    const ids = [...(await ledgerIds()).values()].sort().slice(0, 200);
    const read = async () => ({
      views: await Promise.all(ids.map((id) => getJson(`transaction/${id}`))),
      income: await getJson('reports/income-vs-expenses?startDate=2026-09-01&endDate=2026-11-30'),
      payee: await getJson('reports/payee?startDate=2026-09-01&endDate=2026-11-30'),
      candidates: await getJson('transfer-pairs/candidates'),
      pairs: (await t.db.pool.query('SELECT * FROM ledger_transfer_pairs WHERE user_id = $1 ORDER BY pair_id', [userId])).rows,
    });
    const before = await read();
    await t.pauseProjector();
    await rebuildReadModels({ pool: t.db.pool, store: t.store, projections: readModelProjections });
    await t.resumeProjector();
    expect(await read()).toEqual(before);
  }, 120_000);
});
