import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { migrateProjections, PostgresEventStore, rebuildReadModels, uuidGenerator, withTransaction } from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { appendBudgetEvents } from '../../commands/budget-stream.js';
import { decideBudget, foldBudget, initialBudgetState, type BudgetCommand, type BudgetEvent, type BudgetState } from '../../domain/index.js';
import { listGroupsProjection } from './list-groups.projection.js';
import { readTree } from './list-groups.sql.js';

let db: TestDatabase;
let store: PostgresEventStore;
const projections = [listGroupsProjection];
const context = { userId: 'u1', correlationId: 'c', causationId: null, actor: 'user' as const, recordedAt: new Date(0), ids: uuidGenerator };

beforeEach(async () => {
  db = await createTestDatabase('group_changes');
  store = await PostgresEventStore.create(db.pool, db.url);
  await migrateProjections(db.pool, projections);
});
afterEach(async () => {
  await store.close();
  await db.drop();
});

/** Decides and appends each command in turn, like the API does, and returns the final state. */
async function run(commands: ((state: BudgetState) => BudgetCommand)[]): Promise<BudgetState> {
  let events: BudgetEvent[] = decideBudget({ type: 'CreateBudget', userId: 'u1', ids: uuidGenerator }, initialBudgetState);
  await appendBudgetEvents(store, events, 'no_stream', context);
  for (const make of commands) {
    const state = foldBudget(events);
    const next = decideBudget(make(state), state);
    await appendBudgetEvents(store, next, events.length - 1, context);
    events = [...events, ...next];
  }
  return foldBudget(events);
}

const idOf = (state: BudgetState, kind: 'groups' | 'categories', name: string) =>
  state.status === 'created' ? [...state[kind]].find(([, v]) => v.name === name)![0] : '';

describe('list-groups read model under changes', () => {
  test('given renames, moves, settings, deletes and a pool subcategory, the rows equal the decider’s state, also after a replay', async () => {
    const final = await run([
      () => ({ type: 'AddGroup', groupId: 'g-trips', name: 'Trips', parentGroupId: null }),
      (s) => ({ type: 'ChangeGroup', groupId: 'g-trips', name: 'Travel', parentGroupId: idOf(s, 'groups', 'Food'), hidden: true }),
      (s) => ({ type: 'AddCategory', categoryId: 'c-sub', groupId: idOf(s, 'groups', 'System'), fields: { name: 'Emergency' }, today: '2025-07-01' }),
      (s) => ({ type: 'ChangeCategory', categoryId: idOf(s, 'categories', 'Groceries'), groupId: 'g-trips', fields: { name: 'Food on the road', type: 'GOAL', fundingAmount: 12345 }, today: '2025-07-01' }),
      (s) => ({ type: 'DeleteCategory', categoryId: idOf(s, 'categories', 'Registration'), groupId: idOf(s, 'groups', 'Car'), inUse: false }),
      (s) => ({ type: 'SetPlanItem', categoryId: idOf(s, 'categories', 'Gasoline'), fundingAmount: 5000, useGoal: true, goalDate: null, recurrence: 2, today: '2025-07-01' }),
      () => ({ type: 'AddGroup', groupId: 'g-empty', name: 'Empty', parentGroupId: null }),
      () => ({ type: 'DeleteGroup', groupId: 'g-empty' }),
    ]);
    await rebuildReadModels({ pool: db.pool, store, projections });
    const view = await readTree(db.pool, 'u1');
    if (final.status !== 'created') throw new Error('no budget');

    expect(view.groups.map((g) => [g.id, g.name, g.parentGroupId, g.hidden]).sort()).toEqual(
      [...final.groups].map(([id, g]) => [id, g.name, g.parentGroupId, g.hidden]).sort(),
    );
    expect(view.categories.map((c) => [c.id, c.name, c.groupId, c.type, c.parentCategoryId]).sort()).toEqual(
      [...final.categories].map(([id, c]) => [id, c.name, c.groupId, c.type, c.parentCategoryId]).sort(),
    );
    expect(view.categories.find((c) => c.name === 'Food on the road')).toMatchObject({ groupId: 'g-trips', type: 'GOAL', fundingAmount: 123.45, useGoal: false });
    expect(view.categories.find((c) => c.name === 'Gasoline')).toMatchObject({ fundingAmount: 50, useGoal: true, goalDate: '2025-09-01', recurrence: 2 });
    expect(view.categories.find((c) => c.name === 'Emergency')?.parentCategoryId).toBe(idOf(final, 'categories', 'Funding Pool'));

    const before = await db.pool.query('SELECT * FROM budget_categories ORDER BY id');
    await withTransaction(db.pool, async (client) => {
      for (const event of await store.readAll()) await listGroupsProjection.apply(client, event);
    });
    expect((await db.pool.query('SELECT * FROM budget_categories ORDER BY id')).rows).toEqual(before.rows);
  });
});
