import { useSyncExternalStore } from 'react';
import { Button } from '../ui/Button.js';
import { Dialog } from '../ui/Dialog.js';
import { useSession } from './session-context.js';

/** Shows the global server error (spec §8): its message and stack, until dismissed. */
export function ServerErrorScreen() {
  const { serverErrors } = useSession();
  const error = useSyncExternalStore(serverErrors.subscribe, serverErrors.get, serverErrors.get);
  return (
    <Dialog
      open={error !== null}
      title="Server Error"
      onClose={() => serverErrors.set(null)}
      actions={
        <Button variant="primary" onClick={() => serverErrors.set(null)}>
          Dismiss
        </Button>
      }
    >
      <p data-testid="server-error-message">{error?.message}</p>
      <pre className="ui-muted" style={{ whiteSpace: 'pre-wrap', fontSize: '0.8rem' }}>
        {error?.stack}
      </pre>
    </Dialog>
  );
}
