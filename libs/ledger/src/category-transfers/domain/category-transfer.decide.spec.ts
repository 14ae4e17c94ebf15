import { describe, expect, test } from 'vitest';
import { RuleViolation, UnknownReference } from '../../domain/domain-error.js';
import { StaleVersion } from '../../domain/edit-transaction.decide.js';
import type { TransactionEvent } from '../../domain/transaction.events.js';
import { foldTransaction } from '../../domain/transaction.state.js';
import { decideChangeCategoryTransfer } from './change-category-transfer.decide.js';
import { decideRecordCategoryTransfer, type RecordCategoryTransfer } from './record-category-transfer.decide.js';
import type { TransferContext } from './transfer-lines.js';

const mine: TransferContext = { categoryExists: (id) => ['dining', 'groceries', 'pool', 'rent'].includes(id) };
const record = (over: Partial<RecordCategoryTransfer>): RecordCategoryTransfer => ({
  transactionId: 't1',
  type: 'rebalance',
  date: '2025-07-10',
  comment: null,
  lines: [{ categoryId: 'dining', amount: -2500 }, { categoryId: 'groceries', amount: 2500 }],
  ...over,
});
const when = (over: Partial<RecordCategoryTransfer>) => decideRecordCategoryTransfer(record(over), foldTransaction([]), mine);
const violation = (message: string) => expect.objectContaining({ message });

describe('recording a rebalance (rule 15)', () => {
  test('given nothing, when Dining −25 and Groceries +25 are rebalanced, then a rebalance without an account is recorded', () => {
    expect(when({})).toEqual([
      {
        type: 'TransactionRecorded',
        data: {
          transactionId: 't1', kind: 'rebalance', date: '2025-07-10', comment: null, account: null,
          splits: [{ categoryId: 'dining', amount: -2500, comment: null }, { categoryId: 'groceries', amount: 2500, comment: null }],
        },
      },
    ]);
  });

  test('then Dining −25 and Groceries +20 are refused with the spec message', () => {
    expect(() => when({ lines: [{ categoryId: 'dining', amount: -2500 }, { categoryId: 'groceries', amount: 2000 }] })).toThrow(
      violation('The sum of the adjustments must be zero.'),
    );
  });

  test('then a date and at least one moving line are required', () => {
    expect(() => when({ date: null })).toThrow(violation('A date must be specified.'));
    expect(() => when({ date: '2025-02-30' })).toThrow(RuleViolation);
    expect(() => when({ lines: [] })).toThrow(violation('There must be at least one adjustment.'));
    expect(() => when({ lines: [{ categoryId: 'dining', amount: 0 }] })).toThrow(violation('There must be at least one adjustment.'));
  });

  test('then a category that is not the user’s — in a line or as a funding source — is unknown', () => {
    expect(() => when({ lines: [{ categoryId: 'theirs', amount: -1 }, { categoryId: 'dining', amount: 1 }] })).toThrow(UnknownReference);
    expect(() =>
      when({ type: 'funding', lines: [{ categoryId: 'dining', amount: 1, fundingCategories: [{ categoryId: 'theirs', amount: 10_000, percentage: true }] }, { categoryId: 'pool', amount: -1, funder: true }] }),
    ).toThrow(UnknownReference);
  });

  test('a category transfer (no type) checks From against To with its own message and is stored as a rebalance', () => {
    expect(() => when({ type: 'transfer', lines: [{ categoryId: 'dining', amount: -2500 }, { categoryId: 'rent', amount: 2400 }] })).toThrow(
      violation('The sum of the From categories does not match the sum of the To categories.'),
    );
    expect(when({ type: 'transfer' })[0]!.data.kind).toBe('rebalance');
  });
});

