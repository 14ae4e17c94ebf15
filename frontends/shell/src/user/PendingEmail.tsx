import { useState } from 'react';
import { cancelPendingEmail, resendPendingEmail } from '@budget/contracts';
import { Button, GENERIC_ERROR, sendFailure, Toolbar, useSession } from '@budget/web';
import { VerifyCodeStep } from '../code/VerifyCodeStep.js';
import { useRefreshUser } from './use-refresh-user.js';

/**
 * A changed email waiting for verification: the code mailed to it applies the change, and the
 * code can be sent again or the change dropped.
 */
export function PendingEmail({ pendingEmail }: { pendingEmail: string }) {
  const { api } = useSession();
  const refreshUser = useRefreshUser();
  const [status, setStatus] = useState<string | null>(null);

  const run = async (action: () => Promise<{ ok: boolean }>, done: string) => {
    try {
      const response = await action();
      setStatus(response.ok ? done : GENERIC_ERROR);
      if (response.ok) await refreshUser();
    } catch (error) {
      setStatus(sendFailure(error));
    }
  };

  return (
    <div data-testid="pending-email">
      <p>
        <strong>{pendingEmail}</strong> is waiting for verification. Until it is verified, the address above stays your
        address.
      </p>
      <Toolbar>
        <Button onClick={() => run(() => api.send(resendPendingEmail), 'A new code has been sent to the email address you provided.')}>
          Resend Code
        </Button>
        <Button onClick={() => run(() => api.send(cancelPendingEmail), 'The pending email was removed.')}>
          Delete
        </Button>
      </Toolbar>
      {status ? <p role="status">{status}</p> : null}
      <VerifyCodeStep email={pendingEmail} onVerified={() => void refreshUser()} resend={null} />
    </div>
  );
}
