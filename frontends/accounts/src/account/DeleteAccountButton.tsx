import { deleteAccount } from '@budget/contracts';
import { Button, ConfirmDialog, FormError, useWriteAction } from '@budget/web';
import type { Account, Institution } from '../institutions/institution-data.js';
import { useDelete } from '../institutions/use-delete.js';

/** Delete Account with its confirmation; after it the account is deselected. */
export function DeleteAccountButton({ account, institution, onDeleted }: { account: Account; institution: Institution; onDeleted: () => void }) {
  const deleting = useWriteAction();
  const removal = useDelete(() => deleting.send(deleteAccount, { params: { id: institution.id, accountId: account.id } }), onDeleted);
  return (
    <>
      <Button variant="text" onClick={removal.ask}>
        Delete Account
      </Button>
      <FormError message={removal.error} />
      {removal.confirming ? (
        <ConfirmDialog
          open
          title="Delete Account"
          message="Are you sure you want to delete this account and all of its transactions?"
          confirmLabel="Delete Account"
          danger
          busy={removal.busy}
          onConfirm={() => void removal.run()}
          onCancel={removal.cancel}
        />
      ) : null}
    </>
  );
}
