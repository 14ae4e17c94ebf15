import { randomBytes } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { Configuration, PlaidApi, Products, type Transaction } from 'plaid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RecordBankFeed, RecordBankFeedResult } from '@budget/contracts';
import { PlaidGateway, PlaidItemStore, syncItem } from '@budget/bank-sync';
import { rebuildReadModels } from '@budget/platform';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { readModelProjections } from '../read-model-projections.js';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * A transaction's account part carries its payment channel (product spec: in store, online,
 * other, unknown): a Plaid row synced from the simulator answers Plaid's `payment_channel` on
 * GET /transaction/{id}, in the account register and in search; a manual row answers null. The
 * posted rows of a later sync carry theirs; a rebuild from the log answers the same. Both
 * projection modes, as the reports tests run them.
 */
const TODAY = '2026-11-25';
const KEY = randomBytes(32);

type View = { id: string; type: number; accountTransaction: { name: string; paymentChannel: string | null } | null };

describe.each(['inline', 'async'] as const)('payment channel (%s projection)', (mode) => {
  let sim: RunningPlaidSimulator;
  let sandbox: PlaidApi;
  let t: ApiTestApp;
  let alice: SignedUpUser;
  let userId: string;
  let itemId: string;
  let accountId: string;
  let manualId: string;

  /** Plaid's live rows of the item right now (a sync from no cursor: every current row is `added`). */
  const plaidRows = async (): Promise<Map<string, Transaction>> => {
    const access_token = await t.app.get(PlaidItemStore).accessToken(itemId);
    const rows = new Map<string, Transaction>();
    let cursor: string | undefined;
    for (;;) {
      const { data } = await sandbox.transactionsSync({ access_token, count: 500, ...(cursor !== undefined && { cursor }) });
      for (const row of [...data.added, ...data.modified]) rows.set(row.transaction_id, row);
      for (const row of data.removed) rows.delete(row.transaction_id);
      cursor = data.next_cursor;
      if (!data.has_more) return rows;
    }
  };
  /** The ledger's live Plaid rows: transaction id by Plaid's transaction id. */
  const ledgerRows = async (): Promise<Map<string, string>> => {
    const { rows } = await t.db.pool.query<{ id: string; provider_transaction_id: string }>(
      `SELECT id, provider_transaction_id FROM ledger_transactions WHERE user_id = $1 AND provider = 'PLAID' AND NOT deleted`,
      [userId],
    );
    return new Map(rows.map((r) => [r.provider_transaction_id, r.id]));
  };
  const getTransaction = async (id: string): Promise<View> => {
    const response = await t.http.get(`transaction/${id}`, alice.access);
    expect(response.status, response.body).toBe(200);
    return response.json() as View;
  };
  const sync = async () => {
    const item = (await t.app.get(PlaidItemStore).findByItemId(itemId))!;
    const ports = {
      plaid: t.app.get(PlaidGateway).as({ userId, itemId }),
      items: t.app.get(PlaidItemStore),
      record: (command: RecordBankFeed) => t.app.get(CommandBus).execute(command) as Promise<RecordBankFeedResult>,
      now: () => new Date(),
    };
    return syncItem(item, ports, { chunkSize: 50 });
  };
  /** Async mode: the projector catches up with the sync's appends (the ledger's rows follow the log). */
  const settled = async (expected: number) => {
    for (let i = 0; i < 200 && (await ledgerRows()).size !== expected; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await ledgerRows()).size).toBe(expected);
  };
  /** Every live Plaid row answers Plaid's channel on GET /transaction/{id}; the channels seen. */
  const expectChannels = async () => {
    const plaid = await plaidRows();
    await settled(plaid.size);
    const ledger = await ledgerRows();
    const seen = new Set<string | null>();
    for (const [plaidId, row] of plaid) {
      const id = ledger.get(plaidId);
      expect(id, `Plaid row ${plaidId} is in the ledger`).toBeDefined();
      const view = await getTransaction(id!);
      expect(view.accountTransaction?.paymentChannel, `${row.name} (${plaidId})`).toBe(row.payment_channel);
      seen.add(view.accountTransaction!.paymentChannel);
    }
    return { seen, ledger, plaid };
  };

  beforeAll(async () => {
    sim = await startPlaidSimulator({ port: 0, today: TODAY });
    sandbox = new PlaidApi(new Configuration({ basePath: sim.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': 'test', 'PLAID-SECRET': 'test' } } }));
    t = await startApiTestApp({
      PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: KEY.toString('base64'), ...(mode === 'async' && { PROJECTION: 'async' }),
    });
    alice = await signUp(t.http, t.mail, `channel_${mode}`);
    userId = JSON.parse(Buffer.from(alice.access.split('.')[1]!, 'base64url').toString()).sub as string;
    const { data } = await sandbox.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Transactions] });
    const linked = await t.http.post('institution', { publicToken: data.public_token, institutionId: 'ins_109508', startDate: '2026-10-01' }, alice.access);
    expect(linked.status, linked.body).toBe(201);
    accountId = linked.json().data.accounts.find((a: { name: string }) => a.name.endsWith('Checking')).id;
    itemId = (await t.db.pool.query<{ item_id: string }>('SELECT item_id FROM bank_items WHERE institution_id = $1', [linked.json().data.id])).rows[0]!.item_id;
    const manual = await t.http.post(`account/${accountId}/transactions`, { date: TODAY, name: 'Cash at the market', amount: -12, categories: [] }, alice.access);
    expect(manual.status, manual.body).toBe(201);
    manualId = manual.json().transaction.id as string;
    expect((await sync()).ledger.added).toBeGreaterThan(10);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  test("GET /transaction/{id} answers a synced Plaid row's payment channel, every channel the simulator gives", async () => {
    const { seen } = await expectChannels();
    expect([...seen].sort()).toEqual(['in store', 'online', 'other']);
  }, 60_000);

  test('a manual row answers paymentChannel null, the field present', async () => {
    for (let i = 0; i < 100 && (await t.http.get(`transaction/${manualId}`, alice.access)).status !== 200; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const view = await getTransaction(manualId);
    expect(view.accountTransaction).toMatchObject({ name: 'Cash at the market', paymentChannel: null });
    expect(Object.keys(view.accountTransaction!)).toContain('paymentChannel');
  });

  test('the account register and search answer the same channels as GET /transaction/{id}', async () => {
    const register = await t.http.get(`account/${accountId}/transactions?offset=0&limit=1000`, alice.access);
    expect(register.status, register.body).toBe(200);
    const rows = register.json().data.transactions as View[];
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows.filter((r) => r.type === 0).slice(0, 15)) {
      expect(row.accountTransaction!.paymentChannel).toBe((await getTransaction(row.id)).accountTransaction!.paymentChannel);
    }
    expect(rows.find((r) => r.id === manualId)!.accountTransaction!.paymentChannel).toBeNull();
    const bank = rows.find((r) => r.type === 0 && r.accountTransaction!.paymentChannel !== null)!;
    const search = await t.http.get(`transactions/search?name=${encodeURIComponent(bank.accountTransaction!.name)}`, alice.access);
    expect(search.status, search.body).toBe(200);
    const found = (search.json().data.transactions as View[]).find((r) => r.id === bank.id)!;
    expect(found.accountTransaction!.paymentChannel).toBe(bank.accountTransaction!.paymentChannel);
  });

  test('a later sync (pending rows posted, new rows) answers the channels of the rows it recorded', async () => {
    sim.simulator.advance(sim.simulator.itemById(itemId)!);
    const result = await sync();
    expect(result.ledger.added + result.ledger.changed + result.ledger.removed).toBeGreaterThan(0);
    await expectChannels();
  }, 60_000);

  test('a rebuild from the log answers the same transactions, channels included', async () => {
    const ids = [...(await ledgerRows()).values(), manualId];
    const before = await Promise.all(ids.map(getTransaction));
    expect(before.filter((v) => v.accountTransaction?.paymentChannel).length).toBeGreaterThan(10);
    await t.pauseProjector();
    await rebuildReadModels({ pool: t.db.pool, store: t.store, projections: readModelProjections });
    await t.resumeProjector();
    expect(await Promise.all(ids.map(getTransaction))).toEqual(before);
  }, 60_000);
});
