import { requestCode } from '@budget/contracts';
import { Button, FormError, TextField, useServerForm, useSession } from '@budget/web';

/** Step 1 of recovery: POST /code-request {email} (`requestCode`). */
export function EnterEmailStep({ onSent }: { onSent: (email: string) => void }) {
  const { api } = useSession();
  const form = useServerForm({ email: '' });
  const request = form.handleSubmit(
    (values, idempotencyKey) => api.send(requestCode, { body: { email: values.email.trim() } }, { idempotencyKey }),
    () => onSent(form.values.email.trim()),
  );
  return (
    <form aria-label="Enter email" onSubmit={request}>
      <p>Enter the email address of your account and we will send you a code.</p>
      <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      <FormError message={form.errors.general} />
      <Button type="submit" variant="primary" disabled={form.submitting}>
        Send Code
      </Button>
    </form>
  );
}
