import { useCallback, useState } from 'react';
import { useCategories } from '../categories/use-categories.js';
import { useLedgerRefresh } from '../data/use-ledger-refresh.js';
import { Button } from '../ui/Button.js';
import { Dialog } from '../ui/Dialog.js';
import { LoadError } from '../ui/LoadError.js';
import { ChangedTransactionNotice } from './ChangedTransactionNotice.js';
import { lazyParts, useLazyParts } from '../ui/lazy-parts.js';
import type { TransactionDialogProps, TransactionTarget } from './TransactionDialog.js';

/** The transaction form (splits, loans, the picker) arrives with the first row opened (docs/architecture.md §9). */
const transactionDialogParts = lazyParts(() => import('./TransactionDialog.js'));

function TransactionDialog(props: TransactionDialogProps) {
  const parts = useLazyParts(transactionDialogParts);
  return parts ? <parts.TransactionDialog {...props} /> : null;
}

/**
 * The transaction dialog and the "Changed Transaction" notice of a screen: `open` shows the
 * dialog for a new or existing transaction; `conflict` closes it, reloads and tells the user.
 */
export function useTransactionEditor() {
  const categories = useCategories();
  const tree = categories.data;
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
      {target !== null && !tree && categories.isError ? (
        // The dialog needs the categories to split into: say so instead of not opening.
        <Dialog open title="Transaction" onClose={() => setTarget(null)} actions={<Button onClick={() => setTarget(null)}>Close</Button>}>
          <LoadError what="The categories" error={categories.error} onRetry={() => void categories.refetch()} retrying={categories.isFetching} />
        </Dialog>
      ) : null}
      <ChangedTransactionNotice open={changed} onClose={() => setChanged(false)} />
    </>
  );
  return { open: setTarget, conflict, element };
}
