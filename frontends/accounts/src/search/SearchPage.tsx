import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { listConnectedAccounts, searchTransactions } from '@budget/contracts';
import { accountAmount, Button, categoryNames, closedReason, Register, TextField, toRegisterRows, useCategories, useEveryPage, useRegister, useTransactionEditor } from '@budget/web';
import { findInstitutionOf } from '../institutions/institution-data.js';
import { MAX_SEARCH, searchOf, submitSearch } from './search-query.js';
import './search.css';

/**
 * /search (product-spec §2 Search): a text box and a Search button; the matches in a register,
 * newest first, 30 at a time, each row showing its account; a row opens the transaction dialog
 * the account register opens. The search is the URL's `?q=`, so reload and back show it again.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const search = searchOf(params);
  return (
    <div className="search-page">
      <h1 className="search-page__title">Search</h1>
      {/* Back and forward change the URL: a new search starts the box over from it. */}
      <SearchBox key={search ?? ''} initial={search ?? ''} onSearch={(q) => setParams({ q })} />
      {search === null ? null : <SearchResults search={search} />}
    </div>
  );
}

/** The text box and the Search button; a blank search is refused on the field (product-spec §6). */
function SearchBox({ initial, onSearch }: { initial: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = submitSearch(text);
    if ('error' in result) return setError(result.error);
    setError(null);
    onSearch(result.search);
  };
  return (
    <form className="search-page__bar" role="search" onSubmit={submit} noValidate>
      <TextField
        label="Search transactions"
        type="search"
        name="q"
        value={text}
        maxLength={MAX_SEARCH}
        error={error}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
      />
      <Button type="submit" variant="primary">
        Search
      </Button>
    </form>
  );
}

/** The register of the transactions whose name contains `search`. */
function SearchResults({ search }: { search: string }) {
  const register = useRegister(searchTransactions, { query: { name: search } });
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
