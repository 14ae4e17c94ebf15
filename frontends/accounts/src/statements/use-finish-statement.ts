import { useState } from 'react';
import { changeStatement } from '@budget/contracts';
import { GENERIC_ERROR, sendFailure, toFormErrors, useLedgerRefresh, useWriteAction, type Id } from '@budget/web';

/**
 * Finish or reopen a statement (docs/architecture.md §9.7): PATCH /statements/{id} {finished},
 * one write action each, so a press again after a lost answer carries the same Idempotency-Key.
 * The server refuses a finish while the difference is not zero; its message is shown.
 */
export function useFinishStatement() {
  const finishing = useWriteAction();
  const reopening = useWriteAction();
  const refresh = useLedgerRefresh();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (statementId: Id, finished: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const action = finished ? finishing : reopening;
      const response = await action.send(changeStatement, { params: { id: statementId }, body: { finished } });
      if (response.ok) await refresh();
      else setError(toFormErrors(response.body, [])?.general ?? GENERIC_ERROR);
    } catch (failure) {
      setError(sendFailure(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, finish: (id: Id) => void send(id, true), reopen: (id: Id) => void send(id, false) };
}
