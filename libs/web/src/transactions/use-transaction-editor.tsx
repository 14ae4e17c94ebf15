import { useCallback, useState } from 'react';
import { useCategories } from '../categories/use-categories.js';
import { useLedgerRefresh } from '../data/use-ledger-refresh.js';
import { ChangedTransactionNotice } from './ChangedTransactionNotice.js';
import { TransactionDialog, type TransactionTarget } from './TransactionDialog.js';

/**
 * The transaction dialog and the "Changed Transaction" notice of a screen: `open` shows the
 * dialog for a new or existing transaction; `conflict` closes it, reloads and tells the user.
 */
export function useTransactionEditor() {
  const { data: tree } = useCategories();
  const refresh = useLedgerRefresh();
  const [target, setTarget] = useState<TransactionTarget | null>(null);
  const [changed, setChanged] = useState(false);

  const conflict = useCallback(() => {
    setTarget(null);
    void refresh();
    setChanged(true);
  }, [refresh]);

  const element = (
    <>
      {target !== null && tree ? <TransactionDialog target={target} tree={tree} onClose={() => setTarget(null)} onConflict={conflict} /> : null}
      <ChangedTransactionNotice open={changed} onClose={() => setChanged(false)} />
    </>
  );
  return { open: setTarget, conflict, element };
}
