import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import type { RecordBankFeed, RecordBankFeedResult } from '@budget/contracts';
import { Configuration, PlaidApi, Products, type TransactionsSyncRequest } from 'plaid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaidItem } from '../items/plaid-item-store.js';
import { feedCents, ItemNeedsRelinkError, netPages, plaidErrorCode, syncItem, type SyncItemPorts } from './sync-item.js';

let sim: RunningPlaidSimulator;
let plaid: PlaidApi;
beforeAll(async () => {
  sim = await startPlaidSimulator({ port: 0, today: '2025-03-15' });
  plaid = new PlaidApi(new Configuration({ basePath: sim.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': 'test', 'PLAID-SECRET': 'test' } } }));
});
afterAll(async () => sim.close());

/** A linked item at the simulator, and the ports around it that record what the sync did, in order. */
async function linked(seed: string) {
  const { data: created } = await plaid.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Transactions], options: { seed } as never });
  const { data: exchanged } = await plaid.itemPublicTokenExchange({ public_token: created.public_token });
  const item: PlaidItem = {
    itemId: exchanged.item_id, userId: 'user-1', institutionId: 'inst-1', plaidInstitutionId: 'ins_109508', cursor: null, status: 'ok', errorCode: null, syncedAt: null,
  };
  const calls: string[] = [];
  const recorded: RecordBankFeed[] = [];
  let failRecord = false;
  const ports: SyncItemPorts = {
    plaid,
    items: {
      accessToken: async () => exchanged.access_token,
      saveCursor: async (_id, cursor) => {
        calls.push('saveCursor');
        item.cursor = cursor;
      },
      markNeedsRelink: async (_id, code) => {
        calls.push(`markNeedsRelink ${code}`);
        item.status = 'needs_relink';
      },
      markHealthy: async () => {
        calls.push('markHealthy');
        item.status = 'ok';
      },
    },
    record: async (command): Promise<RecordBankFeedResult> => {
      calls.push('record');
      if (failRecord) throw new Error('ledger down');
      recorded.push(command);
      return { added: command.rows.length, changed: 0, removed: command.removals.length, unchanged: 0, skipped: 0, chunks: 1, accountIds: [], categoryIds: [] };
    },
    now: () => new Date('2025-03-15T12:00:00Z'),
  };
  const simItem = sim.simulator.itemById(exchanged.item_id)!;
  return { item, ports, calls, recorded, simItem, accessToken: exchanged.access_token, failRecord: (on: boolean) => (failRecord = on) };
}

