import type { TransactionData } from './transaction-data.js';

type AccountPart = NonNullable<TransactionData['accountTransaction']>;

/** Test builder: a transaction as the ledger answers it, with the fields a spec does not care about defaulted. */
export function transaction(fields: Pick<TransactionData, 'id'> & Partial<Omit<TransactionData, 'accountTransaction'>> & { accountTransaction?: Partial<AccountPart> | null }): TransactionData {
  const { accountTransaction, ...rest } = fields;
  return {
    date: '2025-01-01',
    sortOrder: null,
    type: 0,
    comment: null,
    categories: [],
    duplicateOfTransactionId: null,
    version: 0,
    ...rest,
    accountTransaction: accountTransaction === null || accountTransaction === undefined ? null : accountPart(accountTransaction),
  };
}

function accountPart(fields: Partial<AccountPart>): AccountPart {
  return {
    name: null,
    amount: null,
    principle: null,
    paymentChannel: null,
    location: null,
    accountOwner: null,
    pending: false,
    statementId: null,
    account: { id: 'acct', name: 'Checking', institution: { name: 'Bank' } },
    ...fields,
  };
}

/** Test builder: one split line. */
export const split = (categoryId: string, amount: number, comment: string | null = null) => ({ categoryId, amount, comment });
