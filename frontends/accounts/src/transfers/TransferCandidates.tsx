import { useState } from 'react';
import { confirmTransferPair, declineTransferPair, listTransferCandidates, type TransferCandidateView, type TransferLegView } from '@budget/contracts';
import {
  Amount, Button, Dialog, formatDate, FormError, GENERIC_ERROR, sendFailure, toFormErrors, useLedgerRefresh, useRouteQuery, useWriteAction, wireCents,
} from '@budget/web';
import { candidatesSummary, legLabel, pairRoute } from './transfer-candidates.js';
import './transfer-candidates.css';

/** One side of a pair: which way the money went, the row's name, its date, its amount. */
function Leg({ label, leg }: { label: string; leg: TransferLegView }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{legLabel(leg)}</dd>
      <dd>{formatDate(leg.date)}</dd>
      <dd>
        <Amount cents={wireCents(leg.amount)} />
      </dd>
    </>
  );
}

/**
 * One candidate (README "Transfer pairs"): the two bank rows, Confirm (both go to Account Transfer,
 * linked) and Not a transfer (never offered again). Each button is its own write action, so a click
 * sent again after a lost answer records nothing twice.
 */
function Candidate({ candidate }: { candidate: TransferCandidateView }) {
  const confirming = useWriteAction();
  const declining = useWriteAction();
  const refresh = useLedgerRefresh();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [out, into] = candidate.legs;
  const headingId = `transfer-pair-${candidate.pairId}`;

  const resolve = async (send: () => Promise<{ ok: boolean; body: unknown }>) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await send();
      if (!answer.ok) return setError(toFormErrors(answer.body, [])?.general ?? GENERIC_ERROR);
      await refresh();
    } catch (failure) {
      setError(sendFailure(failure));
    } finally {
      setBusy(false);
    }
  };
  const params = { params: { pairId: candidate.pairId } };

  return (
    <li className="transfer-candidates__pair" aria-labelledby={headingId} data-testid="transfer-candidate">
      <h3 className="transfer-candidates__heading" id={headingId}>
        {pairRoute(candidate.legs)}, <Amount cents={wireCents(into.amount)} />
      </h3>
      <dl className="transfer-candidates__legs">
        <Leg label="Out of" leg={out} />
        <Leg label="Into" leg={into} />
      </dl>
      <div className="transfer-candidates__actions">
        <Button
          variant="primary"
          disabled={busy}
          aria-describedby={headingId}
          onClick={() => void resolve(() => confirming.send(confirmTransferPair, params))}
        >
          Confirm transfer
        </Button>
        <Button disabled={busy} aria-describedby={headingId} onClick={() => void resolve(() => declining.send(declineTransferPair, params))}>
          Not a transfer
        </Button>
      </div>
      <FormError message={error} />
    </li>
  );
}

/**
 * Bank rows that may be transfers between the user's own accounts, found by a sync but not
 * recorded alone (several candidates, or no hint from the bank): a notice when there are any, and
 * a dialog listing each pair to confirm or decline. Nothing shows when there is nothing to review.
 */
export function TransferCandidates() {
  const candidates = useRouteQuery(listTransferCandidates, { query: { limit: 100 } });
  const [open, setOpen] = useState(false);
  const list = candidates.data?.data ?? [];
  if (list.length === 0 && !open) return null;
  return (
    <>
      {list.length > 0 ? (
        <div className="transfer-candidates" role="status" data-testid="transfer-candidates-notice">
          <span>{candidatesSummary(list.length)} to review.</span>
          <Button onClick={() => setOpen(true)}>Review transfers</Button>
        </div>
      ) : null}
      <Dialog
        open={open}
        wide
        title="Transfers between your accounts"
        onClose={() => setOpen(false)}
        testId="transfer-candidates-dialog"
        actions={<Button onClick={() => setOpen(false)}>Close</Button>}
      >
        <p>
          These bank transactions look like money moved between your own accounts. A confirmed pair goes to the Account Transfer
          category and is left out of Income vs Expenses and Payee.
        </p>
        {list.length === 0 ? (
          <p role="status">Nothing left to review.</p>
        ) : (
          <ul className="transfer-candidates__list" aria-label="Possible transfers">
            {list.map((candidate) => (
              <Candidate key={candidate.pairId} candidate={candidate} />
            ))}
          </ul>
        )}
      </Dialog>
    </>
  );
}
