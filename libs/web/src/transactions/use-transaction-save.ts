import { deleteTransaction, editTransaction, recordTransaction } from '@budget/contracts';
import { isApiError } from '../api/api-error.js';
import type { Id } from '../data/id.js';
import { useLedgerRefresh } from '../data/use-ledger-refresh.js';
import { toFormErrors } from '../forms/form-errors.js';
import { GENERIC_ERROR } from '../forms/use-server-form.js';
import type { TransactionData } from '../register/transaction-data.js';
import { useSession } from '../session/session-context.js';
import { isBankRow } from './transaction-editing.js';
import { editTransactionBody, newTransactionBody, type TransactionForm, type TransactionFormErrors } from './transaction-form.js';
import { isVersionConflict } from './version-conflict.js';

export type SaveOutcome = { kind: 'saved' } | { kind: 'conflict' } | { kind: 'invalid'; errors: TransactionFormErrors };

const FIELDS = ['date', 'name', 'amount', 'principle'] as const;

/** Adds, changes and deletes transactions; the server's errors come back for the form. */
export function useTransactionSave() {
  const { api } = useSession();
  const refresh = useLedgerRefresh();

  const run = async (send: () => Promise<{ ok: boolean; status: number; body: unknown }>): Promise<SaveOutcome> => {
    try {
      const response = await send();
      if (response.ok) {
        void refresh();
        return { kind: 'saved' };
      }
      if (isVersionConflict(response.status, response.body)) return { kind: 'conflict' };
      return { kind: 'invalid', errors: toFormErrors(response.body, FIELDS) ?? { fields: {}, general: GENERIC_ERROR } };
    } catch (error) {
      // Stored while the read models catch up: saved as far as the dialog goes.
      if (isApiError(error) && error.kind === 'pending') {
        void refresh();
        return { kind: 'saved' };
      }
      return { kind: 'invalid', errors: { fields: {}, general: GENERIC_ERROR } };
    }
  };

  return {
    create: (accountId: Id, form: TransactionForm, loan = false) =>
      run(() => api.send(recordTransaction, { params: { id: accountId }, body: newTransactionBody(form, loan) })),
    update: (transaction: TransactionData, form: TransactionForm, loan = false) =>
      run(() =>
        api.send(editTransaction, { params: { id: transaction.id }, body: editTransactionBody(form, transaction.version, isBankRow(transaction), loan) }),
      ),
    remove: (transaction: TransactionData) => run(() => api.send(deleteTransaction, { params: { id: transaction.id } })),
  };
}
