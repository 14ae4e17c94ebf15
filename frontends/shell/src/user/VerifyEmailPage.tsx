import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { resendPendingEmail, verifyCode } from '@budget/contracts';
import { answerFailure, Button, Card, GENERIC_ERROR, sendFailure, toFormErrors, useSession, WriteAction } from '@budget/web';
import { useRefreshUser } from './use-refresh-user.js';

type Outcome = { kind: 'verifying' } | { kind: 'verified'; email: string } | { kind: 'failed'; message: string };

const NOT_VALID = 'This code is not valid.';

/**
 * /user/verify-email?email=…&code=…: the link in the e-mail-change mail (product-spec §4 "Pending
 * email"). Behind sign-in like the rest of /user, so a signed-out visitor signs in first and lands
 * back here. It sends the same POST /code-verify {email, code} (`verifyCode`) the pending block's
 * code form sends, once; then says the new address, or the server's refusal with Resend
 * (POST /user/pending-email/resend, `resendPendingEmail`) while a change is still pending.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const code = params.get('code') ?? '';
  const { api, signIn, user } = useSession();
  const refreshUser = useRefreshUser();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'verifying' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const response = await new WriteAction().send(api, verifyCode, { body: { email, code } });
        if (response.ok) {
          signIn({ access: response.body.data.access, refresh: response.body.data.refresh });
          await refreshUser();
          setOutcome({ kind: 'verified', email });
          return;
        }
        const errors = toFormErrors(response.body, ['email', 'code']);
        const message = errors?.fields.code ?? errors?.fields.email ?? errors?.general ?? answerFailure(response.status, NOT_VALID);
        setOutcome({ kind: 'failed', message });
      } catch (error) {
        setOutcome({ kind: 'failed', message: sendFailure(error) });
      }
    })();
    // The link is verified once, when the page opens (the code works only once).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="user-page">
      <h1>Verify e-mail address</h1>
      <Card>
        {outcome.kind === 'verifying' ? <p role="status">Verifying {email}…</p> : null}
        {outcome.kind === 'verified' ? (
          <p role="status" data-testid="verify-email-done">
            Your e-mail address is now <strong>{outcome.email}</strong>.
          </p>
        ) : null}
        {outcome.kind === 'failed' ? <VerifyFailed message={outcome.message} pendingEmail={user?.pendingEmail ?? null} /> : null}
        <p>
          <Link to="/user">Back to your account</Link>
        </p>
      </Card>
    </div>
  );
}

/** The server's refusal (a wrong, used or expired code) and, while a change is pending, Resend. */
function VerifyFailed({ message, pendingEmail }: { message: string; pendingEmail: string | null }) {
  const { api } = useSession();
  const [status, setStatus] = useState<string | null>(null);

  const resend = async () => {
    try {
      const response = await api.send(resendPendingEmail);
      setStatus(response.ok ? `A new link and code have been sent to ${pendingEmail}.` : GENERIC_ERROR);
    } catch (error) {
      setStatus(sendFailure(error));
    }
  };

  return (
    <div data-testid="verify-email-failed">
      <p role="alert">{message}</p>
      {pendingEmail ? (
        <>
          <p>
            Waiting for verification: <strong>{pendingEmail}</strong>
          </p>
          <Button onClick={() => void resend()}>Resend</Button>
          {status ? <p role="status">{status}</p> : null}
        </>
      ) : (
        <p>No e-mail change is waiting for verification.</p>
      )}
    </div>
  );
}
