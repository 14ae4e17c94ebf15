import { lazy, Suspense, useCallback, useState } from 'react';
import './budget.css';
import { getTransaction } from '@budget/contracts';
import { ChangedTransactionNotice, useCategories, useLedgerRefresh, useSession, type Id } from '@budget/web';
import { useBudget, type Category, type Group, type UserCategoryType } from './budget-data.js';
import type { StoredTransfer } from './transfer-data.js';

export type BudgetDialog =
  | { kind: 'group'; group: Group | null }
  | { kind: 'category'; target: Category | UserCategoryType }
  | { kind: 'funding'; stored: StoredTransfer | null }
  | { kind: 'rebalance'; stored: StoredTransfer | null }
  | { kind: 'transfer'; stored?: StoredTransfer | null };

const FUNDING = 2;

/**
 * Every budget dialog is fetched on its first open, outside /home's first load (docs/architecture.md
 * §9.3): the Fund dialog (its table, quick funding), Rebalance, Category Transfer, Group, Category.
 */
const FundingDialog = lazy(() => import('./FundingDialog.js').then((module) => ({ default: module.FundingDialog })));
const RebalanceDialog = lazy(() => import('./RebalanceDialog.js').then((module) => ({ default: module.RebalanceDialog })));
const TransferDialog = lazy(() => import('./TransferDialog.js').then((module) => ({ default: module.TransferDialog })));
const GroupDialog = lazy(() => import('./GroupDialog.js').then((module) => ({ default: module.GroupDialog })));
const CategoryDialog = lazy(() => import('./CategoryDialog.js').then((module) => ({ default: module.CategoryDialog })));

/**
 * The budget dialogs of a screen and the "Changed Transaction" notice: `open` shows one, `editGroup`
 * and `editCategory` open a record of the tree, `editTransfer` loads a funding or rebalance (with
 * every split field and its current version) and opens its dialog.
 */
export function useBudgetDialogs() {
  const { api } = useSession();
  const { data: tree } = useCategories();
  const { data: budget } = useBudget();
  const refresh = useLedgerRefresh();
  const [dialog, setDialog] = useState<BudgetDialog | null>(null);
  const [changed, setChanged] = useState(false);

  const close = useCallback(() => setDialog(null), []);
  const conflict = useCallback(() => {
    setDialog(null);
    void refresh();
    setChanged(true);
  }, [refresh]);

  const editGroup = (id: Id) => {
    const group = budget?.groups.find((g) => g.id === id);
    if (group) setDialog({ kind: 'group', group });
  };
  const editCategory = (id: Id) => {
    const category = budget?.categories.find((c) => c.id === id);
    if (category) setDialog({ kind: 'category', target: category });
  };
  const editTransfer = async (id: Id) => {
    // Gone or unreadable since the register was drawn: the "Changed Transaction" notice and a reload.
    const stored = await api.call(getTransaction, { params: { id } }).catch(() => null);
    // A rebalance opens as the category transfer it is (From and To); the Rebalance button's table stays for new ones.
    if (stored) setDialog(stored.type === FUNDING ? { kind: 'funding', stored } : { kind: 'transfer', stored });
    else conflict();
  };

  let shown = null;
  if (dialog && tree && budget) {
    const common = { tree, onClose: close, onConflict: conflict };
    let body;
    if (dialog.kind === 'group') body = <GroupDialog budget={budget} group={dialog.group} onClose={close} />;
    else if (dialog.kind === 'category') body = <CategoryDialog budget={budget} tree={tree} target={dialog.target} onClose={close} />;
    else if (dialog.kind === 'funding') body = <FundingDialog {...common} stored={dialog.stored} />;
    else if (dialog.kind === 'rebalance') body = <RebalanceDialog {...common} stored={dialog.stored} />;
    else body = <TransferDialog {...common} stored={dialog.stored ?? null} />;
    shown = <Suspense fallback={null}>{body}</Suspense>;
  }
  const element = (
    <>
      {shown}
      <ChangedTransactionNotice open={changed} onClose={() => setChanged(false)} />
    </>
  );
  return { open: setDialog, editGroup, editCategory, editTransfer, ready: Boolean(tree && budget), element };
}
