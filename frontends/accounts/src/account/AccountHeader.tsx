import { useState } from 'react';
import { Button, ConfirmDialog, ExplainBalance, FormError, wireCents } from '@budget/web';
import type { Account, Institution } from '../institutions/institution-data.js';
import { DeleteAccountButton } from './DeleteAccountButton.js';
import { RenameAccountDialog } from './RenameAccountDialog.js';
import { AccountSettingsDialog } from './AccountSettingsDialog.js';
import { BankBalances } from './BankBalances.js';
import { useAccountChange } from './use-account-change.js';

export interface AccountHeaderProps {
  account: Account;
  institution: Institution;
  /** After closing, reopening or deleting: the account leaves this tab and is deselected. */
  onMoved: () => void;
  /** On a phone: the Details toggle that unfolds the actions, the bank's balances and the register's bar. */
  details?: { open: boolean; toggle: () => void } | undefined;
}

/** The account's name and balance, with Rename, Account Settings (start date and tracking), Close Account (or Reopen Account) and Delete Account. */
export function AccountHeader({ account, institution, onMoved, details }: AccountHeaderProps) {
  const change = useAccountChange(account.id);
  const [renaming, setRenaming] = useState(false);
  const [setting, setSetting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const closing = !account.closed;

  const toggleClosed = async () => {
    setBusy(true);
    const result = await change({ closed: closing });
    setBusy(false);
    setConfirming(false);
    if (result.ok) onMoved();
    else setError(result.error);
  };

  return (
    <header className="account-header">
      <div className="account-header__title">
        <span className="ui-muted account-header__institution">{institution.name}</span>
        <h2>{account.name}</h2>
      </div>
      <ExplainBalance subject="account" id={account.id} name={account.name} cents={wireCents(account.balance)} />
      {details ? (
        <Button variant="text" className="account-header__details" aria-expanded={details.open} onClick={details.toggle} data-testid="account-details-toggle">
          Details
        </Button>
      ) : null}
      <div className="account-header__actions">
        <Button variant="text" onClick={() => setRenaming(true)}>
          Rename
        </Button>
        <Button variant="text" onClick={() => setSetting(true)}>
          Account Settings
        </Button>
        <Button variant="text" onClick={() => setConfirming(true)}>
          {closing ? 'Close Account' : 'Reopen Account'}
        </Button>
        <DeleteAccountButton account={account} institution={institution} onDeleted={onMoved} />
      </div>
      {account.plaidId !== null ? <BankBalances accountId={account.id} /> : null}
      <FormError message={error} />
      {renaming ? <RenameAccountDialog account={account} onClose={() => setRenaming(false)} /> : null}
      {setting ? <AccountSettingsDialog account={account} onClose={() => setSetting(false)} /> : null}
      <ConfirmDialog
        open={confirming}
        title={closing ? 'Close Account' : 'Reopen Account'}
        message={closing ? 'Are you sure you want to close this account?' : 'Are you sure you want to open this account?'}
        confirmLabel={closing ? 'Close Account' : 'Reopen Account'}
        danger={closing}
        busy={busy}
        onConfirm={() => void toggleClosed()}
        onCancel={() => setConfirming(false)}
      />
    </header>
  );
}
