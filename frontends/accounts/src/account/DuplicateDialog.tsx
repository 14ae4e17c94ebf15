import { useState } from 'react';
import { dedupTransaction, getTransaction, matchDuplicate } from '@budget/contracts';
import {
  accountAmount, Amount, Button, Dialog, formatDate, FormError, GENERIC_ERROR, Loaded, sendFailure, toFormErrors, transactionName,
  useLedgerRefresh, useRouteQuery, useWriteAction, type TransactionData,
} from '@budget/web';
import './duplicate-dialog.css';

/** One side of the pair: its date, name, amount and account. */
function Side({ title, transaction }: { title: string; transaction: TransactionData }) {
  return (
    <section className="duplicate-dialog__side" aria-label={title} data-testid="duplicate-side">
      <h3 className="duplicate-dialog__heading">{title}</h3>
      <dl className="duplicate-dialog__fields">
        <dt>Date</dt>
        <dd>{formatDate(transaction.date)}</dd>
        <dt>Name</dt>
        <dd>{transactionName(transaction)}</dd>
        <dt>Amount</dt>
        <dd>
          <Amount cents={accountAmount(transaction)} />
        </dd>
        <dt>Account</dt>
        <dd>{transaction.accountTransaction?.account?.name ?? ''}</dd>
      </dl>
    </section>
  );
}

/**
 * A flagged bank row beside the row it looks like (product-spec §4 "Duplicates"): "No, these are not
 * duplicates" clears the flag (dedup), "Yes, these are duplicates" makes them one row — a typed
 * original becomes the bank's row (`POST /transaction/{id}/match`, docs/architecture.md §8), an
 * imported one stays and the bank row goes —, Cancel closes. Both writes reload the ledger's data,
 * so the mark leaves the register.
 */
export function DuplicateDialog({ duplicate, onClose }: { duplicate: TransactionData; onClose: () => void }) {
  const originalId = duplicate.duplicateOfTransactionId;
  const original = useRouteQuery(getTransaction, originalId ? { params: { id: originalId } } : null);
  const dedup = useWriteAction();
  const removal = useWriteAction();
  const refresh = useLedgerRefresh();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const resolve = async (send: () => Promise<{ ok: boolean; body: unknown }>) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await send();
      if (!answer.ok) return setError(toFormErrors(answer.body, [])?.general ?? GENERIC_ERROR);
      await refresh();
      onClose();
    } catch (failure) {
      setError(sendFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      wide
      title="Possible Duplicate"
      onClose={onClose}
      testId="duplicate-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void resolve(() => dedup.send(dedupTransaction, { params: { id: duplicate.id } }))} disabled={busy}>
            No, these are not duplicates
          </Button>
          <Button variant="danger" onClick={() => void resolve(() => removal.send(matchDuplicate, { params: { id: duplicate.id } }))} disabled={busy}>
            Yes, these are duplicates
          </Button>
        </>
      }
    >
      <p>This transaction from the bank may be a duplicate of one already in the account.</p>
      <p data-testid="duplicate-kept">
        <strong>Yes, these are duplicates</strong> keeps the one already in the account (a typed one takes the bank&apos;s date) and removes the copy
        from the bank. <strong>No, these are not duplicates</strong> keeps both.
      </p>
      <div className="duplicate-dialog__pair">
        <Side title="From the bank" transaction={duplicate} />
        {originalId ? (
          <Loaded query={original} what="The original transaction">
            {(data) => <Side title="Already in the account" transaction={data} />}
          </Loaded>
        ) : null}
      </div>
      <FormError message={error} />
    </Dialog>
  );
}
