import type { ReactNode } from 'react';
import { loadErrorText, loadState } from '../data/load-error.js';
import { Button } from './Button.js';
import { LoadingBlock } from './Spinner.js';

export interface LoadErrorProps {
  /** What failed to load, as a sentence subject: "Your bills", "The register". */
  what: string;
  error: unknown;
  onRetry: () => void;
  /** A retry is under way: the button waits. */
  retrying?: boolean;
}

/**
 * A failed load (spec §8): says what could not be loaded and why, with a Retry button. Never
 * shown for a load that succeeded without rows: that is the screen's empty state.
 */
export function LoadError({ what, error, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <div role="alert" className="ui-load-error" data-testid="load-error">
      <p className="ui-load-error__title">{what} could not be loaded.</p>
      <p className="ui-load-error__reason ui-muted">{loadErrorText(error)}</p>
      <Button onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </Button>
    </div>
  );
}

/** The slice of a TanStack query result `<Loaded>` reads. */
export interface LoadedQuery<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/** Renders a query: a spinner while it loads, `<LoadError>` with a retry when it failed, else `children(data)`. */
export function Loaded<T>({ query, what, children }: { query: LoadedQuery<T>; what: string; children: (data: T) => ReactNode }) {
  const view = loadState(query);
  if (view.state === 'loading') return <LoadingBlock />;
  if (view.state === 'error') return <LoadError what={what} error={view.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <>{children(view.data)}</>;
}
