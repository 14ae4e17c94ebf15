import { Button, Menu, Toolbar, useIsMobile } from '@budget/web';
import { tracksBalances, type Account } from './institution-data.js';

/** The dialogs the toolbar opens. */
export type ToolbarAction = 'institution' | 'transaction' | 'balance' | 'ofx' | 'csv';

const NO_LINKING = 'Bank linking is not available on this server';

interface Entry {
  label: string;
  action: ToolbarAction | null;
  disabled: boolean;
  title?: string;
}

/** The entries of spec §2: Add Transaction or Add Balance follows tracking and needs a selection. */
function entries(selected: Account | null): Entry[] {
  const importable = selected !== null && !tracksBalances(selected);
  const importTitle = selected === null ? 'Select an account first' : importable ? undefined : 'This account tracks balances, not transactions';
  return [
    { label: 'Add Online Institution', action: null, disabled: true, title: NO_LINKING },
    { label: 'Add Offline Institution', action: 'institution', disabled: false },
    { label: 'Sync Accounts', action: null, disabled: true, title: NO_LINKING },
    tracksBalances(selected)
      ? { label: 'Add Balance', action: 'balance', disabled: false }
      : { label: 'Add Transaction', action: 'transaction', disabled: selected === null, title: selected === null ? 'Select an account first' : undefined },
    { label: 'Import OFX', action: 'ofx', disabled: !importable, title: importTitle },
    { label: 'Import CSV', action: 'csv', disabled: !importable, title: importTitle },
  ];
}

/** The accounts toolbar; on a phone the actions sit in one menu. */
export function AccountsToolbar({ selected, onAction }: { selected: Account | null; onAction: (action: ToolbarAction) => void }) {
  const mobile = useIsMobile();
  const all = entries(selected);
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
