import { updatePassword } from '@budget/contracts';
import { Button, FormError, TextField, useServerForm, useSession } from '@budget/web';

/** Last step of recovery: POST /password/update {password, passwordConfirmation} (`updatePassword`). */
export function ChangePasswordStep({ onChanged }: { onChanged: () => void }) {
  const { api } = useSession();
  const form = useServerForm({ password: '', passwordConfirmation: '' });
  const update = form.handleSubmit((values, idempotencyKey) => api.send(updatePassword, { body: values }, { idempotencyKey }), () => onChanged());
  return (
    <form aria-label="Change password" onSubmit={update}>
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
