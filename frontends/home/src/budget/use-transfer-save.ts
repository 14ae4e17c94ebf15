import { isVersionConflict, recordPath, useLedgerRefresh, useSession, type ApiResponse, type FormErrors } from '@budget/web';
import { serverErrors } from './server-errors.js';
import type { StoredTransfer } from './transfer-data.js';

export type TransferOutcome = { kind: 'saved' } | { kind: 'conflict' } | { kind: 'invalid'; errors: FormErrors<'date'> };

const FIELDS = ['date'] as const;

/**
 * Sends funding, rebalances and category transfers: POST a new one, PATCH a stored one with its
 * version (a stale one is the "Changed Transaction" conflict), DELETE through /transaction.
 */
export function useTransferSave() {
  const { api } = useSession();
  const refresh = useLedgerRefresh();

  const run = async (send: () => Promise<ApiResponse>): Promise<TransferOutcome> => {
    try {
      const response = await send();
      if (response.ok) {
        void refresh();
        return { kind: 'saved' };
      }
      if (isVersionConflict(response.status, response.body)) return { kind: 'conflict' };
      return { kind: 'invalid', errors: serverErrors(response.body, FIELDS) };
    } catch {
      return { kind: 'invalid', errors: serverErrors(null, FIELDS) };
    }
  };

  return {
    save: (body: object, stored: StoredTransfer | null) =>
      run(() => (stored ? api.patch(recordPath('/api/v1/category-transfer', stored.id), body) : api.post('/api/v1/category-transfer', body))),
    remove: (stored: StoredTransfer) => run(() => api.delete(recordPath('/api/v1/transaction', stored.id))),
  };
}
