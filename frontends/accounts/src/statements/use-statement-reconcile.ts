import { useState } from 'react';
import { GENERIC_ERROR, recordPath, toFormErrors, useLedgerRefresh, useSession, type Id } from '@budget/web';

/** Reconcile All or None: PATCH /api/v1/statements/{id} {reconcile}, then the register reloads. */
export function useStatementReconcile() {
  const { api } = useSession();
  const refresh = useLedgerRefresh();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reconcile = async (statementId: Id, reconcile: 'All' | 'None') => {
    setBusy(true);
    setError(null);
    try {
      const response = await api.patch(recordPath('/api/v1/statements', statementId), { reconcile });
      if (response.ok) await refresh();
      else setError(toFormErrors(response.body, [])?.general ?? GENERIC_ERROR);
    } catch {
      setError(GENERIC_ERROR);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, reconcile: (id: Id, which: 'All' | 'None') => void reconcile(id, which) };
}
