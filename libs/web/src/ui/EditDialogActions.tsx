import { useSaveBlocked } from '../money/amount-validity.js';
import { Button } from './Button.js';

export interface EditDialogActionsProps {
  /** Editing a stored record: a Delete button is offered. */
  editing: boolean;
  busy: boolean;
  /** The id of the form the Save button submits. */
  formId: string;
  onDelete: () => void;
  onClose: () => void;
}

/** Delete (when editing), Cancel and Save along the bottom of an add/edit dialog; Save waits for every amount to read. */
export function EditDialogActions({ editing, busy, formId, onDelete, onClose }: EditDialogActionsProps) {
  const blocked = useSaveBlocked();
  return (
    <>
      {editing ? (
        <Button variant="danger" className="ui-dialog__left" disabled={busy} onClick={onDelete}>
          Delete
        </Button>
      ) : null}
      <Button onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={formId} variant="primary" disabled={busy || blocked}>
        Save
      </Button>
    </>
  );
}
