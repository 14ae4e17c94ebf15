import { useEffect, useRef, useState } from 'react';
import { GENERIC_ERROR, sendFailure, toFormErrors, useLedgerRefresh } from '@budget/web';

/**
 * DELETE of an institution or an account behind a confirmation: `run` sends it (`send`), reloads the
 * institutions and category balances, then calls `onDone`; a refusal is kept in `error`.
 * `onDone` (a deselect: a navigation to /accounts) runs only while the button is still on the
 * page: the reload can take a while, and by then the page may have moved on by itself (the deleted
 * account's route sends to /accounts as soon as the account is gone) or the user may have gone
 * elsewhere — a late navigation would take them back to Accounts.
 */
export function useDelete(send: () => Promise<{ ok: boolean; body: unknown }>, onDone: () => void) {
  const refresh = useLedgerRefresh();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

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
      if (mounted.current) onDone();
    } catch (error) {
      setError(sendFailure(error));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return { confirming, busy, error, ask: () => setConfirming(true), cancel: () => setConfirming(false), run };
}
