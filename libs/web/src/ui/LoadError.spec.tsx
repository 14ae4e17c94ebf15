import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.js';
import { Loaded, LoadError, type LoadedQuery } from './LoadError.js';

const base: LoadedQuery<string[]> = { isPending: false, isError: false, isFetching: false, error: null, data: undefined, refetch: vi.fn() };

describe('LoadError', () => {
  it('is an alert with what failed, why, and a real Retry button', () => {
    const html = renderToStaticMarkup(<LoadError what="Your bills" error={ApiError.status(404, {})} onRetry={vi.fn()} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('Your bills could not be loaded.');
    expect(html).toContain('The server does not have it (404).');
    expect(html).toMatch(/<button type="button"[^>]*>Retry<\/button>/);
  });

  it('disables the button while retrying', () => {
    const html = renderToStaticMarkup(<LoadError what="Your bills" error={null} onRetry={vi.fn()} retrying />);
    expect(html).toMatch(/<button type="button"[^>]*disabled=""[^>]*>Retrying…<\/button>/);
  });
});

describe('Loaded', () => {
  const render = (query: LoadedQuery<string[]>) =>
    renderToStaticMarkup(
      <Loaded query={query} what="Your bills">
        {(rows) => (rows.length === 0 ? <p>No bills</p> : <ul>{rows.map((row) => <li key={row}>{row}</li>)}</ul>)}
      </Loaded>,
    );

  it('shows a spinner while loading', () => {
    expect(render({ ...base, isPending: true })).toContain('role="status"');
  });

  it('shows the error, not the empty state, when the call failed', () => {
    const html = render({ ...base, isError: true, error: ApiError.status(404, {}) });
    expect(html).toContain('role="alert"');
    expect(html).not.toContain('No bills');
  });

  it('shows the empty state when the call succeeded without rows', () => {
    const html = render({ ...base, data: [] });
    expect(html).toContain('No bills');
    expect(html).not.toContain('role="alert"');
  });
});
