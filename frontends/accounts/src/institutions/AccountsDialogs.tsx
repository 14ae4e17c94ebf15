import { BalanceDialog } from '../balances/BalanceDialog.js';
import { ImportCsvDialog } from '../import/ImportCsvDialog.js';
import { ImportOfxDialog } from '../import/ImportOfxDialog.js';
import { AddInstitutionDialog } from '../offline/AddInstitutionDialog.js';
import { LinkBankDialog } from '../online/LinkBankDialog.js';
import type { Account } from './institution-data.js';
import type { ToolbarAction } from './AccountsToolbar.js';

export interface AccountsDialogsProps {
  open: Exclude<ToolbarAction, 'transaction' | 'sync'> | null;
  selected: Account | null;
  onClose: () => void;
  onInstitutionCreated: (accountId: string | null) => void;
}

/** The dialog the toolbar opened (the transaction dialog belongs to the shared editor). */
export function AccountsDialogs({ open, selected, onClose, onInstitutionCreated }: AccountsDialogsProps) {
  if (open === 'online') return <LinkBankDialog relink={null} onClose={onClose} onLinked={onInstitutionCreated} />;
  if (open === 'institution') return <AddInstitutionDialog onClose={onClose} onCreated={onInstitutionCreated} />;
  if (selected === null) return null;
  if (open === 'balance') return <BalanceDialog accountId={selected.id} entry={null} onClose={onClose} />;
  if (open === 'ofx') return <ImportOfxDialog account={selected} onClose={onClose} />;
  if (open === 'csv') return <ImportCsvDialog account={selected} onClose={onClose} />;
  return null;
}
