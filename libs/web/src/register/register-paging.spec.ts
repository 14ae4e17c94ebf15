import { describe, expect, it } from 'vitest';
import { nextPageOffset } from './register-paging.js';

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
});
