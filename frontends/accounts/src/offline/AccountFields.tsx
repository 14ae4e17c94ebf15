import { AmountInput, SelectField, TextField } from '@budget/web';
import { accountTypeLabel, type AccountCatalogue } from './account-types.js';
import { isLoan, type OfflineAccountForm, type OfflineErrors } from './offline-form.js';
import { defaultTracking, trackingEffect } from './tracking.js';

export interface AccountFieldsProps {
  form: OfflineAccountForm;
  errors: OfflineErrors['fields'];
  catalogue: AccountCatalogue | null | undefined;
  onChange: (part: Partial<OfflineAccountForm>) => void;
}

const options = (values: readonly string[]) => values.map((value) => ({ value, label: accountTypeLabel(value) }));

/** Account name, balance, type, subtype, tracking, rate (loans only) and start date. */
export function AccountFields({ form, errors, catalogue, onChange }: AccountFieldsProps) {
  const types = Object.keys(catalogue?.types ?? { [form.type]: [] });
  const subtypes = catalogue?.types[form.type] ?? [form.subtype];
  const tracking = catalogue?.tracking ?? [form.tracking];
  // A new type brings its default tracking (loans and investments stay off the budget), as the server's.
  const changeType = (type: string) =>
    onChange({ type, subtype: catalogue?.types[type]?.[0] ?? '', rate: type === 'loan' ? form.rate : '', tracking: defaultTracking(catalogue, type, form.tracking) });
  return (
    <>
      <TextField label="Account Name" value={form.accountName} error={errors.accountName} onChange={(e) => onChange({ accountName: e.target.value })} />
      <div className="ui-field-row">
        <AmountInput label="Balance" value={form.balance} error={errors.balance} onChange={(balance) => onChange({ balance })} />
        <TextField label="Start Date" type="date" value={form.startDate} error={errors.startDate} onChange={(e) => onChange({ startDate: e.target.value })} />
      </div>
      <div className="ui-field-row">
        <SelectField label="Type" options={options(types)} value={form.type} error={errors.type} onChange={(e) => changeType(e.target.value)} />
        <SelectField label="Subtype" options={options(subtypes)} value={form.subtype} error={errors.subtype} onChange={(e) => onChange({ subtype: e.target.value })} />
      </div>
      <div className="ui-field-row">
        <SelectField
          label="Tracking"
          options={tracking.map((value) => ({ value, label: value }))}
          value={form.tracking}
          error={errors.tracking}
          onChange={(e) => onChange({ tracking: e.target.value })}
        />
        {isLoan(form) ? (
          <TextField label="Rate (APR %)" inputMode="decimal" value={form.rate} error={errors.rate} onChange={(e) => onChange({ rate: e.target.value })} />
        ) : null}
      </div>
      <p className="ui-muted" data-testid="tracking-effect">
        {trackingEffect(form.tracking)}
      </p>
    </>
  );
}
