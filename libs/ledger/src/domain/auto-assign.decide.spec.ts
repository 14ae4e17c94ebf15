import { describe, expect, test } from 'vitest';
import { decideApplicationRow, decideApplicationUndoRow, decideRuleAssignment, decideRuleUndo } from './auto-assign.decide.js';
import type { TransactionEvent } from './transaction.events.js';
import { initialTransactionState, type TransactionState } from './transaction.state.js';

const note = { ruleId: 'r', ruleName: 'Grocer', searchString: 'grocer' };
const row = (splits: { categoryId: string; amount: number }[], extra: Partial<TransactionState> = {}): TransactionState => ({
  ...initialTransactionState, transactionId: 't', exists: true, kind: 'regular', date: '2025-03-01', version: 0,
  splits: splits.map((s) => ({ ...s, comment: null })),
  account: { accountId: 'a', name: 'CITY GROCER', amount: -1000, principle: null, pending: false, provider: 'OFX', providerTransactionId: 'x', statementId: null },
  ...extra,
});
const split = [{ categoryId: 'A', amount: -400, comment: null }, { categoryId: 'B', amount: -600, comment: null }];

describe('a rule applied to an existing transaction', () => {
  test('a row wholly in Unassigned takes the splits, with the note for the log', () => {
    expect(decideRuleAssignment(row([{ categoryId: 'U', amount: -1000 }]), split, 'U', note)).toEqual([
      { type: 'TransactionChanged', data: { transactionId: 't', changes: { splits: { from: [{ categoryId: 'U', amount: -1000, comment: null }], to: split } }, autoAssignment: note } },
    ]);
  });

  test('a row assigned meanwhile, deleted, or whose amount no longer matches is left alone', () => {
    expect(decideRuleAssignment(row([{ categoryId: 'A', amount: -1000 }]), split, 'U', note)).toEqual([]);
    expect(decideRuleAssignment(row([{ categoryId: 'U', amount: -1000 }], { deleted: true }), split, 'U', note)).toEqual([]);
    expect(decideRuleAssignment(row([{ categoryId: 'U', amount: -1000 }]), split.slice(0, 1), 'U', note)).toEqual([]);
  });
});

describe('undoing a rule applied to an existing transaction', () => {
  const unassigned = [{ categoryId: 'U', amount: -1000, comment: null }];
  const account = { accountId: 'a', name: 'CITY GROCER', amount: -1000, principle: null, pending: false, provider: 'OFX' as const, providerTransactionId: 'x', statementId: null };
  const recorded: TransactionEvent = { type: 'TransactionRecorded', data: { transactionId: 't', kind: 'regular', date: '2025-03-01', comment: null, splits: unassigned, account } };
  const applied: TransactionEvent = { type: 'TransactionChanged', data: { transactionId: 't', changes: { splits: { from: unassigned, to: split } }, autoAssignment: note } };

  test('a row still carrying the rule\'s splits goes back to Unassigned', () => {
    expect(decideRuleUndo([recorded, applied], 'r')).toEqual([{ type: 'TransactionChanged', data: { transactionId: 't', changes: { splits: { from: split, to: unassigned } } } }]);
  });

  test('a row the user edited since, deleted, or that another rule assigned is skipped', () => {
    const edited: TransactionEvent = { type: 'TransactionChanged', data: { transactionId: 't', changes: { splits: { from: split, to: [{ categoryId: 'A', amount: -1000, comment: null }] } } } };
    expect(decideRuleUndo([recorded, applied, edited], 'r')).toEqual([]);
    expect(decideRuleUndo([recorded, applied, { type: 'TransactionDeleted', data: { transactionId: 't' } }], 'r')).toEqual([]);
    expect(decideRuleUndo([recorded, applied], 'other')).toEqual([]);
    expect(decideRuleUndo([recorded], 'r')).toEqual([]);
  });

  test('a second undo finds nothing to do', () => {
    const [undone] = decideRuleUndo([recorded, applied], 'r');
    expect(decideRuleUndo([recorded, applied, undone], 'r')).toEqual([]);
  });
});

describe("an application's ledger step, run once or again (exactly once by construction)", () => {
  const unassigned = [{ categoryId: 'U', amount: -1000, comment: null }];
  const account = { accountId: 'a', name: 'CITY GROCER', amount: -1000, principle: null, pending: false, provider: 'OFX' as const, providerTransactionId: 'x', statementId: null };
  const recorded: TransactionEvent = { type: 'TransactionRecorded', data: { transactionId: 't', kind: 'regular', date: '2025-03-01', comment: null, splits: unassigned, account } };
  const app = { ...note, applicationId: 'app-1' };

  test('the first run assigns the row, noting the application; a second run changes nothing and still counts it', () => {
    const first = decideApplicationRow([recorded], split, 'U', app);
    expect(first.assigned).toBe(true);
    expect(first.events).toEqual([{ type: 'TransactionChanged', data: { transactionId: 't', changes: { splits: { from: unassigned, to: split } }, autoAssignment: app } }]);
    expect(decideApplicationRow([recorded, ...first.events], split, 'U', app)).toEqual({ events: [], assigned: true });
    // Even when the user put the row back into Unassigned since: the application does not assign it twice.
    const back: TransactionEvent = { type: 'TransactionChanged', data: { transactionId: 't', changes: { splits: { from: split, to: unassigned } } } };
    expect(decideApplicationRow([recorded, ...first.events, back], split, 'U', app)).toEqual({ events: [], assigned: true });
    // Another application of the same rule may.
    expect(decideApplicationRow([recorded, ...first.events, back], split, 'U', { ...app, applicationId: 'app-2' }).assigned).toBe(true);
  });

  test("the undo puts back only this application's rows, once, and is marked", () => {
    const [assigned] = decideApplicationRow([recorded], split, 'U', app).events;
    const first = decideApplicationUndoRow([recorded, assigned!], 'r', 'app-1');
    expect(first.restored).toBe(true);
    expect(first.events).toEqual([{ type: 'TransactionChanged', data: { transactionId: 't', changes: { splits: { from: split, to: unassigned } }, ruleUndo: { ruleId: 'r', applicationId: 'app-1' } } }]);
    expect(decideApplicationUndoRow([recorded, assigned!, ...first.events], 'r', 'app-1')).toEqual({ events: [], restored: true });
    // A row another application of the rule assigned is not this undo's.
    expect(decideApplicationUndoRow([recorded, assigned!], 'r', 'app-2')).toEqual({ events: [], restored: false });
    // An application recorded before rows noted it: the rule's last assignment is undone.
    const legacy: TransactionEvent = { type: 'TransactionChanged', data: { transactionId: 't', changes: { splits: { from: unassigned, to: split } }, autoAssignment: note } };
    expect(decideApplicationUndoRow([recorded, legacy], 'r', 'old', true).restored).toBe(true);
  });
});
