import { describe, expect, it } from 'vitest';
import { BANKS, findBank } from './banks.js';
import { STAGES, generateItem, type ItemSpec } from './generate.js';

const spec = (over: Partial<ItemSpec> = {}): ItemSpec => {
  const bank = over.bank ?? findBank('ins_109508')!;
  return { bank, accounts: bank.accounts, seed: 'default', today: '2026-11-25', daysRequested: 90, ...over };
};

describe('the generated bank script', () => {
  it('posts every pending row in a later stage, under a new id naming the pending one, with another amount', () => {
    const { changes } = generateItem(spec());
    const pending = changes.filter((c) => c.kind === 'added' && c.transaction.pending);
    const posted = changes.filter((c) => c.kind === 'added' && c.transaction.pending_transaction_id);
    expect(pending.length).toBeGreaterThan(0);
    for (const p of pending) {
      const post = posted.find((c) => c.transaction.pending_transaction_id === p.transaction.transaction_id);
      if (p.transaction.date === '2026-11-25') {
        expect(post).toBeUndefined(); // today's rows are still pending at the end
        continue;
      }
      expect(post!.stage).toBeGreaterThan(p.stage);
      expect(post!.transaction.amount).not.toBe(p.transaction.amount);
      expect(changes).toContainEqual({ stage: post!.stage, kind: 'removed', transaction: p.transaction });
    }
  });

  it('keeps ids unique, dates within the window and stages in order', () => {
    const { changes } = generateItem(spec());
    const added = changes.filter((c) => c.kind === 'added').map((c) => c.transaction.transaction_id);
    expect(new Set(added).size).toBe(added.length);
    expect(changes.every((c) => c.transaction.date >= '2026-08-28' && c.transaction.date <= '2026-11-25')).toBe(true);
    expect(changes.map((c) => c.stage)).toEqual([...changes.map((c) => c.stage)].sort((a, b) => a - b));
    expect(Math.max(...changes.map((c) => c.stage))).toBe(STAGES);
    // Nothing is modified or removed before it was added.
    const seen = new Set<string>();
    for (const c of changes) {
      if (c.kind === 'added') seen.add(c.transaction.transaction_id);
      else expect(seen.has(c.transaction.transaction_id)).toBe(true);
    }
  });

  it('holds exactly transactionCount rows in the first sync when asked', () => {
    for (const count of [100, 2000, 5000]) {
      const { changes } = generateItem(spec({ transactionCount: count }));
      expect(changes.filter((c) => c.stage === 0)).toHaveLength(count);
    }
  });

  it('gives Houndstooth Bank about 5,000 rows in its first sync', () => {
    const { changes } = generateItem(spec({ bank: BANKS.find((b) => b.institution.name === 'Houndstooth Bank')! }));
    const first = changes.filter((c) => c.stage === 0).length;
    expect(first).toBeGreaterThan(4_900);
    expect(first).toBeLessThan(5_200);
  });

  it('moves money between its own accounts with both sides in the feed: checking → savings and the card payment, opposite amounts on one date, hinted as transfers', () => {
    const { accounts, changes } = generateItem(spec());
    const keyOf = new Map(accounts.map((a) => [a.account_id, a.template.key]));
    const rows = changes.filter((c) => c.kind === 'added').map((c) => c.transaction);
    const named = (key: string, name: string) => rows.filter((t) => keyOf.get(t.account_id) === key && t.name === name);
    for (const [from, to, primary] of [
      [named('checking', 'Transfer to Saving'), named('savings', 'Transfer from Checking'), ['TRANSFER_OUT', 'TRANSFER_IN']],
      [named('checking', 'Credit Card Payment - Thank You'), named('credit', 'Payment - Thank You'), ['LOAN_PAYMENTS', 'LOAN_PAYMENTS']],
    ] as const) {
      expect(from.length).toBeGreaterThanOrEqual(2);
      expect(to.map((t) => [t.date, -t.amount])).toEqual(from.map((t) => [t.date, t.amount]));
      expect(from.every((t) => t.personal_finance_category?.primary === primary[0])).toBe(true);
      expect(to.every((t) => t.personal_finance_category?.primary === primary[1])).toBe(true);
    }
    // Every other row carries a category of its own, none of them a transfer's.
    const others = rows.filter((t) => !/Transfer|Payment/.test(t.name));
    expect(others.every((t) => t.personal_finance_category && !['TRANSFER_IN', 'TRANSFER_OUT', 'LOAN_PAYMENTS'].includes(t.personal_finance_category.primary))).toBe(true);
  });

  it('gives the same script for the same spec, and another one for another "today" or seed', () => {
    const ids = (over: Partial<ItemSpec> = {}) => generateItem(spec(over)).changes.map((c) => `${c.stage}:${c.kind}:${c.transaction.transaction_id}:${c.transaction.amount}:${c.transaction.date}`);
    expect(ids()).toEqual(ids());
    expect(ids({ today: '2027-01-10' })).not.toEqual(ids());
    expect(ids({ seed: 'other' })).not.toEqual(ids());
  });
});
