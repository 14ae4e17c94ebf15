import { describe, expect, test } from 'vitest';
import { decideRuleAssignment } from './auto-assign.decide.js';
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
