import { deleteTransaction, editTransaction, recordTransaction } from '@budget/contracts';
import { isApiError } from '../api/api-error.js';
import { useWriteAction } from '../api/use-write-action.js';
import type { Id } from '../data/id.js';
import { useLedgerRefresh } from '../data/use-ledger-refresh.js';
import { toFormErrors } from '../forms/form-errors.js';
import { answerFailure, sendFailure } from '../forms/use-server-form.js';
import type { TransactionData } from '../register/transaction-data.js';
import { isBankRow } from './transaction-editing.js';
import { editTransactionBody, newTransactionBody, type TransactionForm, type TransactionFormErrors } from './transaction-form.js';
import { isStatementLocked, isVersionConflict } from './version-conflict.js';

/** `locked`: the row is on a finished statement; sent again with `unlock` once the user confirms (docs/architecture.md §9.7). */
export type SaveOutcome = { kind: 'saved' } | { kind: 'conflict' } | { kind: 'locked' } | { kind: 'invalid'; errors: TransactionFormErrors };

/** `?unlock=statement`: the confirmed change to a row of a finished statement. */
const unlocking = (unlock: boolean) => (unlock ? { unlock: 'statement' as const } : {});

const FIELDS = ['date', 'name', 'amount', 'principle'] as const;

/**
 * Adds, changes and deletes transactions; the server's errors come back for the form. Saving and
 * deleting are each one write action (`useWriteAction`): a Save pressed again after a lost answer
 * carries the same Idempotency-Key and records nothing twice.
 */
export function useTransactionSave() {
  const saving = useWriteAction();
  const removing = useWriteAction();
  const refresh = useLedgerRefresh();

  const run = async (send: () => Promise<{ ok: boolean; status: number; body: unknown }>): Promise<SaveOutcome> => {
    try {
      const response = await send();
      if (response.ok) {
        void refresh();
        return { kind: 'saved' };
      }
      if (isVersionConflict(response.status, response.body)) return { kind: 'conflict' };
      if (isStatementLocked(response.status, response.body)) return { kind: 'locked' };
      return { kind: 'invalid', errors: toFormErrors(response.body, FIELDS) ?? { fields: {}, general: answerFailure(response.status) } };
    } catch (error) {
      // Stored while the read models catch up: saved as far as the dialog goes.
      if (isApiError(error) && error.kind === 'pending') {
        void refresh();
        return { kind: 'saved' };
      }
      return { kind: 'invalid', errors: { fields: {}, general: sendFailure(error) } };
    }
  };

  const countering = useWriteAction();
  return {
    /**
     * A transfer entered in one account: this side, then the other side (`counterTransfer`) in the
     * account it went to or came from. Each POST carries its own Idempotency-Key, so a Save pressed
     * again after a lost answer records neither side twice.
     */
    transfer: async (accountId: Id, form: TransactionForm, loan: boolean, other: { id: Id; form: TransactionForm; loan: boolean }): Promise<SaveOutcome> => {
      const first = await run(() => saving.send(recordTransaction, { params: { id: accountId }, body: newTransactionBody(form, loan) }));
      if (first.kind !== 'saved') return first;
      return run(() => countering.send(recordTransaction, { params: { id: other.id }, body: newTransactionBody(other.form, other.loan) }));
    },
    create: (accountId: Id, form: TransactionForm, loan = false) =>
      run(() => saving.send(recordTransaction, { params: { id: accountId }, body: newTransactionBody(form, loan) })),
    update: (transaction: TransactionData, form: TransactionForm, loan = false, unlock = false) =>
      run(() =>
        saving.send(editTransaction, {
          params: { id: transaction.id },
          query: unlocking(unlock),
          body: editTransactionBody(form, transaction.version, isBankRow(transaction), loan),
        }),
      ),
    remove: (transaction: TransactionData, unlock = false) => run(() => removing.send(deleteTransaction, { params: { id: transaction.id }, query: unlocking(unlock) })),
  };
}
