import { describe, expect, it } from 'vitest';
import { SEARCH_REQUIRED, searchOf, submitSearch } from './search-query.js';

describe('search page rules (product-spec §6)', () => {
  it('refuses a blank search with the spec message', () => {
    expect(submitSearch('')).toEqual({ error: SEARCH_REQUIRED });
    expect(submitSearch('  \t ')).toEqual({ error: 'A non-empty search string must be provided' });
  });

  it('trims the search it sends', () => {
    expect(submitSearch('  Cafe ')).toEqual({ search: 'Cafe' });
  });

  it('reads the search from ?q=, blank as none', () => {
    expect(searchOf(new URLSearchParams('q=%20corner%20cafe%20'))).toBe('corner cafe');
    expect(searchOf(new URLSearchParams('q=%20%20'))).toBeNull();
    expect(searchOf(new URLSearchParams(''))).toBeNull();
    expect(searchOf(new URLSearchParams('q=100%25'))).toBe('100%');
  });
});
