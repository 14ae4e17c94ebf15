import { useEffect, useState, type FormEvent } from 'react';
import { addInstitution, completeSimulatorLink, getInstitutionLinkToken, getUserLinkToken, listSimulatorInstitutions } from '@budget/contracts';
import { Dialog, FormDialog, FormError, GENERIC_ERROR, LoadingBlock, SelectField, sendFailure, toFormErrors, useLedgerRefresh, useRouteQuery, useSession, useWriteAction, type Id } from '@budget/web';
import type { Institution } from '../institutions/institution-data.js';
import { openPlaidLink } from './plaid-link.js';
import { accountTypeLabel } from '../offline/account-types.js';

export interface LinkBankDialogProps {
  /** null: link a new bank (Add Online Institution); an institution: Link in update mode (relink). */
  relink: Institution | null;
  onClose: () => void;
  /** Linked (the new institution's first account, null in update mode). */
  onLinked: (accountId: Id | null) => void;
}

type LinkToken = { linkToken: string; simulator: boolean };

/** The error text of an answer without field errors the dialog can place. */
const errorText = (body: unknown): string => {
  const errors = toFormErrors(body, ['publicToken', 'institutionId', 'linkToken', 'accountIds']);
  const { publicToken, institutionId, linkToken, accountIds } = errors?.fields ?? {};
  return publicToken ?? institutionId ?? linkToken ?? accountIds ?? errors?.general ?? GENERIC_ERROR;
};

/**
 * Add Online Institution and relink: gets a link token from the API, then either Plaid Link
 * (real Plaid) or, when the server runs the Plaid simulator, the simulated Link dialog (pick a
 * bank and its accounts). A new bank's public token goes to POST /institution (online), which
 * opens its accounts and queues the first sync.
 */
export function LinkBankDialog({ relink, onClose, onLinked }: LinkBankDialogProps) {
  const { api } = useSession();
  const [token, setToken] = useState<LinkToken | null>(null);
  const [error, setError] = useState<string | null>(null);
  const adding = useWriteAction();
  const refresh = useLedgerRefresh();

  const addBank = async (publicToken: string, institutionId: string) => {
    const added = await adding.send(addInstitution, { body: { publicToken, institutionId } });
    if (!added.ok) return setError(errorText(added.body));
    await refresh();
    onLinked(added.body.data.accounts[0]?.id ?? null);
  };

  useEffect(() => {
    let live = true;
    const asked = relink ? api.call(getInstitutionLinkToken, { params: { id: relink.id } }) : api.call(getUserLinkToken);
    asked
      .then(async (answer) => {
        if (!live) return;
        const got = { linkToken: answer.linkToken, simulator: answer.simulator === true };
        setToken(got);
        if (got.simulator) return;
        // Real Plaid: its own Link window does the picking.
        const linked = await openPlaidLink(got.linkToken);
        if (!live) return;
        if (linked === null) return onClose();
        if (relink) return onLinked(null);
        await addBank(linked.publicToken, linked.institutionId);
      })
      .catch((failure: unknown) => live && setError(failure instanceof Error && !('kind' in failure) ? failure.message : sendFailure(failure)));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one link token per opening of the dialog
  }, []);

  const title = relink ? `Relink ${relink.name}` : 'Add Online Institution';
  if (token?.simulator) {
    return <SimulatedLink title={title} relink={relink} linkToken={token.linkToken} onClose={onClose} onLinked={onLinked} addBank={addBank} error={error} />;
  }
  return (
    <Dialog open title={title} onClose={onClose} testId="plaid-link-dialog">
      {error ? <FormError message={error} /> : <LoadingBlock />}
    </Dialog>
  );
}

interface SimulatedLinkProps {
  title: string;
  relink: Institution | null;
  linkToken: string;
  error: string | null;
  onClose: () => void;
  onLinked: (accountId: Id | null) => void;
  addBank: (publicToken: string, institutionId: string) => Promise<void>;
}

/** The simulated Link dialog: a bank and its accounts (new), or the bank's sign-in again (update mode). */
function SimulatedLink({ title, relink, linkToken, error, onClose, onLinked, addBank }: SimulatedLinkProps) {
  const banks = useRouteQuery(listSimulatorInstitutions, relink ? null : {});
  const completing = useWriteAction();
  const [bankId, setBankId] = useState<string | null>(null);
  const [unpicked, setUnpicked] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = banks.data?.data ?? [];
  const bank = list.find((b) => b.institution_id === bankId) ?? list[0] ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const accountIds = bank?.accounts.map((a) => a.account_id).filter((id) => !unpicked.has(id)) ?? [];
    if (!relink && (bank === null || accountIds.length === 0)) return setFailure('Pick at least one account.');
    setBusy(true);
    try {
      const body = relink ? { linkToken } : { linkToken, institutionId: bank!.institution_id, accountIds };
      const completed = await completing.send(completeSimulatorLink, { body });
      if (!completed.ok) return setFailure(errorText(completed.body));
      if (relink || completed.body.publicToken === null) return onLinked(null);
      await addBank(completed.body.publicToken, bank!.institution_id);
    } catch (thrown) {
      setFailure(sendFailure(thrown));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title={title} submitLabel="Continue" busy={busy || (!relink && banks.isPending)} onSubmit={submit} onClose={onClose} testId="simulated-link-dialog">
      <p className="ui-muted">Simulated Plaid Link: this server talks to the Plaid simulator, not to real banks.</p>
      {relink ? (
        <p>Sign in to {relink.name} again.</p>
      ) : banks.isPending ? (
        <LoadingBlock />
      ) : (
        <>
          <SelectField
            label="Bank"
            value={bank?.institution_id ?? ''}
            options={list.map((b) => ({ value: b.institution_id, label: b.name }))}
            onChange={(e) => {
              setBankId(e.target.value);
              setUnpicked(new Set());
            }}
          />
          <fieldset className="online-link__accounts">
            <legend>Accounts</legend>
            {bank?.accounts.map((account) => (
              <label key={account.account_id} className="online-link__account">
                <input
                  type="checkbox"
                  checked={!unpicked.has(account.account_id)}
                  onChange={(e) => {
                    const next = new Set(unpicked);
                    if (e.target.checked) next.delete(account.account_id);
                    else next.add(account.account_id);
                    setUnpicked(next);
                  }}
                />
                {account.name}
                {account.mask ? ` ••${account.mask}` : ''} <span className="ui-muted">({accountTypeLabel(account.subtype ?? account.type)})</span>
              </label>
            ))}
          </fieldset>
        </>
      )}
      <FormError message={failure ?? error ?? (banks.isError ? 'The simulated banks could not be loaded.' : null)} />
    </FormDialog>
  );
}