describe('recording funding (rule 12)', () => {
  test('given Groceries 400 and Rent 1,200 from the pool, then the funding keeps the funding fields of every split', () => {
    const [event] = when({
      type: 'funding',
      lines: [
        { categoryId: 'groceries', amount: 40000, baseAmount: 40000, fundingCategories: [], includeFundingTransfers: true },
        { categoryId: 'rent', amount: 120000, baseAmount: 120000, fundingCategories: [], includeFundingTransfers: true },
        { categoryId: 'pool', amount: -160000, funder: true },
      ],
    });
    expect(event!.data.kind).toBe('funding');
    expect(event!.data.splits.map((s) => [s.categoryId, s.amount, s.funder, s.baseAmount])).toEqual([
      ['groceries', 40000, false, 40000],
      ['rent', 120000, false, 120000],
      ['pool', -160000, true, 0],
    ]);
  });

  test('given a Fund save whose amounts are all 0, then nothing is recorded (no 422); with no line at all it is still refused', () => {
    const nothing = [{ categoryId: 'groceries', amount: 0, baseAmount: 0 }, { categoryId: 'rent', amount: 0 }, { categoryId: 'pool', amount: 0, funder: true }];
    expect(when({ type: 'funding', lines: nothing })).toEqual([]);
    expect(() => when({ type: 'funding', lines: [] })).toThrow(violation('There must be at least one adjustment.'));
    expect(() => when({ type: 'funding', lines: [{ categoryId: 'theirs', amount: 0 }] })).toThrow(UnknownReference);
    expect(() => when({ type: 'funding', date: null, lines: nothing })).toThrow(violation('A date must be specified.'));
  });

  test('then funding that does not balance, or a funder that receives, is refused', () => {
    expect(() => when({ type: 'funding', lines: [{ categoryId: 'groceries', amount: 40000 }, { categoryId: 'pool', amount: -30000, funder: true }] })).toThrow(
      violation('The funded amounts must equal the amounts drawn from the funding categories.'),
    );
    expect(() => when({ type: 'funding', lines: [{ categoryId: 'groceries', amount: -100 }, { categoryId: 'pool', amount: 100, funder: true }] })).toThrow(
      violation('A funding category gives money: its amount must not be positive.'),
    );
  });
});

describe('changing a category transfer', () => {
  const recorded = decideRecordCategoryTransfer(record({}), foldTransaction([]), mine) as TransactionEvent[];
  const state = foldTransaction(recorded);
  const change = { type: 'rebalance' as const, date: '2025-07-20', lines: [{ categoryId: 'dining', amount: -1000 }, { categoryId: 'rent', amount: 1000 }] };

  test('given a rebalance at version 0, when its date and splits change, then one TransactionChanged with both', () => {
    const [event] = decideChangeCategoryTransfer({ ...change, version: 0 }, state, mine);
    expect(event!.data.changes).toEqual({
      date: { from: '2025-07-10', to: '2025-07-20' },
      splits: { from: state.splits, to: [{ categoryId: 'dining', amount: -1000, comment: null }, { categoryId: 'rent', amount: 1000, comment: null }] },
    });
  });

  test('then a stale version, another kind, a deleted or an account transaction are refused', () => {
    expect(() => decideChangeCategoryTransfer({ ...change, version: 3 }, state, mine)).toThrow(StaleVersion);
    expect(() => decideChangeCategoryTransfer({ ...change, type: 'funding' }, state, mine)).toThrow(violation('The type of a category transfer cannot be changed.'));
    const deleted = foldTransaction([...recorded, { type: 'TransactionDeleted', data: { transactionId: 't1' } }]);
    expect(() => decideChangeCategoryTransfer(change, deleted, mine)).toThrow(UnknownReference);
    const bank = { ...state, kind: 'manual' as const, account: { accountId: 'a', name: 'x', amount: 1, principle: null, pending: false, provider: 'NONE' as const, providerTransactionId: null, statementId: null } };
    expect(() => decideChangeCategoryTransfer(change, bank, mine)).toThrow(UnknownReference);
  });

  test('given a funding, when it is saved again with every amount 0, then nothing changes', () => {
    const funding = foldTransaction(decideRecordCategoryTransfer(record({ type: 'funding', lines: [{ categoryId: 'groceries', amount: 100 }, { categoryId: 'pool', amount: -100, funder: true }] }), foldTransaction([]), mine));
    expect(decideChangeCategoryTransfer({ type: 'funding', date: '2025-07-20', lines: [{ categoryId: 'groceries', amount: 0 }, { categoryId: 'pool', amount: 0, funder: true }] }, funding, mine)).toEqual([]);
  });

  test('then the same content records nothing', () => {
    expect(decideChangeCategoryTransfer({ type: 'transfer', date: '2025-07-10', lines: record({}).lines }, state, mine)).toEqual([]);
  });
});
