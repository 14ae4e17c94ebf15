import { useState } from 'react';
import { requestCode } from '@budget/contracts';
import { Button, GENERIC_ERROR, useSession } from '@budget/web';

const MESSAGES = {
  sending: 'Sending new code.',
  sent: 'A new code has been sent to the email address you provided.',
  failed: GENERIC_ERROR,
} as const;

/** Asks for another one-time code: POST /code-request {email} (`requestCode`). */
export function ResendCode({ email }: { email: string }) {
  const { api } = useSession();
  const [status, setStatus] = useState<keyof typeof MESSAGES | null>(null);

  const resend = async () => {
    setStatus('sending');
    try {
      setStatus((await api.send(requestCode, { body: { email } })).ok ? 'sent' : 'failed');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <div className="resend">
      <Button variant="text" onClick={resend} disabled={status === 'sending'}>
        Resend code
      </Button>
      {status ? (
        <span role="status" data-testid="resend-status">
          {MESSAGES[status]}
        </span>
      ) : null}
    </div>
  );
}
