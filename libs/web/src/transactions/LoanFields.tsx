import type { Cents } from '@budget/money';
import { AmountInput } from '../money/AmountInput.js';
import { interestOf } from './loan.js';
import type { TransactionForm } from './transaction-form.js';

export interface LoanFieldsProps {
  form: Pick<TransactionForm, 'amount' | 'principle'>;
  error: string | undefined;
  onChange: (principle: Cents) => void;
}

/** A loan account's transaction: the principle as entered and the interest it leaves of the amount. */
export function LoanFields({ form, error, onChange }: LoanFieldsProps) {
  return (
    <div className="ui-field-row">
      <AmountInput label="Principal" value={form.principle} error={error} onChange={onChange} />
      <AmountInput label="Interest" readOnly value={interestOf(form)} onChange={() => undefined} />
    </div>
  );
}
