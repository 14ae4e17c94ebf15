import { useMemo, useState } from 'react';
import { categoryBalancesAsOf } from '@budget/contracts';
import { Amount, AmountInput, cx, LoadError, LoadingBlock, toIsoDate, useRouteQuery, type CategoryTree, type Id } from '@budget/web';
import { DIALOG_INDENT_PX, dialogRows } from './dialog-rows.js';
import { adjustmentSum, rebalanceBody, storedAdjustments } from './rebalance-form.js';
import { balanceMap, type StoredTransfer } from './transfer-data.js';
import { GroupHeadingRow } from './GroupHeadingRow.js';
import { TransferDialogFrame } from './TransferDialogFrame.js';

export interface RebalanceDialogProps {
  tree: CategoryTree;
  stored: StoredTransfer | null;
  onClose: () => void;
  onConflict: () => void;
}

function balancesRequest(date: string, stored: StoredTransfer | null) {
  if (date === '') return null;
  // Editing: the balances leave the edited transaction out (rule 16), so balance + adjustment is the result.
  return { query: { date, id: stored?.id } };
}

/** Rebalance (type 3): every category with its balance as of the date and an adjustment; the adjustments must sum to zero. */
export function RebalanceDialog({ tree, stored, onClose, onConflict }: RebalanceDialogProps) {
  const [date, setDate] = useState(stored?.date ?? toIsoDate(new Date()));
  const [adjustments, setAdjustments] = useState<Map<Id, number>>(() => storedAdjustments(stored));
  const balanceQuery = useRouteQuery(categoryBalancesAsOf, balancesRequest(date, stored), { select: balanceMap });
  const { data: balances, isPending } = balanceQuery;
  const rows = useMemo(() => dialogRows(tree, { system: true }), [tree]);
  const sum = adjustmentSum(adjustments);
  const adjust = (id: Id, cents: number) => setAdjustments((current) => new Map(current).set(id, cents));

  const summary = (
    <p className={cx('budget-total', sum !== 0 && 'budget-total--off')} data-testid="rebalance-sum" aria-live="polite">
      Sum of adjustments <Amount cents={sum} />
    </p>
  );
  return (
    <TransferDialogFrame
      title={stored ? 'Edit Rebalance' : 'Rebalance'}
      testId="rebalance-dialog"
      stored={stored}
      date={date}
      onDate={setDate}
      makeBody={() => rebalanceBody(date, adjustments, stored?.version)}
      summary={summary}
      onClose={onClose}
      onConflict={onConflict}
    >
      {date !== '' && isPending ? (
        <LoadingBlock />
      ) : balanceQuery.isError ? (
        <LoadError what="The category balances" error={balanceQuery.error} onRetry={() => void balanceQuery.refetch()} retrying={balanceQuery.isFetching} />
      ) : (
        <div className="budget-list budget-list--rebalance" role="table" aria-label="Rebalance categories">
          <div className="budget-list__row budget-list__row--head" role="row">
            <span role="columnheader">Category</span>
            <span role="columnheader" className="budget-num">Balance</span>
            <span role="columnheader" className="budget-num">Adjustment</span>
            <span role="columnheader" className="budget-num">New Balance</span>
          </div>
          {rows.map((row) => {
            if (row.kind === 'group') return <GroupHeadingRow key={row.key} name={row.name} level={row.level} />;
            const balance = balances?.get(row.id) ?? 0;
            const adjustment = adjustments.get(row.id) ?? 0;
            const path = tree.categories.get(row.id)?.path ?? row.name;
            return (
              <div key={row.key} className="budget-list__row" role="row" data-testid={`rebalance-row-${row.id}`}>
                <span role="rowheader" className="budget-list__name" style={{ paddingLeft: row.level * DIALOG_INDENT_PX }}>
                  {row.name}
                </span>
                <span role="cell" className="budget-num budget-figure" data-label="Balance">
                  <Amount cents={balance} />
                </span>
                <span role="cell" className="budget-rebalance__adjust">
                  <AmountInput label={`Adjustment for ${path}`} hideLabel value={adjustment} onChange={(cents) => adjust(row.id, cents)} />
                </span>
                <span role="cell" className="budget-num budget-figure" data-label="New balance">
                  <Amount cents={balance + adjustment} />
                </span>
              </div>
            );
          })}
        </div>
      )}
    </TransferDialogFrame>
  );
}
