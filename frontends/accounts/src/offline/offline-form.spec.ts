import { describe, expect, it } from 'vitest';
import { initialOfflineForm, newAccountBody, OFFLINE_MESSAGES, offlineInstitutionBody, offlineServerErrors, validateOffline } from './offline-form.js';

const form = { ...initialOfflineForm('2025-03-01'), institutionName: 'Cash Bank', accountName: 'Checking', balance: 125000 };

describe('offline institution form', () => {
  it('sends the institution with one account and the start date, money in dollars', () => {
    expect(offlineInstitutionBody(form)).toEqual({
      institution: { name: 'Cash Bank' },
      accounts: [{ name: 'Checking', balance: 1250, type: 'depository', subtype: 'checking', tracking: 'Transactions', rate: null }],
      startDate: '2025-03-01',
    });
  });

  it('sends an added account with its start date', () => {
    expect(newAccountBody(form)).toEqual({
      name: 'Checking', balance: 1250, type: 'depository', subtype: 'checking', tracking: 'Transactions', rate: null, startDate: '2025-03-01',
    });
  });

  it('sends the rate for loans only', () => {
    expect(offlineInstitutionBody({ ...form, rate: '4.5' }).accounts[0]?.rate).toBeNull();
    expect(offlineInstitutionBody({ ...form, type: 'loan', subtype: 'auto', rate: '4.5' }).accounts[0]?.rate).toBe(4.5);
  });

  it('uses the spec messages for missing names and start date', () => {
    const errors = validateOffline({ ...form, institutionName: ' ', accountName: '', startDate: '' });
    expect(errors.fields).toEqual({
      institutionName: OFFLINE_MESSAGES.institutionName,
      accountName: OFFLINE_MESSAGES.accountName,
      startDate: OFFLINE_MESSAGES.startDate,
    });
    expect(validateOffline({ ...form, institutionName: '' }, false).fields).toEqual({});
    expect(validateOffline({ ...form, type: 'loan', rate: 'abc' }).fields.rate).toBe(OFFLINE_MESSAGES.rate);
  });

  it("puts the server's errors on their fields", () => {
    const body = { errors: [
      { field: 'institution.name', message: 'Institution name is required' },
      { field: 'accounts.0.name', message: 'Account name is required' },
      { source: { pointer: 'startDate' }, detail: 'Start date is required' },
      { code: 'X', message: 'Something else' },
    ] };
    expect(offlineServerErrors(body, 'fallback')).toEqual({
      fields: { institutionName: 'Institution name is required', accountName: 'Account name is required', startDate: 'Start date is required' },
      general: 'Something else',
    });
    expect(offlineServerErrors('nope', 'fallback')).toEqual({ fields: {}, general: 'fallback' });
  });
});
