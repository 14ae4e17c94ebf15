import { useState } from 'react';
import { accountBankBalance, recordBankAdjustment } from '@budget/contracts';
import { formatCents } from '@budget/money';
import { Amount, Button, FormError, GENERIC_ERROR, sendFailure, toFormErrors, useLedgerRefresh, useRouteQuery, useWriteAction, wireCents } from '@budget/web';
import './bank-balances.css';

/**
 * A linked account's balances beside the bank's (docs/architecture.md §8): cleared (what the bank
 * confirmed), uncleared (typed rows no bank row has claimed yet) and working (the account's
 * balance), and, when Plaid's balance differs from the cleared one, "Differs from the bank by X"
 * with one click to record that difference as a logged adjustment. The click sends the amount shown:
 * when the difference has moved since (a sync), the server refuses it and the numbers reload.
 */
export function BankBalances({ accountId }: { accountId: string }) {
  const query = useRouteQuery(accountBankBalance, { params: { id: accountId } });
  const adjust = useWriteAction();
  const refresh = useLedgerRefresh();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const balances = query.data?.data;
  if (!balances?.linked) return null;
  const difference = balances.difference === null ? 0 : wireCents(balances.difference);

  const record = async () => {
    if (balances.difference === null) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await adjust.send(recordBankAdjustment, { params: { id: accountId }, body: { amount: balances.difference } });
      if (!answer.ok) setError(toFormErrors(answer.body, ['amount'])?.fields?.amount ?? toFormErrors(answer.body, [])?.general ?? GENERIC_ERROR);
      await refresh();
    } catch (failure) {
      setError(sendFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="bank-balances" data-testid="bank-balances">
      <dl className="bank-balances__list">
        <div>
          <dt>Cleared</dt>
          <dd data-testid="cleared-balance"><Amount cents={wireCents(balances.cleared)} /></dd>
        </div>
        <div>
          <dt>Uncleared</dt>
          <dd data-testid="uncleared-balance"><Amount cents={wireCents(balances.uncleared)} /></dd>
        </div>
        <div>
          <dt>Working</dt>
          <dd data-testid="working-balance"><Amount cents={wireCents(balances.working)} /></dd>
        </div>
      </dl>
      {difference !== 0 ? (
        <p className="bank-balances__difference" role="status" data-testid="bank-difference">
          Differs from the bank by {formatCents(difference)}
          <Button variant="text" onClick={() => void record()} disabled={busy}>
            Record adjustment of {formatCents(difference)}
          </Button>
        </p>
      ) : null}
      <FormError message={error} />
    </div>
  );
}
