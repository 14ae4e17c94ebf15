import { describe, expect, it } from 'vitest';
import { nextPageOffset, pagePath } from './register-paging.js';

const page = (received: number) => ({ received });

describe('register paging', () => {
  it('starts at offset 0 and moves on by whole pages', () => {
    expect(nextPageOffset([])).toBe(0);
    expect(nextPageOffset([page(30)])).toBe(30);
    expect(nextPageOffset([page(30), page(30)])).toBe(60);
  });

  it('is complete when a page has fewer than 30 rows', () => {
    expect(nextPageOffset([page(30), page(29)])).toBeUndefined();
    expect(nextPageOffset([page(0)])).toBeUndefined();
  });

  it('adds offset and limit to the query', () => {
    expect(pagePath('/api/v1/account/a/transactions', 30)).toBe('/api/v1/account/a/transactions?offset=30&limit=30');
    expect(pagePath('/api/v1/category/c/transactions?pending=2', 0)).toBe('/api/v1/category/c/transactions?pending=2&offset=0&limit=30');
  });
});
