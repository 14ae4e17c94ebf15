import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ConfirmDialog, Dialog, EditDialogActions, FormError, TextField, type FormErrors } from '@budget/web';
import { TRANSFER_MESSAGES } from './rebalance-form.js';
import type { StoredTransfer, TransferBody } from './transfer-data.js';
import { useTransferSave, type TransferOutcome } from './use-transfer-save.js';

export interface TransferDialogFrameProps {
  title: string;
  testId: string;
  /** The transaction being edited, or null for a new one. */
  stored: StoredTransfer | null;
  date: string;
  onDate: (date: string) => void;
  /** The body to send, or a message saying why it cannot be sent yet. */
  makeBody: () => TransferBody | string;
  /** Figures shown beside the date (live totals). */
  summary?: ReactNode;
  children: ReactNode;
  onClose: () => void;
  onConflict: () => void;
}

const NONE: FormErrors<'date'> = { fields: {}, general: null };

/** What the funding, rebalance and transfer dialogs share: the date, save, delete, the server's errors and the conflict. */
export function TransferDialogFrame({ title, testId, stored, date, onDate, makeBody, summary, children, onClose, onConflict }: TransferDialogFrameProps) {
  const formId = useId();
  const transfers = useTransferSave();
  const [errors, setErrors] = useState(NONE);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const finish = (outcome: TransferOutcome) => {
    setBusy(false);
    setDeleting(false);
    if (outcome.kind === 'saved') onClose();
    else if (outcome.kind === 'conflict') onConflict();
    else setErrors(outcome.errors);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (date === '') return setErrors({ fields: { date: TRANSFER_MESSAGES.date }, general: null });
    const body = makeBody();
    if (typeof body === 'string') return setErrors({ fields: {}, general: body });
    setErrors(NONE);
    setBusy(true);
    finish(await transfers.save(body, stored));
  };
  const remove = async () => {
    if (!stored) return;
    setBusy(true);
    finish(await transfers.remove(stored));
  };

  const actions = <EditDialogActions editing={Boolean(stored)} busy={busy} formId={formId} onDelete={() => setDeleting(true)} onClose={onClose} />;
  return (
    <>
      <Dialog open wide title={title} onClose={onClose} actions={actions} testId={testId}>
        <form id={formId} className="budget-transfer" onSubmit={(event) => void submit(event)} noValidate>
          <div className="budget-transfer__head">
            <TextField label="Date" type="date" required value={date} error={errors.fields.date} onChange={(e) => onDate(e.target.value)} />
            {summary ? <div className="budget-transfer__summary">{summary}</div> : null}
          </div>
          <FormError message={errors.general} />
          {children}
        </form>
      </Dialog>
      <ConfirmDialog
        open={deleting}
        title={`Delete ${title.replace(/^Edit /, '')}`}
        message="Are you sure you want to delete this transaction?"
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      />
    </>
  );
}
