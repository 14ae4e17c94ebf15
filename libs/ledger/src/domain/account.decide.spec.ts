import { describe, expect, it } from 'vitest';
import { RuleViolation, UnknownReference } from './domain-error.js';
import { decideAddInstitution, decideDeleteInstitution, decideRenameInstitution, foldInstitution } from './institution.decide.js';
import { decideOpenAccount, type OpenAccount } from './open-account.decide.js';

const open = (overrides: Partial<OpenAccount> = {}): OpenAccount => ({
  accountId: 'a1', institutionId: 'i1', name: 'Checking', startDate: '2025-03-01', balance: 10000, rate: null, balanceId: 'b1', fieldPrefix: 'accounts.0.', ...overrides,
});

describe('opening an account', () => {
  it('given a non-loan account with the spec client\'s rate 0 or null, opens it without a rate', () => {
    expect(decideOpenAccount(open({ rate: 0 }))[0].data.rate).toBeNull();
    expect(decideOpenAccount(open({ rate: null }))[0].data.rate).toBeNull();
  });

  it('keeps a loan\'s rate, including 0', () => {
    expect(decideOpenAccount(open({ type: 'loan', subtype: 'auto', rate: 5250 }))[0].data.rate).toBe(5250);
    expect(decideOpenAccount(open({ type: 'loan', subtype: 'auto', rate: 0 }))[0].data.rate).toBe(0);
  });

  it('refuses a real rate on a non-loan account, on the account\'s field', () => {
    expect(() => decideOpenAccount(open({ rate: 3000 }))).toThrow(expect.objectContaining({ field: 'accounts.0.rate' }));
  });

  it('refuses a start date outside the dates the product takes', () => {
    expect(() => decideOpenAccount(open({ startDate: '2999-01-01' }))).toThrow(RuleViolation);
  });
});

describe('institutions', () => {
  const added = decideAddInstitution('i1', ' First Bank ');

  it('needs a name, kept trimmed', () => {
    expect(added[0].data.name).toBe('First Bank');
    expect(() => decideAddInstitution('i1', '  ')).toThrow(expect.objectContaining({ field: 'institution.name', message: 'Institution name is required' }));
  });

  it('a rename to the same name changes nothing; a blank one is refused', () => {
    const state = foldInstitution(added);
    expect(decideRenameInstitution('First Bank', state)).toEqual([]);
    expect(decideRenameInstitution('Second', state)).toEqual([{ type: 'InstitutionRenamed', data: { institutionId: 'i1', name: 'Second', previousName: 'First Bank' } }]);
    expect(() => decideRenameInstitution('', state)).toThrow(RuleViolation);
  });

  it('a deleted institution is not found', () => {
    const deleted = foldInstitution([...added, ...decideDeleteInstitution(foldInstitution(added))]);
    expect(() => decideDeleteInstitution(deleted)).toThrow(UnknownReference);
    expect(() => decideRenameInstitution('X', deleted)).toThrow(UnknownReference);
  });
});
