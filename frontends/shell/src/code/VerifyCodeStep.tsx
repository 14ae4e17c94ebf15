import type { ReactNode } from 'react';
import { verifyCode } from '@budget/contracts';
import { Button, FormError, TextField, useServerForm, useSession } from '@budget/web';
import { ResendCode } from './ResendCode.js';

export interface VerifyCodeStepProps {
  email: string;
  onVerified: () => void;
  /** How to ask for another code; by default a new sign-in code (POST /code-request). */
  resend?: ReactNode;
}

/**
 * Checks the one-time code sent to `email`: POST /code-verify {email, code} (`verifyCode`), whose answer
 * carries the session tokens. Used by sign-up, password recovery and e-mail changes.
 */
export function VerifyCodeStep({ email, onVerified, resend = <ResendCode email={email} /> }: VerifyCodeStepProps) {
  const { api, signIn } = useSession();
  const form = useServerForm({ code: '' });

  const verify = form.handleSubmit(
    (values, idempotencyKey) => api.send(verifyCode, { body: { email, code: values.code.trim() } }, { idempotencyKey }),
    ({ data }) => {
      signIn({ access: data.access, refresh: data.refresh });
      onVerified();
    },
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
      {resend}
    </form>
  );
}
