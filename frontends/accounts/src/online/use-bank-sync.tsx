import { useState, type ReactNode } from 'react';
import { refreshInstitution, syncInstitutions } from '@budget/contracts';
import { Button, Dialog, answerFailure, sendFailure, Spinner, toFormErrors, UnassignedNextStep, useLedgerRefresh, useWriteAction } from '@budget/web';
import type { Institution } from '../institutions/institution-data.js';
import { LinkBankDialog } from './LinkBankDialog.js';
import { recordSyncOutcome } from './relink-state.js';
import { summariseSync } from './sync-summary.js';

export interface BankSync {
  syncing: boolean;
  /** Sync every linked institution (null) or one (its id). */
  sync: (institutionId: string | null) => Promise<void>;
  /** The "Syncing…" line, then the result, and the relink prompt with its Link dialog. */
  element: ReactNode;
  /** Opens Link in update mode for a bank that needs relinking, then syncs it again (the card's Relink). */
  relink: (institution: Institution) => void;
}

/**
 * Sync Accounts and an institution's Sync: one write action per press (POST /institutions/sync or
 * POST /institution/{id}), the result line ("12 new transactions") with the next step for the rows
 * left in Unassigned ("3 new transactions need a category."), and for a bank that answered
 * `needs_relink` the prompt "<bank> needs you to sign in again. Relink now?": Yes opens Link in
 * update mode, then syncs that bank again.
 */
export function useBankSync(institutions: readonly Institution[]): BankSync {
  const action = useWriteAction();
  const refresh = useLedgerRefresh();
  const [syncing, setSyncing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [added, setAdded] = useState(0);
  const [unassigned, setUnassigned] = useState<number | undefined>(undefined);
  const [asking, setAsking] = useState<Institution | null>(null);
  const [relinking, setRelinking] = useState<Institution | null>(null);
  const byId = (id: string) => institutions.find((i) => i.id === id);

  const sync = async (institutionId: string | null) => {
    setSyncing(true);
    setMessage(null);
    setAdded(0);
    setUnassigned(undefined);
    try {
      const answer = institutionId === null ? await action.send(syncInstitutions) : await action.send(refreshInstitution, { params: { id: institutionId } });
      if (!answer.ok) return setMessage(toFormErrors(answer.body, [])?.general ?? answerFailure(answer.status));
      recordSyncOutcome(answer.body.data);
      const summary = summariseSync(answer.body.data, (id) => byId(id)?.name ?? 'A bank');
      setMessage(summary.message);
      setAdded(summary.added);
      setUnassigned(summary.unassigned);
      const first = summary.relink.map(byId).find((i) => i !== undefined);
      if (first) setAsking(first);
      await refresh();
    } catch (error) {
      setMessage(sendFailure(error));
    } finally {
      setSyncing(false);
    }
  };

  const element = (
    <>
      {syncing || message ? (
        <p className="online-sync__status" role="status" data-testid="sync-status">
          {syncing ? (
            <>
              <Spinner label="Syncing" /> Syncing…
            </>
          ) : (
            message
          )}
        </p>
      ) : null}
      {syncing ? null : <UnassignedNextStep added={added} unassigned={unassigned} />}
      {asking ? (
        <Dialog
          open
          title="Relink"
          onClose={() => setAsking(null)}
          testId="relink-prompt"
          actions={
            <>
              <Button onClick={() => setAsking(null)}>No</Button>
              <Button
                variant="primary"
                onClick={() => {
                  setRelinking(asking);
                  setAsking(null);
                }}
              >
                Yes
              </Button>
            </>
          }
        >
          <p>{asking.name} needs you to sign in again. Relink now?</p>
        </Dialog>
      ) : null}
      {relinking ? (
        <LinkBankDialog
          relink={relinking}
          onClose={() => setRelinking(null)}
          onLinked={() => {
            const again = relinking.id;
            setRelinking(null);
            void sync(again);
          }}
        />
      ) : null}
    </>
  );
  return { syncing, sync, element, relink: setRelinking };
}
