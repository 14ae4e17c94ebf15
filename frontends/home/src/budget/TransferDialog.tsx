import { useState } from 'react';
import { toIsoDate, type CategoryTree } from '@budget/web';
import { transferBody, transferEntry, transferProblem, type TransferEntry } from './transfer-form.js';
import { TransferDialogFrame } from './TransferDialogFrame.js';
import { TransferSide } from './TransferSide.js';

export interface TransferDialogProps {
  tree: CategoryTree;
  onClose: () => void;
  onConflict: () => void;
}

/**
 * Category Transfer: money moved from some categories to others; the From and To sums must match.
 * It is stored as a rebalance, so it is edited afterwards in the Rebalance dialog.
 */
export function TransferDialog({ tree, onClose, onConflict }: TransferDialogProps) {
  const [date, setDate] = useState(toIsoDate(new Date()));
  const [from, setFrom] = useState<TransferEntry[]>(() => [transferEntry(tree.fundingPool?.id ?? null)]);
  const [to, setTo] = useState<TransferEntry[]>(() => [transferEntry()]);
  return (
    <TransferDialogFrame
      title="Category Transfer"
      testId="transfer-dialog"
      stored={null}
      date={date}
      onDate={setDate}
      makeBody={() => transferProblem(date, from, to) ?? transferBody(date, from, to)}
      onClose={onClose}
      onConflict={onConflict}
    >
      <div className="budget-transfer__sides">
        <TransferSide side="From" entries={from} tree={tree} onChange={setFrom} />
        <TransferSide side="To" entries={to} tree={tree} onChange={setTo} />
      </div>
    </TransferDialogFrame>
  );
}
