import { useState } from 'react';
import { changeEmail } from '@budget/contracts';
import { Button, FormError, TextField, useServerForm, useSession } from '@budget/web';
import { useRefreshUser } from './use-refresh-user.js';

/** The email with a Change button: PATCH /user {email} (`changeEmail`) makes it the pending email. */
export function EmailField({ email }: { email: string }) {
  const { api } = useSession();
  const refreshUser = useRefreshUser();
  const form = useServerForm({ email });
  const [changed, setChanged] = useState(false);
  const change = form.handleSubmit(
    (values, idempotencyKey) => api.send(changeEmail, { body: { email: values.email.trim() } }, { idempotencyKey }),
    async () => {
      setChanged(true);
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
      <FormError message={form.errors.general} />
      {changed ? <p role="status">The new address is waiting for verification.</p> : null}
    </form>
  );
}
