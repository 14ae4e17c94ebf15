import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProjectionHarness } from '../testing/projection-harness.js';

let db: TestDatabase;
let h: ProjectionHarness;
// Fresh ids per test: each test is its own user with its own categories.
let pool: string;
let unassigned: string;
let groceries: string;
let dining: string;
let account: string;

beforeAll(async () => {
  db = await createTestDatabase('ledger_proj');
});
afterAll(async () => db.drop());

const opened = (accountId: string, balance: number, tracking = 'Transactions', startDate = '2025-03-01') => ({
  type: 'AccountOpened',
  data: { accountId, institutionId: randomUUID(), name: 'Checking', type: 'depository', subtype: 'checking', tracking, startDate, balance, rate: null },
});
const starting = (transactionId: string, accountId: string, amount: number, date = '2025-03-01') => ({
  type: 'TransactionRecorded',
  data: {
    transactionId, kind: 'starting-balance', date, comment: null, splits: [{ categoryId: pool, amount, comment: null }],
    account: { accountId, name: 'Initial Funding', amount, principle: null, pending: false, provider: 'NONE', providerTransactionId: null, statementId: null },
  },
});
const manual = (transactionId: string, accountId: string, date: string, amount: number, splits: [string, number][], pending = false) => ({
  type: 'TransactionRecorded',
  data: {
    transactionId, kind: 'manual', date, comment: null, splits: splits.map(([categoryId, a]) => ({ categoryId, amount: a, comment: null })),
    account: { accountId, name: 'Shop', amount, principle: null, pending, provider: 'NONE', providerTransactionId: null, statementId: null },
  },
});

beforeEach(async () => {
  h = await ProjectionHarness.create(db.pool);
  [pool, unassigned, groceries, dining, account] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const start = randomUUID();
  await h.append(`account-${account}`, opened(account, 125000));
  await h.append(`transaction-${start}`, starting(start, account, 125000));
});

