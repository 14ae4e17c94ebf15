import { useState } from 'react';
import { deleteUser } from '@budget/contracts';
import { Button, Dialog, FormError, GENERIC_ERROR, sendFailure, useSession } from '@budget/web';

/** Delete Account: confirm, DELETE /user (`deleteUser`), then clear the session and go to `/`. */
export function DeleteAccount() {
  const { api, endSession } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setDeleting(true);
    try {
      if ((await api.send(deleteUser)).ok) return endSession();
      setError(GENERIC_ERROR);
    } catch (error) {
      setError(sendFailure(error));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete Account
      </Button>
      <Dialog
        open={confirming}
        title="Delete Account"
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
            <Button variant="danger" onClick={remove} disabled={deleting}>
              Delete
            </Button>
          </>
        }
      >
        <p>This deletes your account with its budget, institutions and transactions. It cannot be undone.</p>
        <FormError message={error} />
      </Dialog>
    </>
  );
}
