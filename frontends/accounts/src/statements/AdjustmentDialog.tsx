import { useState, type FormEvent } from 'react';
import { dollarsFromCents, type Cents } from '@budget/money';
import { editTransaction, recordTransaction } from '@budget/contracts';
import { CategoryPicker, FormDialog, FormError, GENERIC_ERROR, moneyDisplay, sendFailure, toFormErrors, useCategories, useLedgerRefresh, useWriteAction, type Id } from '@budget/web';
import type { Statement } from './statement-data.js';

/** The name of every reconciliation adjustment (docs/architecture.md §9.7). */
export const ADJUSTMENT_NAME = 'Reconciliation adjustment';

/** "Create an adjustment for −5.00": the button's (and the dialog's) words for a difference. */
export const adjustmentLabel = (difference: Cents) => `Create an adjustment for ${moneyDisplay(difference).text}`;

/**
 * The adjustment that closes a statement's difference (docs/architecture.md §9.7): a manual
 * transaction of the difference on the statement's end date, in the category the user picks,
 * through POST /account/{id}/transactions (the spec's body has no statementId), then ticked onto
 * the statement with PATCH /transaction/{id} {version, statementId}. Each write has its own
 * action, so a retry re-sends its own Idempotency-Key; once the row exists only the PATCH is retried.
 */
export default function AdjustmentDialog({ accountId, statement, difference, onClose }: { accountId: Id; statement: Statement; difference: Cents; onClose: () => void }) {
  const create = useWriteAction();
  const tick = useWriteAction();
  const refresh = useLedgerRefresh();
  const { data: tree } = useCategories();
  const [categoryId, setCategoryId] = useState<Id | null>(null);
  const [created, setCreated] = useState<{ id: Id; version: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (categoryId === null) return setError('Choose the category of the adjustment.');
    setBusy(true);
    setError(null);
    try {
      let row = created;
      if (!row) {
        const amount = dollarsFromCents(difference);
        const made = await create.send(recordTransaction, { params: { id: accountId }, body: { date: statement.endDate.slice(0, 10), name: ADJUSTMENT_NAME, amount, categories: [{ categoryId, amount }] } });
        if (!made.ok) return setError(toFormErrors(made.body, [])?.general ?? GENERIC_ERROR);
        row = { id: made.body.transaction.id, version: made.body.transaction.version };
        setCreated(row);
      }
      const ticked = await tick.send(editTransaction, { params: { id: row.id }, body: { version: row.version, statementId: statement.id } });
      if (!ticked.ok) return setError(toFormErrors(ticked.body, [])?.general ?? GENERIC_ERROR);
      await refresh();
      onClose();
    } catch (failure) {
      setError(sendFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title="Reconciliation adjustment" submitLabel={adjustmentLabel(difference)} busy={busy} onSubmit={submit} onClose={onClose} testId="adjustment-dialog">
      <p>{`A transaction of ${moneyDisplay(difference).text} named "${ADJUSTMENT_NAME}", dated the statement's end date and ticked onto it, makes its difference zero.`}</p>
      {tree ? <CategoryPicker label="Category" tree={tree} value={categoryId} onChange={setCategoryId} /> : null}
      <FormError message={error} />
    </FormDialog>
  );
}
