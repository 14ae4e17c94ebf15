import { Amount, AmountInput, Button, CategoryPicker, type CategoryTree } from '@budget/web';
import { entriesSum, transferEntry, type TransferEntry } from './transfer-form.js';

export interface TransferSideProps {
  side: 'From' | 'To';
  entries: readonly TransferEntry[];
  tree: CategoryTree;
  onChange: (entries: TransferEntry[]) => void;
}

/** The From or To categories of a category transfer: a picker and an amount per line, add and remove. */
export function TransferSide({ side, entries, tree, onChange }: TransferSideProps) {
  const change = (index: number, part: Partial<TransferEntry>) => onChange(entries.map((entry, i) => (i === index ? { ...entry, ...part } : entry)));
  return (
    <fieldset className="ui-splits" data-testid={`transfer-${side.toLowerCase()}`}>
      <legend className="ui-field__label">{side}</legend>
      {entries.map((entry, index) => (
        <div key={entry.key} className="ui-splits__row">
          <CategoryPicker label={`${side} category ${index + 1}`} hideLabel tree={tree} value={entry.categoryId} onChange={(categoryId) => change(index, { categoryId })} />
          <AmountInput label={`${side} amount ${index + 1}`} hideLabel value={entry.amount} onChange={(amount) => change(index, { amount })} />
          <Button
            variant="text"
            aria-label={`Remove ${side} category ${index + 1}`}
            title={entries.length <= 1 ? 'At least one category is needed' : 'Remove'}
            disabled={entries.length <= 1}
            onClick={() => onChange(entries.filter((_, i) => i !== index))}
          >
            ✕
          </Button>
        </div>
      ))}
      <div className="ui-splits__footer">
        <Button variant="text" onClick={() => onChange([...entries, transferEntry()])}>
          + Add Category
        </Button>
        <span className="ui-muted" data-testid={`transfer-${side.toLowerCase()}-sum`}>
          {side} total <Amount cents={entriesSum(entries)} />
        </span>
      </div>
    </fieldset>
  );
}
