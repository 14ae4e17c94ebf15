import { Button, FormError, TextField, useServerForm, useSession } from '@budget/web';

/** Step 1 of recovery: POST /api/v1/code-request {email}. */
export function EnterEmailStep({ onSent }: { onSent: (email: string) => void }) {
  const { api } = useSession();
  const form = useServerForm({ email: '' });
  const request = form.handleSubmit(
    (values) => api.post('/api/v1/code-request', { email: values.email.trim() }),
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