describe('syncing one item', () => {
  it('fetches every page before recording once, then stores the cursor', async () => {
    const t = await linked('pages');
    const pageCalls: string[] = [];
    const counting: SyncItemPorts = { ...t.ports, plaid: { transactionsSync: (request: TransactionsSyncRequest) => (pageCalls.push('page'), plaid.transactionsSync({ ...request, count: 50 })) } as PlaidApi };
    const result = await syncItem(t.item, { ...counting, record: async (c) => (t.calls.push(`record after ${pageCalls.length} pages`), t.ports.record(c)) });
    expect(result.pages).toBeGreaterThan(1);
    expect(t.calls).toEqual([`record after ${result.pages} pages`, 'record', 'saveCursor']);
    expect(t.recorded).toHaveLength(1);
    expect(t.recorded[0]!.rows.length).toBeGreaterThan(100);
    expect(t.item.cursor).toBe(result.cursor);
    // Nothing new at the bank: the next sync records an empty feed.
    const again = await syncItem(t.item, t.ports);
    expect(again.ledger).toMatchObject({ added: 0, removed: 0 });
  });

  it('keeps the old cursor when the ledger fails, so the next run fetches the same rows again', async () => {
    const t = await linked('crash');
    t.failRecord(true);
    await expect(syncItem(t.item, t.ports)).rejects.toThrow('ledger down');
    expect(t.item.cursor).toBeNull();
    expect(t.calls).toEqual(['record']);
    t.failRecord(false);
    const result = await syncItem(t.item, t.ports);
    expect(t.recorded[0]!.rows.length).toBeGreaterThan(0);
    expect(t.item.cursor).toBe(result.cursor);
  });

  it('starts the whole page loop again from the stored cursor when the bank changes during pagination', async () => {
    const t = await linked('mutation');
    await syncItem(t.item, t.ports);
    const stored = t.item.cursor;
    sim.simulator.advance(t.simItem);
    const cursors: (string | undefined)[] = [];
    let advanced = false;
    const mutating = {
      transactionsSync: async (request: TransactionsSyncRequest) => {
        cursors.push(request.cursor);
        const answer = await plaid.transactionsSync({ ...request, count: 2 });
        // The bank shows its next day right after the first page of this pagination.
        if (!advanced) {
          advanced = true;
          sim.simulator.advance(t.simItem);
        }
        return answer;
      },
    } as PlaidApi;
    const result = await syncItem(t.item, { ...t.ports, plaid: mutating });
    expect(result.restarts).toBe(1);
    expect(cursors.filter((c) => c === stored).length).toBe(2);
    // One feed per sync; the second holds both days, each row once.
    expect(t.recorded).toHaveLength(2);
    const ids = t.recorded[1]!.rows.map((r) => r.transactionId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(t.recorded[1]!.rows.some((r) => r.pendingTransactionId !== null) || t.recorded[1]!.removals.length > 0).toBe(true);
  });

  it('marks the item as needing relink on ITEM_LOGIN_REQUIRED and records nothing', async () => {
    const t = await linked('relink');
    await plaid.sandboxItemResetLogin({ access_token: t.accessToken });
    await expect(syncItem(t.item, t.ports)).rejects.toBeInstanceOf(ItemNeedsRelinkError);
    expect(t.calls).toEqual(['markNeedsRelink ITEM_LOGIN_REQUIRED']);
    expect(t.item.cursor).toBeNull();
  });

  it('rethrows RATE_LIMIT_EXCEEDED and 500s for the job\'s retry, and stores nothing', async () => {
    const t = await linked('limits');
    for (const [code, status] of [['RATE_LIMIT_EXCEEDED', 429], ['INTERNAL_SERVER_ERROR', 500]] as const) {
      sim.faults.push({ id: code, item_id: t.item.itemId, endpoint: '/transactions/sync', error_code: code, times: 1, delayMs: 0 });
      const error = await syncItem(t.item, t.ports).catch((e: unknown) => e);
      expect((error as { response?: { status?: number } }).response?.status).toBe(status);
      expect(plaidErrorCode(error)).not.toBeNull();
    }
    expect(t.calls).toEqual([]);
    await syncItem(t.item, t.ports);
    expect(t.calls).toEqual(['record', 'saveCursor']);
  });
});

describe('netting the pages', () => {
  const tx = (id: string, amount: number, extra: object = {}) => ({ transaction_id: id, account_id: 'a', amount, date: '2025-03-01', name: id, pending: false, pending_transaction_id: null, ...extra }) as never;
  const page = (added: unknown[], modified: unknown[], removed: { transaction_id: string; account_id: string }[]) =>
    ({ added, modified, removed, accounts: [], next_cursor: 'c', has_more: false }) as never;

  it('keeps the last word on each row: added then modified is one row; added then removed is only a removal', () => {
    const net = netPages([page([tx('t1', 10), tx('t2', 5)], [], []), page([], [tx('t1', 12)], [{ transaction_id: 't2', account_id: 'a' }])]);
    expect(net.rows.map((r) => [r.transactionId, r.amountCents])).toEqual([['t1', -1200]]);
    expect(net.removals).toEqual([{ plaidAccountId: 'a', transactionId: 't2' }]);
  });

  it('turns Plaid amounts into our cents and sign from their decimal text (rule 1)', () => {
    expect(feedCents(42.5)).toBe(-4250);
    expect(feedCents(-10)).toBe(1000);
    expect(feedCents(0.1 + 0.2)).toBe(-30);
    expect(feedCents(0)).toBe(0);
  });
});
