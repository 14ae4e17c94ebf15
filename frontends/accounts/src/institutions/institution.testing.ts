import type { Account, Institution } from './institution-data.js';

/** Test builder: an account as GET /connected-accounts answers it, unimportant fields defaulted. */
export const account = (fields: Pick<Account, 'id' | 'name'> & Partial<Account>): Account => ({
  plaidId: null,
  closed: false,
  type: 'depository',
  subtype: 'checking',
  tracking: 'Transactions',
  balance: 0,
  pendingBalance: 0,
  plaidBalance: null,
  startDate: '2025-01-01',
  rate: null,
  ...fields,
});

/** Test builder: an offline institution with its accounts. */
export const institution = (fields: Pick<Institution, 'id' | 'name'> & Partial<Institution>): Institution => ({
  plaidInstitutionId: null,
  offline: true,
  syncDate: null,
  accounts: [],
  ...fields,
});
