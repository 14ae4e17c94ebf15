import { Button, FormError, readTokens, TextField, useServerForm, useSession } from '@budget/web';
import { ResendCode } from './ResendCode.js';

/**
 * Checks the one-time code sent to `email`: POST /api/v1/code-verify {email, code}, whose answer
 * carries the session tokens. Used by sign-up and by password recovery.
 */
export function VerifyCodeStep({ email, onVerified }: { email: string; onVerified: () => void }) {
  const { api, signIn } = useSession();
  const form = useServerForm({ code: '' });

  const onSuccess = (body: unknown) => {
    const tokens = readTokens(body);
    if (tokens === null) return form.fail('The server answered without a session.');
    signIn(tokens);
    onVerified();
  };

  const verify = form.handleSubmit(
    (values) => api.post('/api/v1/code-verify', { email, code: values.code.trim() }),
    onSuccess,
    'This code is not valid.',
  );

  return (
    <form aria-label="Verify code" onSubmit={verify}>
      <p>
        We sent a code to <strong>{email}</strong>. Enter it below.
      </p>
      <TextField label="Code" autoComplete="one-time-code" required {...form.field('code')} />
      <FormError message={form.errors.general} />
      <Button type="submit" variant="primary" disabled={form.submitting}>
        Verify
      </Button>
      <ResendCode email={email} />
    </form>
  );
}
