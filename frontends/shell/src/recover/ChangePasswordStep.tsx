import { updatePassword } from '@budget/contracts';
import { Button, FormError, TextField, useServerForm, useSession } from '@budget/web';

/**
 * Sets a new password: POST /password/update (`updatePassword`). As recovery's last step it sends
 * the spec client's exact body {password, passwordConfirmation} (a session a recovery code opened
 * moments ago needs nothing more); on /user (`askCurrent`) it also asks for the current password
 * and sends it as `currentPassword` (libs/identity/README.md "Re-authentication").
 */
export function ChangePasswordStep({ onChanged, askCurrent = false }: { onChanged: () => void; askCurrent?: boolean }) {
  const { api } = useSession();
  const form = useServerForm({ currentPassword: '', password: '', passwordConfirmation: '' });
  const update = form.handleSubmit(
    ({ currentPassword, password, passwordConfirmation }, idempotencyKey) =>
      api.send(updatePassword, { body: askCurrent ? { currentPassword, password, passwordConfirmation } : { password, passwordConfirmation } }, { idempotencyKey }),
    () => onChanged(),
  );
  return (
    <form aria-label="Change password" onSubmit={update}>
      {askCurrent ? (
        <TextField label="Current Password" type="password" autoComplete="current-password" required {...form.field('currentPassword')} />
      ) : null}
      <TextField label="Password" type="password" autoComplete="new-password" required {...form.field('password')} />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        {...form.field('passwordConfirmation')}
      />
      <FormError message={form.errors.general} />
      <Button type="submit" variant="primary" disabled={form.submitting}>
        Change Password
      </Button>
    </form>
  );
}
