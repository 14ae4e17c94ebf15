import { Button, Menu, Toolbar, useIsMobile } from '@budget/web';
import { tracksBalances, type Account } from './institution-data.js';

/** The dialogs the toolbar opens. */
export type ToolbarAction = 'online' | 'institution' | 'sync' | 'transaction' | 'balance' | 'ofx' | 'csv';

interface Entry {
  label: string;
  action: ToolbarAction | null;
  disabled: boolean;
  title?: string;
}

/** The entries of spec §2: Add Transaction or Add Balance follows tracking and needs a selection; Sync Accounts waits while a sync runs. */
function entries(selected: Account | null, syncing: boolean): Entry[] {
  const importable = selected !== null && !tracksBalances(selected);
  const importTitle = selected === null ? 'Select an account first' : importable ? undefined : 'This account tracks balances, not transactions';
  return [
    { label: 'Add Online Institution', action: 'online', disabled: false },
    { label: 'Add Offline Institution', action: 'institution', disabled: false },
    { label: syncing ? 'Syncing…' : 'Sync Accounts', action: 'sync', disabled: syncing },
    tracksBalances(selected)
      ? { label: 'Add Balance', action: 'balance', disabled: false }
      : { label: 'Add Transaction', action: 'transaction', disabled: selected === null, title: selected === null ? 'Select an account first' : undefined },
    { label: 'Import OFX', action: 'ofx', disabled: !importable, title: importTitle },
    { label: 'Import CSV', action: 'csv', disabled: !importable, title: importTitle },
  ];
}

/** The accounts toolbar; on a phone the actions sit in one menu. */
export function AccountsToolbar({ selected, syncing, onAction }: { selected: Account | null; syncing: boolean; onAction: (action: ToolbarAction) => void }) {
  const mobile = useIsMobile();
  const all = entries(selected, syncing);
  if (mobile) {
    const items = all.map((entry) => ({
      label: entry.label,
      disabled: entry.disabled,
      title: entry.title,
      onSelect: entry.action ? () => onAction(entry.action!) : undefined,
    }));
    return (
      <Toolbar aria-label="Account actions">
        <Menu label="Actions…" items={items} testId="account-actions" />
      </Toolbar>
    );
  }
  return (
    <Toolbar aria-label="Account actions">
      {all.map((entry) => (
        <Button
          key={entry.label}
          variant={entry.action === 'institution' ? 'primary' : 'secondary'}
          disabled={entry.disabled}
          title={entry.title}
          onClick={entry.action ? () => onAction(entry.action!) : undefined}
        >
          {entry.label}
        </Button>
      ))}
    </Toolbar>
  );
}
