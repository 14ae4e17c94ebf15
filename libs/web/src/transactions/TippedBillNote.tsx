import { useState } from 'react';
import { getTransaction, reviewTransactions } from '@budget/contracts';
import { useWriteAction } from '../api/use-write-action.js';
import { useRouteQuery } from '../data/route-query.js';
import { useLedgerRefresh } from '../data/use-ledger-refresh.js';
import { toFormErrors } from '../forms/form-errors.js';
import { GENERIC_ERROR, sendFailure } from '../forms/use-server-form.js';
import { moneyDisplay, wireCents } from '../money/money.js';
import type { TransactionData } from '../register/transaction-data.js';
import { Button } from '../ui/Button.js';
import { FormError } from '../ui/FormError.js';

/**
 * The tipped bill, shown (docs/architecture.md §9): a typed row the bank's row claimed at another
 * amount is new for its amount (`newReason: 'amount'`); the dialog says what was typed and what the
 * bank took — the typed amount comes with the row's own read (`typedAmount`) — and "Mark reviewed"
 * clears it (POST /transactions/review, under the action's Idempotency-Key). Saving an edit reviews
 * it too. Nothing for any other row.
 */
export function TippedBillNote({ transaction }: { transaction: TransactionData }) {
  const tipped = transaction.newReason === 'amount';
  const full = useRouteQuery(getTransaction, tipped ? { params: { id: transaction.id } } : null);
  const review = useWriteAction();
  const refresh = useLedgerRefresh();
  const [busy, setBusy] = useState(false);
  const [reviewed, setReviewed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const typed = full.data?.typedAmount;
  const bank = transaction.accountTransaction?.amount;
  if (!tipped || reviewed || typed === undefined || bank === undefined) return null;

  const markReviewed = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await review.send(reviewTransactions, { body: { ids: [transaction.id], reviewed: true } });
      if (!answer.ok) return setError(toFormErrors(answer.body, [])?.general ?? GENERIC_ERROR);
      setReviewed(true);
      await refresh();
    } catch (failure) {
      setError(sendFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ui-notice" data-testid="tipped-bill">
      <p>
        {`The bank's amount differed from what you typed (typed ${moneyDisplay(wireCents(typed)).text}, bank ${moneyDisplay(wireCents(bank)).text}).`}
      </p>
      <Button onClick={() => void markReviewed()} disabled={busy}>
        Mark reviewed
      </Button>
      <FormError message={error} testId="tipped-bill-error" />
    </div>
  );
}
