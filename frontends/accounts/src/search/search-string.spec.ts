import { describe, expect, it } from 'vitest';
import { checkSearch, EMPTY_SEARCH, searchPath } from './search-string.js';

describe('search string', () => {
  it.each(['', '   ', '\t\n'])('refuses %j', (text) => {
    expect(checkSearch(text)).toEqual({ error: EMPTY_SEARCH });
  });

  it('sends the trimmed text, encoded', () => {
    expect(checkSearch('  coffee shop ')).toEqual({ search: 'coffee shop' });
    expect(searchPath('a&b', 30)).toBe('/api/v1/transactions/search?offset=0&limit=30&name=a%26b');
  });
});
