import { useState } from 'react';
import { GENERIC_ERROR, sendFailure, toFormErrors, useLedgerRefresh } from '@budget/web';

/**
 * DELETE of an institution or an account behind a confirmation: `run` sends it (`send`), reloads the
 * institutions and category balances, then calls `onDone`; a refusal is kept in `error`.
 */
export function useDelete(send: () => Promise<{ ok: boolean; body: unknown }>, onDone: () => void) {
  const refresh = useLedgerRefresh();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const response = await send();
      if (!response.ok) {
        setError(toFormErrors(response.body, [])?.general ?? GENERIC_ERROR);
        return;
      }
      await refresh();
      onDone();
    } catch (error) {
      setError(sendFailure(error));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return { confirming, busy, error, ask: () => setConfirming(true), cancel: () => setConfirming(false), run };
}
