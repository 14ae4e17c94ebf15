import { changeCategoryTransfer, deleteTransaction, recordCategoryTransfer } from '@budget/contracts';
import { answerFailure, isApiError, isVersionConflict, sendFailure, useLedgerRefresh, useWriteAction, type FormErrors } from '@budget/web';
import { serverErrors } from './server-errors.js';
import type { StoredTransfer, TransferBody } from './transfer-data.js';

export type TransferOutcome = { kind: 'saved' } | { kind: 'conflict' } | { kind: 'invalid'; errors: FormErrors<'date'> };

const FIELDS = ['date'] as const;

/**
 * Sends funding, rebalances and category transfers: POST a new one, PATCH a stored one with its
 * version (a stale one is the "Changed Transaction" conflict), DELETE through /transaction. Saving
 * and deleting are each one write action: every press of Save sends the same Idempotency-Key until
 * one gets a definitive answer, so a Save pressed again after a lost answer records nothing twice.
 */
export function useTransferSave() {
  const saving = useWriteAction();
  const removing = useWriteAction();
  const refresh = useLedgerRefresh();

  const run = async (send: () => Promise<{ ok: boolean; status: number; body: unknown }>): Promise<TransferOutcome> => {
    try {
      const response = await send();
      if (response.ok) {
        void refresh();
        return { kind: 'saved' };
      }
      if (isVersionConflict(response.status, response.body)) return { kind: 'conflict' };
      if (response.status >= 500) return { kind: 'invalid', errors: { fields: {}, general: answerFailure(response.status) } };
      return { kind: 'invalid', errors: serverErrors(response.body, FIELDS) };
    } catch (error) {
      // Stored while the read models catch up: saved as far as the dialog goes.
      if (isApiError(error) && error.kind === 'pending') {
        void refresh();
        return { kind: 'saved' };
      }
      return { kind: 'invalid', errors: { fields: {}, general: sendFailure(error) } };
    }
  };

  return {
    save: (body: TransferBody, stored: StoredTransfer | null) =>
      run(() => (stored ? saving.send(changeCategoryTransfer, { params: { id: stored.id }, body }) : saving.send(recordCategoryTransfer, { body }))),
    remove: (stored: StoredTransfer) => run(() => removing.send(deleteTransaction, { params: { id: stored.id } })),
  };
}
