import { useId, type FormEvent, type ReactNode } from 'react';
import { useSaveBlocked } from '../money/amount-validity.js';
import { Button } from './Button.js';
import { Dialog } from './Dialog.js';

export interface FormDialogProps {
  title: string;
  /** The submit button's label (Save by default). */
  submitLabel?: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void | Promise<void>;
  onClose: () => void;
  wide?: boolean;
  testId?: string;
  children: ReactNode;
}

/** The submit button, disabled while busy or while an amount field of the dialog cannot be read. */
function SubmitButton({ formId, busy, label }: { formId: string; busy: boolean; label: string }) {
  const blocked = useSaveBlocked();
  return (
    <Button type="submit" form={formId} variant="primary" disabled={busy || blocked}>
      {label}
    </Button>
  );
}

/** A dialog holding one form, with Cancel and the submit button along the bottom. */
export function FormDialog({ title, submitLabel = 'Save', busy, onSubmit, onClose, wide, testId, children }: FormDialogProps) {
  const formId = useId();
  const actions = (
    <>
      <Button onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <SubmitButton formId={formId} busy={busy} label={submitLabel} />
    </>
  );
  return (
    <Dialog open title={title} onClose={onClose} actions={actions} wide={wide} testId={testId}>
      <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate>
        {children}
      </form>
    </Dialog>
  );
}
