import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { accountRegister, newTransactionsCount } from '@budget/contracts';
import {
  accountAmount, Button, categoryNames, closedReason, Register, TextField, toRegisterRows, useCategories, useReconcile, useRegister, useRegisterSelection,
  useRouteQuery, wireCents, type Id, type TransactionData,
} from '@budget/web';
import type { Account } from '../institutions/institution-data.js';
import { DuplicateDialog } from './DuplicateDialog.js';
import { tickedChange } from '../statements/statement-data.js';
import { useConfirmedReconcile } from '../statements/use-confirmed-reconcile.js';
import { ReconcileBar } from './ReconcileBar.js';
import { isStartingBalanceRow, outsideBalanceNote, withStartingBalanceRow } from './starting-balance-row.js';
import { useDebounced } from './use-debounced.js';

/** The bar of bulk actions arrives with the first selection (docs/architecture.md §4.6 "Bulk actions"). */
const BulkBar = lazy(() => import('./BulkBar.js'));

export interface AccountRegisterProps {
  account: Account;
  /** The account's institution is offline: its starting balance is the one entered (or an import's), known before any row. */
  offline: boolean;
  pending: boolean;
  statementId: Id | null;
  onStatementChange: (id: Id | null) => void;
  onOpen: (transaction: TransactionData) => void;
  onConflict: () => void;
}

/** An account's posted (with reconcile checkboxes) or pending transactions, newest first. */
export function AccountRegister({ account, offline, pending, statementId, onStatementChange, onOpen, onConflict }: AccountRegisterProps) {
  const [search, setSearch] = useState('');
  const [duplicate, setDuplicate] = useState<TransactionData | null>(null);
  const [newOnly, setNewOnly] = useState(false);
  const query = useDebounced(search.trim());
  const register = useRegister(accountRegister, { params: { id: account.id }, query: { pending: pending ? '1' : undefined, search: query || undefined, new: newOnly ? '1' : undefined } });
  const { data: newCount = 0 } = useRouteQuery(newTransactionsCount, {}, { select: (answer) => answer.data.accounts.find((a) => a.id === account.id)?.count ?? 0 });
  const { data: tree } = useCategories();
  const reconciling = useReconcile(statementId, onConflict);
  // The starting-balance line is not a row to tick: its box explains it (the question) and sends nothing.
  // A tick outside the statement's period, or on a finished one, asks first (docs/architecture.md §9.7).
  const confirmed = useConfirmedReconcile(account.id, { ...reconciling, onToggle: (row, unlock) => (isStartingBalanceRow(row) ? undefined : reconciling.onToggle(row, unlock)) });
  const reconcile = confirmed.reconcile;
  const listed = toRegisterRows(register.transactions, {
    amountOf: accountAmount,
    // A bank row older than the start date is listed but left out of the balance (server-behaviour §3.3): it says so.
    detailOf: (transaction) => (transaction.date < account.startDate.slice(0, 10) ? outsideBalanceNote(account.startDate) : categoryNames(transaction, tree)),
    // Pending rows are not in the account balance, so they carry no running balance.
    balance: pending ? null : wireCents(register.balance ?? account.balance),
  });
  // Under the oldest posted row, once the whole register is loaded (not in a search or Pending); in
  // an offline account with no row yet, alone, when it holds money: its balance is explained from
  // the first screen. A linked account's balance waits for its first sync's rows.
  const opening = listed.length > 0 || (offline && wireCents(account.balance) !== 0);
  const rows = !pending && !query && !newOnly && register.complete && opening ? withStartingBalanceRow(listed, account, wireCents(account.balance)) : listed;
  // Every row but the starting-balance line can be selected for a bulk action.
  const rowIds = useMemo(() => rows.map((row) => row.id), [rows]);
  const startingIds = useMemo(() => new Set(rows.filter(isStartingBalanceRow).map((row) => row.id)), [rows]);
  const selectable = useCallback((id: Id) => !startingIds.has(id), [startingIds]);
  const { selection, ids: selected, clear } = useRegisterSelection(rowIds, selectable);
  return (
    <div className="account-register">
      <div className="account-register__bar">
        <TextField label="Find by name" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <Button aria-pressed={newOnly} onClick={() => setNewOnly((on) => !on)} data-testid="new-filter">
          {newOnly ? 'Showing new' : 'New'}
          <span className="ui-badge" data-testid="new-count">
            {newCount}
            <span className="ui-visually-hidden"> not reviewed</span>
          </span>
        </Button>
        {pending ? null : <ReconcileBar accountId={account.id} statementId={statementId} onChange={onStatementChange} pendingTicks={statementId ? tickedChange(statementId, reconciling.overrides, listed) : 0} />}
      </div>
      {selected.length > 0 ? (
        <Suspense fallback={null}>
          <BulkBar ids={selected} onDone={clear} />
        </Suspense>
      ) : null}
      <Register
        label={pending ? 'Pending transactions' : 'Transactions'}
        rows={rows}
        list={register}
        detailHeader="Category"
        showBalance={!pending}
        empty={query ? 'No matching transactions' : newOnly ? 'No new transactions: all reviewed' : pending ? 'No pending transactions' : 'No transactions yet'}
        reconcile={pending ? undefined : reconcile}
        // A flagged bank row opens beside its original (product-spec §4 "Duplicates"; docs/architecture.md §9 "Phone and touch").
        onOpen={(row) => (row.transaction.duplicateOfTransactionId ? setDuplicate(row.transaction) : onOpen(row.transaction))}
        closedReason={(row) => closedReason(row.transaction)}
        onDuplicate={(row) => setDuplicate(row.transaction)}
        selection={selection}
      />
      {duplicate ? <DuplicateDialog duplicate={duplicate} onClose={() => setDuplicate(null)} /> : null}
      {confirmed.dialog}
    </div>
  );
}
