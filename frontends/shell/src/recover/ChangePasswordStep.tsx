import { Button, FormError, TextField, useServerForm, useSession } from '@budget/web';

/** Last step of recovery: POST /api/v1/password/update {password, passwordConfirmation}. */
export function ChangePasswordStep({ onChanged }: { onChanged: () => void }) {
  const { api } = useSession();
  const form = useServerForm({ password: '', passwordConfirmation: '' });
  const update = form.handleSubmit((values) => api.post('/api/v1/password/update', values), onChanged);
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
