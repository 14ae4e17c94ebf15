import { Button, Menu, Toolbar, useIsMobile } from '@budget/web';
import { tracksBalances, type Account } from './institution-data.js';

/** The dialogs the toolbar opens. */
export type ToolbarAction = 'online' | 'institution' | 'sync' | 'transaction' | 'balance' | 'ofx' | 'csv';

interface Entry {
  label: string;
  action: ToolbarAction | null;
  disabled: boolean;
  title?: string;
  primary?: boolean;
  /** The keyboard shortcut that presses it (docs/architecture.md §9 "Keyboard"). */
  shortcut?: { target: string; key: string };
}

/** What the toolbar knows of the user's institutions. */
export interface ToolbarContext {
  /** Any institution at all (a new user has none). */
  institutions: boolean;
  /** Any bank-linked (online) institution: Sync Accounts has something to sync. */
  linked: boolean;
}

/**
 * The entries of spec §2: Add Transaction or Add Balance follows tracking and needs a selection;
 * Sync Accounts waits while a sync runs and needs a linked bank. The primary button is the next
 * likely step: an institution for a new user, a transaction (or balance) once an account is chosen.
 */
function entries(selected: Account | null, syncing: boolean, context: ToolbarContext): Entry[] {
  const importable = selected !== null && !tracksBalances(selected);
  const importTitle = selected === null ? 'Select an account first' : importable ? undefined : 'This account tracks balances, not transactions';
  return [
    { label: 'Add Online Institution', action: 'online', disabled: false },
    { label: 'Add Offline Institution', action: 'institution', disabled: false, primary: !context.institutions },
    {
      label: syncing ? 'Syncing…' : 'Sync Accounts',
      action: 'sync',
      disabled: syncing || !context.linked,
      title: context.linked ? undefined : 'No bank is linked: add an online institution to sync',
    },
    tracksBalances(selected)
      ? { label: 'Add Balance', action: 'balance', disabled: false, primary: true }
      : {
          label: 'Add Transaction',
          action: 'transaction',
          disabled: selected === null,
          title: selected === null ? 'Select an account first' : undefined,
          primary: selected !== null,
          shortcut: { target: 'new-transaction', key: 'n' },
        },
    { label: 'Import OFX', action: 'ofx', disabled: !importable, title: importTitle },
    { label: 'Import CSV', action: 'csv', disabled: !importable, title: importTitle },
  ];
}

/** The accounts toolbar; on a phone the actions sit in one menu. */
export function AccountsToolbar({ selected, syncing, context, onAction }: { selected: Account | null; syncing: boolean; context: ToolbarContext; onAction: (action: ToolbarAction) => void }) {
  const mobile = useIsMobile();
  const all = entries(selected, syncing, context);
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
          variant={entry.primary ? 'primary' : 'secondary'}
          disabled={entry.disabled}
          title={entry.title}
          data-shortcut={entry.shortcut?.target}
          aria-keyshortcuts={entry.shortcut?.key}
          onClick={entry.action ? () => onAction(entry.action!) : undefined}
        >
          {entry.label}
        </Button>
      ))}
    </Toolbar>
  );
}
