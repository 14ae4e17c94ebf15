import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { listConnectedAccounts, searchTransactions } from '@budget/contracts';
import { accountAmount, Button, categoryNames, closedReason, Register, TextField, toRegisterRows, useCategories, useEveryPage, useRegister, useTransactionEditor, type CallRequest } from '@budget/web';
import { findInstitutionOf } from '../institutions/institution-data.js';
import { apiQuery, countText, criteriaOf, formOf, MAX_SEARCH, submitForm, type SearchCriteria, type SearchField, type SearchForm } from './search-query.js';
import './search.css';

/**
 * /search (product-spec §2 Search): a text box and a Search button; beside it the filters on
 * amount (either way unless signed), memo, category and dates (docs/architecture.md §4.9). The
 * matches in a register, newest first, 30 at a time, each row showing its account, under the count
 * of every match ("1,000+" past the server's bound); a row opens the transaction dialog the account register opens. The search is
 * in the URL (`?q=&amount=&memo=&category=&from=&to=`), so reload and back show it again.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const criteria = criteriaOf(params);
  return (
    <div className="search-page">
      <h1 className="search-page__title">Search</h1>
      {/* Back and forward change the URL: a new search starts the form over from it. */}
      <SearchBox key={params.toString()} initial={formOf(criteria)} onSearch={(next) => setParams(next as Record<string, string>)} />
      {criteria === null ? null : <SearchResults criteria={criteria} />}
    </div>
  );
}

const FILTERS: { field: Exclude<SearchField, 'q'>; label: string; type: string; inputMode?: 'decimal'; placeholder?: string }[] = [
  { field: 'amount', label: 'Amount', type: 'text', inputMode: 'decimal', placeholder: '45 or -45.00' },
  { field: 'memo', label: 'Memo', type: 'text' },
  { field: 'category', label: 'Category', type: 'text' },
  { field: 'from', label: 'From date', type: 'date' },
  { field: 'to', label: 'To date', type: 'date' },
];

/** The text box, the filters and the Search button; nothing given is refused on the box (product-spec §6). */
function SearchBox({ initial, onSearch }: { initial: SearchForm; onSearch: (criteria: SearchCriteria) => void }) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<SearchField, string>>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = submitForm(form);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    onSearch(result.criteria);
  };
  const change = (field: SearchField) => (event: ChangeEvent<HTMLInputElement>) => {
    setForm({ ...form, [field]: event.target.value });
    setErrors({ ...errors, [field]: undefined });
  };
  return (
    <form className="search-page__form" role="search" onSubmit={submit} noValidate>
      <div className="search-page__bar">
        <TextField label="Search transactions" type="search" name="q" value={form.q} maxLength={MAX_SEARCH} error={errors.q ?? null} onChange={change('q')} data-shortcut="search" aria-keyshortcuts="/" />
        <Button type="submit" variant="primary">
          Search
        </Button>
      </div>
      <fieldset className="search-page__filters">
        <legend className="search-page__legend">Filters</legend>
        {FILTERS.map(({ field, label, type, inputMode, placeholder }) => (
          <TextField
            key={field}
            label={label}
            type={type}
            name={field}
            value={form[field]}
            maxLength={MAX_SEARCH}
            error={errors[field] ?? null}
            onChange={change(field)}
            {...(inputMode && { inputMode })}
            {...(placeholder && { placeholder })}
          />
        ))}
      </fieldset>
    </form>
  );
}

/** The register of the transactions matching the criteria, under the count of them all. */
function SearchResults({ criteria }: { criteria: SearchCriteria }) {
  const register = useRegister(searchTransactions, { query: apiQuery(criteria) as CallRequest<typeof searchTransactions>['query'] });
  const editor = useTransactionEditor();
  // The accounts' types: a loan's dialog edits the principal too.
  const accounts = useEveryPage(listConnectedAccounts, {});
  const { data: tree } = useCategories();
  // Rows come from every account: the account has its own column, the categories the detail one.
  const rows = toRegisterRows(register.transactions, {
    amountOf: accountAmount,
    detailOf: (transaction) => categoryNames(transaction, tree),
    balance: null,
  });
  return (
    <>
      <p className="search-page__count" role="status">
        {register.count === null ? '' : countText(register.count, register.countCapped)}
      </p>
      <Register
        label="Matching transactions"
        rows={rows}
        list={register}
        detailHeader="Category"
        showAccount
        showBalance={false}
        empty="No transactions match"
        onOpen={(row) => {
          const accountId = row.transaction.accountTransaction?.account.id;
          const found = accountId ? findInstitutionOf(accounts.data?.data ?? [], accountId) : null;
          editor.open({ transaction: row.transaction, accountType: found?.account.type ?? null });
        }}
        closedReason={(row) => closedReason(row.transaction)}
      />
      {editor.element}
    </>
  );
}
