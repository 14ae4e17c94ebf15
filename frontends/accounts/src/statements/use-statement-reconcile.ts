import { useState } from 'react';
import { changeStatement } from '@budget/contracts';
import { GENERIC_ERROR, sendFailure, toFormErrors, useLedgerRefresh, useSession, type Id } from '@budget/web';

/** Reconcile All or None: PATCH /statements/{id} {reconcile} (`changeStatement`), then the register reloads. */
export function useStatementReconcile() {
  const { api } = useSession();
  const refresh = useLedgerRefresh();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reconcile = async (statementId: Id, reconcile: 'All' | 'None') => {
    setBusy(true);
    setError(null);
    try {
      const response = await api.send(changeStatement, { params: { id: statementId }, body: { reconcile } });
      if (response.ok) await refresh();
      else setError(toFormErrors(response.body, [])?.general ?? GENERIC_ERROR);
    } catch (error) {
      setError(sendFailure(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, reconcile: (id: Id, which: 'All' | 'None') => void reconcile(id, which) };
}
