import { useState, type FormEvent } from 'react';
import {
  accountAmount,
  Button,
  LoadError,
  LoadingBlock,
  PAGE_SIZE,
  readRegisterPage,
  RegisterTable,
  TextField,
  toRegisterRows,
  useApiData,
} from '@budget/web';
import { checkSearch, searchPath } from './search-string.js';

/**
 * /search: transactions whose name contains the search string. Not routed while the server has
 * no `/transactions/search` (App shows "not available yet").
 */
export function SearchPage() {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState<string | null>(null);
  const { data: page, isFetching, isError, error: loadError, refetch } = useApiData(search === null ? null : searchPath(search, PAGE_SIZE), readRegisterPage);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSearch(text);
    if ('error' in checked) return setError(checked.error);
    setError(null);
    setSearch(checked.search);
  };

  const rows = toRegisterRows(page?.transactions ?? [], {
    amountOf: accountAmount,
    detailOf: (transaction) => transaction.accountTransaction?.account?.name ?? '',
    balance: null,
  });

  return (
    <section>
      <h1>Search</h1>
      <form className="search-form" role="search" onSubmit={submit}>
        <TextField label="Search" type="search" value={text} error={error} onChange={(event) => setText(event.target.value)} />
        <Button type="submit" variant="primary">
          Search
        </Button>
      </form>
      {search === null ? null : isFetching ? (
        <LoadingBlock />
      ) : isError ? (
        <LoadError what="The search" error={loadError} onRetry={() => void refetch()} />
      ) : (
        <RegisterTable rows={rows} detailHeader="Account" showBalance={false} empty="No matching transactions" label="Matches" />
      )}
    </section>
  );
}
