import { describe, expect, it } from 'vitest';
import { AMOUNT_INVALID, apiQuery, countText, criteriaOf, DATE_INVALID, EMPTY_FORM, formOf, RANGE_REVERSED, SEARCH_REQUIRED, searchOf, submitForm, submitSearch } from './search-query.js';

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

describe('search filters (amount, memo, category, dates)', () => {
  it('reads every field from the URL, trimmed; none is no search', () => {
    expect(criteriaOf(new URLSearchParams('q=%20kroger&amount=45&memo=gift&category=Groc&from=2024-01-01&to=2024-12-31'))).toEqual({
      q: 'kroger', amount: '45', memo: 'gift', category: 'Groc', from: '2024-01-01', to: '2024-12-31',
    });
    expect(criteriaOf(new URLSearchParams('q=%20&amount='))).toBeNull();
    expect(formOf({ amount: '45' })).toEqual({ ...EMPTY_FORM, amount: '45' });
  });

  it('a filter alone is a search; nothing at all is the spec refusal on the text box', () => {
    expect(submitForm({ ...EMPTY_FORM, amount: ' 45 ' })).toEqual({ criteria: { amount: '45' } });
    expect(submitForm({ ...EMPTY_FORM, category: 'groceries' })).toEqual({ criteria: { category: 'groceries' } });
    expect(submitForm({ ...EMPTY_FORM, q: '  ' })).toEqual({ errors: { q: SEARCH_REQUIRED } });
  });

  it('refuses a bad amount, a bad date and a reversed range on their fields', () => {
    for (const amount of ['4.555', 'abc', '1,000', '--4']) expect(submitForm({ ...EMPTY_FORM, amount })).toEqual({ errors: { amount: AMOUNT_INVALID } });
    for (const amount of ['45', '45.5', '-45.50', '+3', '.5']) expect(submitForm({ ...EMPTY_FORM, amount })).toHaveProperty('criteria');
    expect(submitForm({ ...EMPTY_FORM, from: '2024-02-30' })).toEqual({ errors: { from: DATE_INVALID } });
    expect(submitForm({ ...EMPTY_FORM, from: '2024-05-01', to: '2024-04-01' })).toEqual({ errors: { to: RANGE_REVERSED } });
    expect(submitForm({ ...EMPTY_FORM, from: '2024-04-01', to: '2024-04-01' })).toEqual({ criteria: { from: '2024-04-01', to: '2024-04-01' } });
  });

  it('an unsigned amount is searched either way, a signed one exactly; dates as the range', () => {
    expect(apiQuery({ q: 'kroger', amount: '45' })).toEqual({ name: 'kroger', absAmount: '45' });
    expect(apiQuery({ amount: '-45.5' })).toEqual({ amount: '-45.5' });
    expect(apiQuery({ amount: '+3' })).toEqual({ amount: '3' });
    expect(apiQuery({ memo: 'gift', category: 'Groc', from: '2024-01-01', to: '2024-12-31' })).toEqual({ memo: 'gift', category: 'Groc', startDate: '2024-01-01', endDate: '2024-12-31' });
  });

  it('words the count', () => {
    expect(countText(0)).toBe('0 transactions found');
    expect(countText(1)).toBe('1 transaction found');
    expect(countText(12345)).toBe('12,345 transactions found');
    expect(countText(1000, true)).toBe('1,000+ transactions found');
    expect(countText(1000, false)).toBe('1,000 transactions found');
  });
});
