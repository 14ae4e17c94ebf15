import { useState } from 'react';
import { deleteUser } from '@budget/contracts';
import { answerFailure, Button, Dialog, FormError, sendFailure, TextField, toFormErrors, useSession } from '@budget/web';

/**
 * Delete Account: confirm, DELETE /user (`deleteUser`), then clear the session and go to `/`. Right
 * after a sign-in the confirmation is enough (the spec client's call, no body); later the server asks
 * for the current password (403 on `currentPassword`), and the dialog then shows that field and
 * sends it with the next Delete (libs/identity/README.md "Re-authentication").
 */
export function DeleteAccount() {
  const { api, endSession } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [askPassword, setAskPassword] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);

  const remove = async () => {
    setDeleting(true);
    setError(null);
    setPasswordError(undefined);
    try {
      const answer = await api.send(deleteUser, currentPassword === '' ? {} : { body: { currentPassword } });
      if (answer.ok) return endSession();
      const errors = toFormErrors(answer.body, ['currentPassword'] as const);
      if (errors?.fields.currentPassword !== undefined) {
        setAskPassword(true);
        setPasswordError(errors.fields.currentPassword);
      }
      setError(errors ? errors.general : answerFailure(answer.status));
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
            <Button variant="danger" onClick={remove} disabled={deleting || (askPassword && currentPassword === '')}>
              Delete
            </Button>
          </>
        }
      >
        <p>This deletes your account with its budget, institutions and transactions. It cannot be undone.</p>
        {askPassword ? (
          <TextField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            required
            value={currentPassword}
            error={passwordError}
            onChange={(event) => {
              setCurrentPassword(event.target.value);
              setPasswordError(undefined);
            }}
          />
        ) : null}
        <FormError message={error} />
      </Dialog>
    </>
  );
}
