import { Button } from '../ui/Button.js';
import { Dialog } from '../ui/Dialog.js';
import { CHANGED_TRANSACTION } from './version-conflict.js';

/** Shown after a stale save was refused: the register has been reloaded with the current row. */
export function ChangedTransactionNotice({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      title={CHANGED_TRANSACTION.title}
      onClose={onClose}
      testId="changed-transaction"
      actions={
        <Button variant="primary" onClick={onClose}>
          OK
        </Button>
      }
    >
      <p>{CHANGED_TRANSACTION.message}</p>
    </Dialog>
  );
}
