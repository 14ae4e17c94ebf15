import { useState } from 'react';
import { toIsoDate, type CategoryTree } from '@budget/web';
import type { StoredTransfer } from './transfer-data.js';
import { followFrom, storedSides, transferBody, transferEntry, transferProblem, type TransferEntry } from './transfer-form.js';
import { TransferDialogFrame } from './TransferDialogFrame.js';
import { TransferSide } from './TransferSide.js';

export interface TransferDialogProps {
  tree: CategoryTree;
  /** A stored category transfer (a rebalance) to edit, or null for a new one. */
  stored?: StoredTransfer | null;
  onClose: () => void;
  onConflict: () => void;
}

/**
 * Category Transfer: money moved from some categories to others; the From and To sums must match.
 * It is stored as a rebalance (type 3), and a stored one opens here again, as "Edit Category
 * Transfer", with what left each category on the From side and what reached each on the To side.
 * A single To line follows the From total until the user types another amount into it.
 */
export function TransferDialog({ tree, stored = null, onClose, onConflict }: TransferDialogProps) {
  const [date, setDate] = useState(stored?.date ?? toIsoDate(new Date()));
  const [from, setFrom] = useState<TransferEntry[]>(() => (stored ? storedSides(stored).from : [transferEntry(tree.fundingPool?.id ?? null)]));
  const [to, setTo] = useState<TransferEntry[]>(() => (stored ? storedSides(stored).to : [transferEntry()]));
  const changeFrom = (next: TransferEntry[]) => {
    setTo((current) => followFrom(from, next, current));
    setFrom(next);
  };
  return (
    <TransferDialogFrame
      title={stored ? 'Edit Category Transfer' : 'Category Transfer'}
      testId="transfer-dialog"
      stored={stored}
      date={date}
      onDate={setDate}
      makeBody={() => transferProblem(date, from, to) ?? transferBody(date, from, to, stored)}
      onClose={onClose}
      onConflict={onConflict}
    >
      <div className="budget-transfer__sides">
        <TransferSide side="From" entries={from} tree={tree} onChange={changeFrom} />
        <TransferSide side="To" entries={to} tree={tree} onChange={setTo} />
      </div>
    </TransferDialogFrame>
  );
}
