import type { CategoryTree } from '../categories/category-tree.js';
import { CategoryPicker } from '../categories/CategoryPicker.js';
import { AmountInput } from '../money/AmountInput.js';
import { Button } from '../ui/Button.js';
import { fundingRowsError, newFundingRow, removeFundingRow, type FundingRow } from './funding-rows.js';
import './budget.css';

export interface FundingCategoryRowsProps {
  rows: readonly FundingRow[];
  tree: CategoryTree;
  onChange: (rows: FundingRow[]) => void;
  legend?: string;
  /** A server error about the rows, shown under them (the rows' own problems are shown anyway). */
  error?: string | null | undefined;
  testId?: string;
}

/**
 * Where a category's funding comes from (spec §2 "Funding category rows"): per row a category, an
 * amount, a percent/dollar toggle, add and remove. Removing the last remaining row is refused.
 */
export function FundingCategoryRows({ rows, tree, onChange, legend = 'Funding Categories', error, testId = 'funding-categories' }: FundingCategoryRowsProps) {
  const change = (index: number, part: Partial<FundingRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...part } : row)));
  const problem = error ?? fundingRowsError(rows);
  const lone = rows.length <= 1;
  return (
    <fieldset className="ui-funding-rows" data-testid={testId}>
      <legend className="ui-field__label">{legend}</legend>
      {rows.map((row, index) => (
        <div key={row.key} className="ui-funding-rows__row" data-testid="funding-category-row">
          <CategoryPicker label={`Funding category ${index + 1}`} hideLabel tree={tree} value={row.categoryId} onChange={(categoryId) => change(index, { categoryId })} />
          <AmountInput
            label={`${row.percentage ? 'Percent' : 'Dollars'} ${index + 1}`}
            hideLabel
            value={row.amount}
            onChange={(amount) => change(index, { amount })}
            testId="funding-category-amount"
          />
          <Button
            className="ui-funding-rows__toggle"
            aria-label={`Row ${index + 1} in ${row.percentage ? 'percent' : 'dollars'}; switch to ${row.percentage ? 'dollars' : 'percent'}`}
            title={row.percentage ? 'Percent of the amount; switch to dollars' : 'Fixed dollars; switch to percent'}
            onClick={() => change(index, { percentage: !row.percentage })}
          >
            {row.percentage ? '%' : '$'}
          </Button>
          <Button
            variant="text"
            aria-label={`Remove funding category ${index + 1}`}
            title={lone ? 'At least one funding category is needed' : 'Remove'}
            disabled={lone}
            onClick={() => onChange(removeFundingRow(rows, index))}
          >
            ✕
          </Button>
        </div>
      ))}
      <div className="ui-splits__footer">
        <Button variant="text" onClick={() => onChange([...rows, newFundingRow(tree.unassigned?.id ?? null)])}>
          + Add Funding Category
        </Button>
        {problem ? (
          <span className="ui-splits__off" role="alert">
            {problem}
          </span>
        ) : null}
      </div>
    </fieldset>
  );
}
