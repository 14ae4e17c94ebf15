import { describe, expect, it } from 'vitest';
import { decideClaims, type ClaimCandidate } from './claim.decide.js';
import type { DuplicateProbe } from './duplicates.decide.js';

const probe = (overrides: Partial<DuplicateProbe> = {}): DuplicateProbe => ({ transactionId: 'bank-1', accountId: 'acc-1', amount: -1000, date: '2025-03-12', ...overrides });
const typed = (overrides: Partial<ClaimCandidate> = {}): ClaimCandidate => ({ transactionId: 'typed-1', accountId: 'acc-1', amount: -1000, date: '2025-03-10', ...overrides });

describe('which bank rows claim a typed row (docs/architecture.md §8)', () => {
  it('claims the one typed row of the same account and amount within 3 days, once', () => {
    const claimed = new Set<string>();
    expect(decideClaims([probe()], [typed()], claimed)).toEqual(new Map([['bank-1', 'typed-1']]));
    expect(claimed).toEqual(new Set(['typed-1']));
    expect(decideClaims([probe({ transactionId: 'bank-2' })], [typed()], claimed).size).toBe(0);
  });

  it('never claims across accounts, amounts (a cent off) or more than 3 days', () => {
    for (const c of [typed({ accountId: 'acc-2' }), typed({ amount: -1001 }), typed({ date: '2025-03-08' }), typed({ date: '2025-03-16' })]) {
      expect(decideClaims([probe()], [c], new Set()).size).toBe(0);
    }
  });

  it('guesses nothing: two typed candidates, or two new bank rows near one typed row, claim nothing', () => {
    expect(decideClaims([probe()], [typed(), typed({ transactionId: 'typed-2', date: '2025-03-13' })], new Set()).size).toBe(0);
    expect(decideClaims([probe(), probe({ transactionId: 'bank-2', date: '2025-03-11' })], [typed()], new Set()).size).toBe(0);
  });

  it('two bank rows, each near its own typed row only, each claim theirs', () => {
    const claims = decideClaims([probe(), probe({ transactionId: 'bank-2', date: '2025-03-25' })], [typed(), typed({ transactionId: 'typed-2', date: '2025-03-24' })], new Set());
    expect(claims).toEqual(new Map([['bank-1', 'typed-1'], ['bank-2', 'typed-2']]));
  });
});
