import { useState } from 'react';
import { Button, GENERIC_ERROR, Toolbar, useSession } from '@budget/web';
import { useRefreshUser } from './use-refresh-user.js';

/** A changed email waiting for verification, with resend and delete controls. */
export function PendingEmail({ pendingEmail }: { pendingEmail: string }) {
  const { api } = useSession();
  const refreshUser = useRefreshUser();
  const [status, setStatus] = useState<string | null>(null);

  const run = async (action: () => Promise<{ ok: boolean }>, done: string) => {
    try {
      const response = await action();
      setStatus(response.ok ? done : GENERIC_ERROR);
      if (response.ok) await refreshUser();
    } catch {
      setStatus(GENERIC_ERROR);
    }
  };

  return (
    <div data-testid="pending-email">
      <p>
        Waiting for verification: <strong>{pendingEmail}</strong>
      </p>
      <Toolbar>
        <Button onClick={() => run(() => api.post('/api/v1/user/pending-email/resend'), 'The verification link was sent again.')}>
          Resend Verification Link
        </Button>
        <Button onClick={() => run(() => api.delete('/api/v1/user/pending-email'), 'The pending email was removed.')}>
          Delete
        </Button>
      </Toolbar>
      {status ? <p role="status">{status}</p> : null}
    </div>
  );
}
