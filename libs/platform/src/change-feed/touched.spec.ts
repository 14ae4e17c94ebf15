import { describe, expect, test } from 'vitest';
import { addTouched, emptyTouched, streamsNeedingHistory, type LoggedEvent } from './touched.js';
import { mergeChanges, toChange } from './change-log.js';

const A = 'a0000000-0000-4000-8000-000000000001';
const C1 = 'c0000000-0000-4000-8000-000000000001';
const C2 = 'c0000000-0000-4000-8000-000000000002';
const I = 'i0000000-0000-4000-8000-000000000001';
const T = 't0000000-0000-4000-8000-000000000001';

const touched = (event: LoggedEvent, history: LoggedEvent[] = []) => {
  const into = emptyTouched();
  addTouched(into, event, history);
  return toChange(1n, into);
};

const recorded: LoggedEvent = {
  streamId: `transaction-${T}`,
  type: 'TransactionRecorded',
  data: { transactionId: T, splits: [{ categoryId: C1, amount: -100 }], account: { accountId: A, name: 'x', amount: -100 } },
};

describe('what an event touched, read from the log', () => {
  test('a recorded transaction: its account and every split category, nested anywhere', () => {
    expect(touched(recorded)).toMatchObject({ accounts: [A], categories: [C1], institutions: [], allCategories: false, budget: false, rules: false });
  });

  test("a delete or a change names only the transaction: its account and categories come from the stream's earlier events", () => {
    const deleted: LoggedEvent = { streamId: `transaction-${T}`, type: 'TransactionDeleted', data: { transactionId: T } };
    expect(touched(deleted)).toMatchObject({ accounts: [], categories: [] });
    expect(touched(deleted, [recorded])).toMatchObject({ accounts: [A], categories: [C1] });
    const moved: LoggedEvent = { streamId: `transaction-${T}`, type: 'TransactionChanged', data: { transactionId: T, changes: { splits: { from: [{ categoryId: C1 }], to: [{ categoryId: C2 }] } } } };
    expect(touched(moved, [recorded])).toMatchObject({ accounts: [A], categories: [C1, C2].sort() });
    expect(streamsNeedingHistory([recorded, deleted, moved])).toEqual([`transaction-${T}`]);
    expect(streamsNeedingHistory([recorded])).toEqual([]);
  });

  test("an account's stream names it; Plaid's own account id is not ours; a tracking change may move every category", () => {
    const opened: LoggedEvent = { streamId: `account-${A}`, type: 'AccountOpened', data: { accountId: A, institutionId: I, plaid: { accountId: 'plaid-acc-1', balance: 5 } } };
    expect(touched(opened)).toMatchObject({ accounts: [A], institutions: [I], allCategories: false });
    const tracking: LoggedEvent = { streamId: `account-${A}`, type: 'AccountTrackingChanged', data: { accountId: A, from: 'Transactions', to: 'Balances' } };
    expect(touched(tracking)).toMatchObject({ accounts: [A], allCategories: true });
  });

  test("the budget's stream is the tree; the rules' stream is the rules, not the categories its splits name", () => {
    expect(touched({ streamId: 'budget-u1', type: 'GroupRenamed', data: { groupId: 'g', name: 'x' } })).toMatchObject({ budget: true, categories: [] });
    expect(touched({ streamId: 'budget-u1', type: 'CategoryRenamed', data: { categoryId: C1, name: 'x' } })).toMatchObject({ budget: true, categories: [C1] });
    expect(touched({ streamId: 'rules-u1', type: 'AutoAssignmentAdded', data: { ruleId: 'r', categories: [{ categoryId: C1 }] } })).toMatchObject({ rules: true, categories: [] });
  });

  test('merged changes: the union, at the last position', () => {
    const one = toChange(5n, Object.assign(emptyTouched(), { accounts: new Set([A]) }));
    const two = toChange(9n, Object.assign(emptyTouched(), { categories: new Set([C1]), allCategories: true }));
    expect(mergeChanges([one, two])).toEqual({ position: '9', accounts: [A], categories: [C1], institutions: [], allCategories: true, budget: false, rules: false });
    expect(mergeChanges([])).toBeNull();
  });
});
