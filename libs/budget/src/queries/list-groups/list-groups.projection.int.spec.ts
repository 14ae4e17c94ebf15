import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { migrateProjections, PostgresEventStore, rebuildReadModels, uuidGenerator, withTransaction, type StoredEvent } from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { decideBudget, initialBudgetState, type BudgetEvent } from '../../domain/index.js';
import { appendBudgetEvents } from '../../commands/budget-stream.js';
import { listGroupsProjection } from './list-groups.projection.js';
import { readTree } from './list-groups.sql.js';

let db: TestDatabase;
let store: PostgresEventStore;
const projections = [listGroupsProjection];

beforeEach(async () => {
  db = await createTestDatabase('list_groups');
  store = await PostgresEventStore.create(db.pool, db.url);
  await migrateProjections(db.pool, projections);
});
afterEach(async () => {
  await store.close();
  await db.drop();
});

const context = (userId: string) => ({ userId, correlationId: 'c', causationId: null, actor: 'system' as const, recordedAt: new Date(0), ids: uuidGenerator });

async function createBudget(userId: string, extra: BudgetEvent[] = []): Promise<void> {
  const events = [...decideBudget({ type: 'CreateBudget', userId, ids: uuidGenerator }, initialBudgetState), ...extra];
  await appendBudgetEvents(store, events, 'no_stream', context(userId));
}

async function applyAll(events: StoredEvent[]): Promise<void> {
  await withTransaction(db.pool, async (client) => {
    for (const event of events) await listGroupsProjection.apply(client, event);
  });
}

async function rows(): Promise<unknown[]> {
  const groups = await db.pool.query('SELECT * FROM budget_groups ORDER BY user_id, position');
  const categories = await db.pool.query('SELECT * FROM budget_categories ORDER BY user_id, position');
  return [...groups.rows, ...categories.rows];
}

describe('list-groups read model', () => {
  test('given a new budget, when projected, then the read model holds its whole tree', async () => {
    await createBudget('u1');
    await applyAll(await store.readAll());

    const view = await readTree(db.pool, 'u1');

    expect(view.groups.map((g) => [g.name, g.type, g.hidden, g.parentGroupId])).toEqual([
      ['System', 'SYSTEM', false, null],
      ['NoGroup', 'NO GROUP', false, null],
      ...['Food', 'Home Improvement', 'Health Care', 'Insurance', 'Bills', 'Taxes', 'Car'].map((n) => [n, 'REGULAR', false, null]),
    ]);
    expect(view.categories).toHaveLength(27);
    expect(view.categories[0]).toEqual({
      id: expect.any(String),
      groupId: view.groups[0]!.id,
      name: 'Unassigned',
      type: 'UNASSIGNED',
      hidden: false,
      fundingAmount: 0,
      includeFundingTransfers: true,
      useGoal: false,
      goalDate: null,
      recurrence: 1,
      fundingCategories: [],
      suspended: false,
      parentCategoryId: null,
    });
  });

  test('given the events applied twice, the rows are the same as applied once', async () => {
    await createBudget('u1');
    const events = await store.readAll();
    await applyAll(events);
    const once = await rows();

    await applyAll(events);

    expect(await rows()).toEqual(once);
  });

  test('given two users, each sees only their own budget', async () => {
    await createBudget('u1');
    await createBudget('u2');
    await rebuildReadModels({ pool: db.pool, store, projections });

    const [mine, theirs] = await Promise.all([readTree(db.pool, 'u1'), readTree(db.pool, 'u2')]);

    expect(mine.groups).toHaveLength(9);
    expect(theirs.groups).toHaveLength(9);
    expect(mine.groups.map((g) => g.id).filter((id) => theirs.groups.some((t) => t.id === id))).toEqual([]);
    expect((await readTree(db.pool, 'nobody')).categories).toEqual([]);
  });

  test('money is stored in cents and answered in dollars with two decimals', async () => {
    const categoryId = crypto.randomUUID();
    await createBudget('u1', [
      { type: 'GroupAdded', data: { groupId: 'g-x', name: 'Savings', type: 'REGULAR', parentGroupId: null } },
      {
        type: 'CategoryAdded',
        data: {
          categoryId,
          groupId: 'g-x',
          name: 'Trip',
          type: 'GOAL',
          fundingAmount: 123456,
          includeFundingTransfers: false,
          useGoal: true,
          goalDate: '2026-03-01',
          recurrence: 12,
          fundingCategories: [
            { categoryId: 'pool', amount: 2550, percentage: false },
            { categoryId: 'other', amount: 5000, percentage: true },
          ],
          suspended: true,
        },
      },
    ]);
    await rebuildReadModels({ pool: db.pool, store, projections });

    const trip = (await readTree(db.pool, 'u1')).categories.find((c) => c.id === categoryId);

    expect(trip).toMatchObject({
      groupId: 'g-x',
      fundingAmount: 1234.56,
      goalDate: '2026-03-01',
      recurrence: 12,
      useGoal: true,
      suspended: true,
      includeFundingTransfers: false,
      fundingCategories: [
        { categoryId: 'pool', amount: 25.5, percentage: false },
        { categoryId: 'other', amount: 50, percentage: true },
      ],
    });
  });

  test('the balance is not the budget’s: the read model has no balance column (the ledger answers balances)', async () => {
    await createBudget('u1');
    await rebuildReadModels({ pool: db.pool, store, projections });

    const { rows } = await db.pool.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'budget_categories'`,
    );

    expect(rows.map((r) => r.column_name)).not.toContain('balance_cents');
    expect((await readTree(db.pool, 'u1')).categories[0]).not.toHaveProperty('balance');
  });

  test('events of other streams are ignored', async () => {
    const metadata = { userId: 'u1', correlationId: 'c', causationId: null, actor: 'user' as const, recordedAt: new Date(0).toISOString() };
    await store.append('transaction-1', [{ id: crypto.randomUUID(), type: 'GroupAdded', data: { groupId: 'x' }, metadata }], { expectedRevision: 'no_stream' });
    await rebuildReadModels({ pool: db.pool, store, projections });
    expect(await rows()).toEqual([]);
  });
});
