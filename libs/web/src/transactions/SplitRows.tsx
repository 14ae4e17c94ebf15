import { formatCents, type Cents } from '@budget/money';
import type { CategoryTree } from '../categories/category-tree.js';
import { CategoryPicker } from '../categories/CategoryPicker.js';
import { AmountInput } from '../money/AmountInput.js';
import { Button } from '../ui/Button.js';
import { splitKey, splitSum, type SplitEntry } from './transaction-form.js';

export interface SplitRowsProps {
  splits: readonly SplitEntry[];
  tree: CategoryTree;
  /** The transaction amount; the rows share out its absolute value. */
  amount: Cents;
  onChange: (splits: SplitEntry[]) => void;
}

/** The categories a transaction is split into: a picker and an amount per row, add and remove. */
export function SplitRows({ splits, tree, amount, onChange }: SplitRowsProps) {
  const total = splitSum(splits);
  const left = Math.abs(amount) - total;
  const change = (index: number, part: Partial<SplitEntry>) => onChange(splits.map((split, i) => (i === index ? { ...split, ...part } : split)));
  const add = () => onChange([...splits, { key: splitKey(), categoryId: null, amount: Math.max(0, left), comment: '' }]);

  return (
    <fieldset className="ui-splits" data-testid="splits">
      <legend className="ui-field__label">Categories</legend>
      {splits.length === 0 ? <p className="ui-muted ui-splits__note">Without categories the whole amount stays Unassigned.</p> : null}
      {splits.map((split, index) => (
        <div key={split.key} className="ui-splits__row">
          <CategoryPicker label={`Category ${index + 1}`} hideLabel tree={tree} value={split.categoryId} onChange={(categoryId) => change(index, { categoryId })} />
          <AmountInput label={`Amount ${index + 1}`} hideLabel value={split.amount} onChange={(cents) => change(index, { amount: cents })} />
          <Button variant="text" aria-label={`Remove split ${index + 1}`} title="Remove" onClick={() => onChange(splits.filter((_, i) => i !== index))}>
            ✕
          </Button>
        </div>
      ))}
      <div className="ui-splits__footer">
        <Button variant="text" onClick={add}>
          + Add Category
        </Button>
        {splits.length > 0 ? (
          <span className={left === 0 ? 'ui-muted' : 'ui-splits__off'} data-testid="splits-left">
            {left === 0 ? `Split ${formatCents(total)} of ${formatCents(Math.abs(amount))}` : `${formatCents(left)} left to assign`}
          </span>
        ) : null}
      </div>
    </fieldset>
  );
}
