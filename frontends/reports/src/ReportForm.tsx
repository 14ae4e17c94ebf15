import { useState, type FormEvent } from 'react';
import { listConnectedAccounts, type PaymentChannel } from '@budget/contracts';
import { Button, TextField, useCategories, useRouteQuery } from '@budget/web';
import { CheckboxList } from './CheckboxList.js';
import { checkParams, type ParamErrors, type ReportParams } from './report-params.js';
import { accountOptions, CHANNEL_OPTIONS, categoryOptions } from './report-options.js';
import type { ReportId } from './report-types.js';

const emptied = (values: readonly string[] | null) => values !== null && values.length === 0;

/**
 * A report's form (product-spec §2 "Reports"): required start and end dates (the last year by
 * default), or the month for Budget Progress; Payee adds payment channels and accounts, Category
 * its categories. Running it puts the parameters in the URL (`onRun`).
 */
export function ReportForm({ id, initial, onRun }: { id: ReportId; initial: ReportParams; onRun: (params: ReportParams) => void }) {
  const [params, setParams] = useState(initial);
  const [errors, setErrors] = useState<ParamErrors>({});
  const set = (change: Partial<ReportParams>) => setParams((current) => ({ ...current, ...change }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkParams(id, params, { channels: emptied(params.channels), accounts: emptied(params.accounts), categories: emptied(params.categories) });
    setErrors(found);
    if (Object.keys(found).length === 0) onRun(params);
  };
  const dateField = (name: 'startDate' | 'endDate', label: string) => (
    <TextField label={label} type="date" required value={params[name]} error={errors[name]} onChange={(event) => set({ [name]: event.target.value })} />
  );

  return (
    <form className="report-form" aria-label="Report parameters" onSubmit={submit} noValidate>
      <div className="report-form__row">
        {id === 'budget-progress' ? (
          <TextField label="Month" type="month" required value={params.month} error={errors.month} onChange={(event) => set({ month: event.target.value })} />
        ) : (
          <>
            {dateField('startDate', 'Start Date')}
            {dateField('endDate', 'End Date')}
          </>
        )}
        <Button type="submit" variant="primary">
          Run Report
        </Button>
      </div>
      {id === 'payee' ? <PayeeFilters params={params} errors={errors} set={set} /> : null}
      {id === 'category' ? <CategoryFilter params={params} errors={errors} set={set} /> : null}
    </form>
  );
}

interface FilterProps {
  params: ReportParams;
  errors: ParamErrors;
  set: (change: Partial<ReportParams>) => void;
}

function PayeeFilters({ params, errors, set }: FilterProps) {
  const { data: accounts = [] } = useRouteQuery(listConnectedAccounts, {}, { select: accountOptions });
  return (
    <div className="report-form__filters">
      <CheckboxList
        legend="Payment Channels"
        options={CHANNEL_OPTIONS}
        checked={params.channels}
        onChange={(channels) => set({ channels: channels as PaymentChannel[] | null })}
        error={errors.channels}
      />
      <CheckboxList legend="Accounts" options={accounts} checked={params.accounts} onChange={(ids) => set({ accounts: ids })} error={errors.accounts} scroll />
    </div>
  );
}

function CategoryFilter({ params, errors, set }: FilterProps) {
  const { data: tree } = useCategories();
  const options = tree ? categoryOptions(tree) : [];
  return (
    <div className="report-form__filters">
      <CheckboxList legend="Categories" options={options} checked={params.categories} onChange={(ids) => set({ categories: ids })} error={errors.categories} scroll />
    </div>
  );
}