describe('ledger projection', () => {
  it('puts an opening balance into the Funding Pool (rule 6)', async () => {
    expect(await h.categoryBalance(pool)).toBe(125000);
    expect(await h.account(account)).toEqual({ balance: 125000, pending: 0, opening: 125000 });
    expect(await h.register(`a:${account}`)).toEqual([]);
  });

  it('moves the account and each split category by a manual transaction (rule 8)', async () => {
    const t = randomUUID();
    await h.append(`transaction-${t}`, manual(t, account, '2025-03-05', -4567, [[groceries, -3000], [dining, -1567]]));
    expect((await h.account(account)).balance).toBe(120433);
    expect(await h.categoryBalance(groceries)).toBe(-3000);
    expect(await h.categoryBalance(dining)).toBe(-1567);
  });

  it('reverses old splits and applies new ones on edit (rule 9)', async () => {
    const t = randomUUID();
    await h.append(`transaction-${t}`, manual(t, account, '2025-03-05', -8000, [[groceries, -8000]]));
    await h.append(`transaction-${t}`, {
      type: 'TransactionChanged',
      data: { transactionId: t, changes: { splits: { from: [], to: [{ categoryId: groceries, amount: -5000, comment: null }, { categoryId: dining, amount: -3000, comment: null }] } } },
    });
    expect(await h.categoryBalance(groceries)).toBe(-5000);
    expect(await h.categoryBalance(dining)).toBe(-3000);
    expect((await h.account(account)).balance).toBe(117000);
  });

  it('reverses fully on delete, pending rows leave the account balance alone (rule 11, rule 3)', async () => {
    const posted = randomUUID();
    const pending = randomUUID();
    await h.append(`transaction-${posted}`, manual(posted, account, '2025-03-05', -4500, [[dining, -4500]]));
    await h.append(`transaction-${pending}`, manual(pending, account, '2025-03-06', -1200, [[dining, -1200]], true));
    expect(await h.account(account)).toMatchObject({ balance: 120500, pending: -1200 });
    expect(await h.categoryBalance(dining)).toBe(-5700);
    await h.append(`transaction-${posted}`, { type: 'TransactionDeleted', data: { transactionId: posted } });
    await h.append(`transaction-${pending}`, { type: 'TransactionDeleted', data: { transactionId: pending } });
    expect(await h.account(account)).toMatchObject({ balance: 125000, pending: 0 });
    expect(await h.categoryBalance(dining)).toBe(0);
  });

  it('keeps ranks and running sums in date order when a row is back-dated', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await h.append(`transaction-${a}`, manual(a, account, '2025-03-10', -1000, [[groceries, -1000]]));
    await h.append(`transaction-${b}`, manual(b, account, '2025-03-20', -2000, [[groceries, -2000]]));
    await h.append(`transaction-${c}`, manual(c, account, '2025-03-05', -500, [[groceries, -500]]));
    expect(await h.register(`a:${account}`)).toEqual([
      { transactionId: c, rank: 1, running: -500 },
      { transactionId: a, rank: 2, running: -1500 },
      { transactionId: b, rank: 3, running: -3500 },
    ]);
    await h.append(`transaction-${a}`, { type: 'TransactionDeleted', data: { transactionId: a } });
    expect(await h.register(`a:${account}`)).toEqual([
      { transactionId: c, rank: 1, running: -500 },
      { transactionId: b, rank: 2, running: -2500 },
    ]);
  });

  it('hides rows dated before the start date from categories and the balance; a start-date move keeps the balance (rules 3, 7)', async () => {
    const early = randomUUID();
    await h.append(`transaction-${early}`, manual(early, account, '2025-02-20', -700, [[groceries, -700]]));
    expect(await h.categoryBalance(groceries)).toBe(0);
    expect((await h.account(account)).balance).toBe(125000);
    const late = randomUUID();
    await h.append(`transaction-${late}`, manual(late, account, '2025-03-05', -5000, [[groceries, -5000]]));
    expect((await h.account(account)).balance).toBe(120000);
    await h.append(`account-${account}`, { type: 'AccountStartDateChanged', data: { accountId: account, from: '2025-03-01', to: '2025-03-10' } });
    expect(await h.account(account)).toMatchObject({ balance: 120000, opening: 120000 });
    expect(await h.categoryBalance(groceries)).toBe(0);
  });

  it("keeps a bank row's payment channel as it was recorded, through a change (README \"Limits\"); none for a manual row", async () => {
    const [bank, plain, mine] = [randomUUID(), randomUUID(), randomUUID()];
    const plaid = (transactionId: string, paymentChannel?: string) => ({
      type: 'TransactionRecorded',
      data: {
        transactionId, kind: 'regular', date: '2025-03-05', comment: null, splits: [{ categoryId: unassigned, amount: -900, comment: null }],
        account: { accountId: account, name: 'Coffee', amount: -900, principle: null, pending: true, provider: 'PLAID', providerTransactionId: transactionId, statementId: null, ...(paymentChannel && { paymentChannel }) },
      },
    });
    await h.append(`transaction-${bank}`, plaid(bank, 'in store'));
    await h.append(`transaction-${plain}`, plaid(plain));
    await h.append(`transaction-${mine}`, manual(mine, account, '2025-03-05', -100, [[groceries, -100]]));
    await h.append(`transaction-${bank}`, {
      type: 'TransactionChanged',
      data: { transactionId: bank, changes: { name: { from: 'Coffee', to: 'Coffee Shop' }, pending: { from: true, to: false } } },
    });
    const { rows } = await db.pool.query<{ id: string; name: string; payment_channel: string | null }>(
      'SELECT id, name, payment_channel FROM ledger_transactions WHERE id = ANY($1::uuid[])', [[bank, plain, mine]],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(bank)).toMatchObject({ name: 'Coffee Shop', payment_channel: 'in store' });
    expect(byId.get(plain)!.payment_channel).toBeNull();
    expect(byId.get(mine)!.payment_channel).toBeNull();
  });

  it('leaves Unassigned alone for an Uncategorized account (rule 2)', async () => {
    const other = randomUUID();
    await h.append(`account-${other}`, opened(other, 10000, 'Uncategorized Transactions'));
    const t = randomUUID();
    await h.append(`transaction-${t}`, manual(t, other, '2025-03-05', -475, [[unassigned, -475]]));
    expect(await h.categoryBalance(unassigned)).toBe(0);
    expect((await h.account(other)).balance).toBe(9525);
  });
});
