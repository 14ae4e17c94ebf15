import { useState } from 'react';
import { accountRegister } from '@budget/contracts';
import {
  accountAmount, categoryNames, closedReason, Register, TextField, toRegisterRows, useCategories, useReconcile, useRegister, wireCents,
  type Id, type TransactionData,
} from '@budget/web';
import type { Account } from '../institutions/institution-data.js';
import { DuplicateDialog } from './DuplicateDialog.js';
import { tickedChange } from '../statements/statement-data.js';
import { ReconcileBar } from './ReconcileBar.js';
import { isStartingBalanceRow, outsideBalanceNote, withStartingBalanceRow } from './starting-balance-row.js';
import { useDebounced } from './use-debounced.js';

export interface AccountRegisterProps {
  account: Account;
  pending: boolean;
  statementId: Id | null;
  onStatementChange: (id: Id | null) => void;
  onOpen: (transaction: TransactionData) => void;
  onConflict: () => void;
}

/** An account's posted (with reconcile checkboxes) or pending transactions, newest first. */
export function AccountRegister({ account, pending, statementId, onStatementChange, onOpen, onConflict }: AccountRegisterProps) {
  const [search, setSearch] = useState('');
  const [duplicate, setDuplicate] = useState<TransactionData | null>(null);
  const query = useDebounced(search.trim());
  const register = useRegister(accountRegister, { params: { id: account.id }, query: { pending: pending ? '1' : undefined, search: query || undefined } });
  const { data: tree } = useCategories();
  const reconciling = useReconcile(statementId, onConflict);
  // The starting-balance line has no reconcile box of its own to tick.
  const reconcile = { ...reconciling, onToggle: (row: Parameters<typeof reconciling.onToggle>[0]) => (isStartingBalanceRow(row) ? undefined : reconciling.onToggle(row)) };
  const listed = toRegisterRows(register.transactions, {
    amountOf: accountAmount,
    // A bank row older than the start date is listed but left out of the balance (server-behaviour §3.3): it says so.
    detailOf: (transaction) => (transaction.date < account.startDate.slice(0, 10) ? outsideBalanceNote(account.startDate) : categoryNames(transaction, tree)),
    // Pending rows are not in the account balance, so they carry no running balance.
    balance: pending ? null : wireCents(register.balance ?? account.balance),
  });
  // Under the oldest posted row, once the whole register is loaded (not in a search or Pending).
  const rows = !pending && !query && register.complete && listed.length > 0 ? withStartingBalanceRow(listed, account, wireCents(account.balance)) : listed;
  return (
    <div className="account-register">
      <div className="account-register__bar">
        <TextField label="Find by name" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        {pending ? null : <ReconcileBar accountId={account.id} statementId={statementId} onChange={onStatementChange} pendingTicks={statementId ? tickedChange(statementId, reconciling.overrides, listed) : 0} />}
      </div>
      <Register
        label={pending ? 'Pending transactions' : 'Transactions'}
        rows={rows}
        list={register}
        detailHeader="Category"
        showBalance={!pending}
        empty={query ? 'No matching transactions' : pending ? 'No pending transactions' : 'No transactions yet'}
        reconcile={pending ? undefined : reconcile}
        onOpen={(row) => onOpen(row.transaction)}
        closedReason={(row) => closedReason(row.transaction)}
        onDuplicate={(row) => setDuplicate(row.transaction)}
      />
      {duplicate ? <DuplicateDialog duplicate={duplicate} onClose={() => setDuplicate(null)} /> : null}
    </div>
  );
}
