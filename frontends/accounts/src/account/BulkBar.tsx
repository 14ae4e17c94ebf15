import { useState } from 'react';
import { bulkTransactions } from '@budget/contracts';
import {
  Button, CategoryPicker, ConfirmDialog, FormError, GENERIC_ERROR, sendFailure, toFormErrors, useCategories, useLedgerRefresh, useWriteAction, type Id,
} from '@budget/web';
import './bulk-bar.css';

export interface BulkBarProps {
  /** The selected rows, in register order. */
  ids: readonly Id[];
  onDone: () => void;
}

type Action = 'categorise' | 'review' | 'delete';

/**
 * The bar over a register with rows selected (docs/architecture.md §4.6 "Bulk actions"): put them
 * all in one category, mark them reviewed, or delete them — one `POST /transactions/bulk`, all or
 * nothing, each press its own user action (its own Idempotency-Key, kept for the user's retry).
 * Loaded with the first selection, never in a first load.
 */
export default function BulkBar({ ids, onDone }: BulkBarProps) {
  const { data: tree } = useCategories();
  const [categoryId, setCategoryId] = useState<Id | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const writes = { categorise: useWriteAction(), review: useWriteAction(), delete: useWriteAction() };
  const refresh = useLedgerRefresh();

  const run = async (action: Action) => {
    setBusy(action);
    setError(null);
    try {
      const body = { action, ids: [...ids], ...(action === 'categorise' && categoryId ? { categoryId } : {}) };
      const answer = await writes[action].send(bulkTransactions, { body });
      if (!answer.ok) return setError(toFormErrors(answer.body, [])?.general ?? GENERIC_ERROR);
      await refresh();
      onDone();
    } catch (failure) {
      setError(sendFailure(failure));
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  const count = `${ids.length} selected`;
  return (
    <div className="account-bulk" role="region" aria-label="Bulk actions" data-testid="bulk-bar">
      <p className="account-bulk__count" aria-live="polite">
        {count}
      </p>
      {tree ? (
        <div className="account-bulk__category">
          <CategoryPicker label="Category for the selected rows" tree={tree} value={categoryId} onChange={setCategoryId} />
        </div>
      ) : null}
      <Button variant="primary" onClick={() => void run('categorise')} disabled={busy !== null || categoryId === null} data-testid="bulk-categorise">
        Categorise
      </Button>
      <Button onClick={() => void run('review')} disabled={busy !== null} data-testid="bulk-review">
        Mark reviewed
      </Button>
      <Button variant="danger" onClick={() => setConfirming(true)} disabled={busy !== null} data-testid="bulk-delete">
        Delete
      </Button>
      <Button onClick={onDone} disabled={busy !== null}>
        Clear selection
      </Button>
      <FormError message={error} testId="bulk-error" />
      <ConfirmDialog
        open={confirming}
        title="Delete transactions"
        message={`Delete the ${ids.length} selected transactions?`}
        confirmLabel="Delete"
        danger
        busy={busy === 'delete'}
        onConfirm={() => void run('delete')}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
