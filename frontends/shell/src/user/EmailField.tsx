import { useState } from 'react';
import { changeEmail } from '@budget/contracts';
import { Button, FormError, TextField, useServerForm, useSession } from '@budget/web';
import { useRefreshUser } from './use-refresh-user.js';

/**
 * The email with a Change button: PATCH /user {email} (`changeEmail`) makes it the pending email.
 * The field keeps the confirmed address; the pending block under it (PendingEmail) is the one
 * place that says a new address is waiting.
 * Right after a sign-in the address alone is enough; later the server asks for the current password
 * (403 on `currentPassword`), and the form then shows that field and sends it with the next Change.
 */
export function EmailField({ email }: { email: string }) {
  const { api } = useSession();
  const refreshUser = useRefreshUser();
  const form = useServerForm({ email, currentPassword: '' });
  const [asked, setAsked] = useState(false);
  const askPassword = asked || form.errors.fields.currentPassword !== undefined;
  if (askPassword && !asked) setAsked(true);
  const change = form.handleSubmit(
    (values, idempotencyKey) =>
      api.send(
        changeEmail,
        { body: { email: values.email.trim(), ...(values.currentPassword !== '' && { currentPassword: values.currentPassword }) } },
        { idempotencyKey },
      ),
    async () => {
      await refreshUser();
    },
  );
  return (
    <form aria-label="Change email" onSubmit={change}>
      <div className="field-row">
        <TextField label="Email" type="email" required {...form.field('email')} />
        <Button type="submit" disabled={form.submitting || form.values.email.trim() === email}>
          Change
        </Button>
      </div>
      {askPassword ? <TextField label="Current Password" type="password" autoComplete="current-password" required {...form.field('currentPassword')} /> : null}
      <FormError message={form.errors.general} />
    </form>
  );
}
