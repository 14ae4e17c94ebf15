/**
 * The search page's rules (product-spec §2 Search, §6 validations): what the box holds is trimmed;
 * a blank search is refused on the field and never sent. The search lives in the URL (`?q=`).
 */
export const SEARCH_REQUIRED = 'A non-empty search string must be provided';
/** The longest search the server takes (the `name` of GET /transactions/search). */
export const MAX_SEARCH = 200;

/** The search a URL asks for: its `q`, trimmed; null when there is none. */
export function searchOf(params: URLSearchParams): string | null {
  return params.get('q')?.trim() || null;
}

/** What pressing Search does with the box: the search to put in the URL, or the field's error. */
export function submitSearch(text: string): { search: string } | { error: string } {
  const search = text.trim();
  return search ? { search } : { error: SEARCH_REQUIRED };
}

/**
 * The filters beside the name (docs/architecture.md §4.9): amount, memo, category and a date
 * range, each optional; in the URL as `amount`, `memo`, `category`, `from` and `to`.
 */
export interface SearchForm {
  q: string;
  amount: string;
  memo: string;
  category: string;
  from: string;
  to: string;
}
export type SearchField = keyof SearchForm;
/** A submitted search: only the fields given, trimmed. */
export type SearchCriteria = Partial<Record<SearchField, string>>;

export const EMPTY_FORM: SearchForm = { q: '', amount: '', memo: '', category: '', from: '', to: '' };
export const AMOUNT_INVALID = 'The amount must be a number with at most two decimals.';
export const DATE_INVALID = 'A valid date must be provided.';
export const RANGE_REVERSED = 'The end date must not be before the start date.';
const FIELDS: SearchField[] = ['q', 'amount', 'memo', 'category', 'from', 'to'];
const AMOUNT = /^[+-]?(\d{1,13}(\.\d{0,2})?|\.\d{1,2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The search a URL asks for, every field trimmed; null when it asks for none. */
export function criteriaOf(params: URLSearchParams): SearchCriteria | null {
  const criteria: SearchCriteria = {};
  for (const field of FIELDS) {
    const value = params.get(field)?.trim();
    if (value) criteria[field] = value;
  }
  return Object.keys(criteria).length === 0 ? null : criteria;
}

/** The form a URL's search fills in. */
export function formOf(criteria: SearchCriteria | null): SearchForm {
  return { ...EMPTY_FORM, ...criteria };
}

/**
 * What pressing Search does with the form: the criteria to put in the URL, or the fields'
 * errors. Nothing given at all is the spec's refusal on the text box (product-spec §6); an
 * amount must be dollars with at most two decimals, dates real days in order.
 */
export function submitForm(form: SearchForm): { criteria: SearchCriteria } | { errors: Partial<Record<SearchField, string>> } {
  const criteria: SearchCriteria = {};
  for (const field of FIELDS) {
    const value = form[field].trim();
    if (value) criteria[field] = value;
  }
  const errors: Partial<Record<SearchField, string>> = {};
  if (Object.keys(criteria).length === 0) errors.q = SEARCH_REQUIRED;
  if (criteria.amount !== undefined && !AMOUNT.test(criteria.amount)) errors.amount = AMOUNT_INVALID;
  for (const field of ['from', 'to'] as const) {
    const value = criteria[field];
    if (value !== undefined && (!DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value)) {
      errors[field] = DATE_INVALID;
    }
  }
  if (!errors.from && !errors.to && criteria.from && criteria.to && criteria.from > criteria.to) errors.to = RANGE_REVERSED;
  return Object.keys(errors).length > 0 ? { errors } : { criteria };
}

/**
 * The query of GET /transactions/search for the criteria: an amount typed with a sign is that
 * exact signed amount (`amount`); without one, either way (`absAmount`: "45" finds -45.00 and 45.00).
 */
export function apiQuery(criteria: SearchCriteria): Record<string, string> {
  const query: Record<string, string> = {};
  if (criteria.q) query.name = criteria.q;
  if (criteria.amount) {
    if (/^[+-]/.test(criteria.amount)) query.amount = criteria.amount.replace(/^\+/, '');
    else query.absAmount = criteria.amount;
  }
  if (criteria.memo) query.memo = criteria.memo;
  if (criteria.category) query.category = criteria.category;
  if (criteria.from) query.startDate = criteria.from;
  if (criteria.to) query.endDate = criteria.to;
  return query;
}

/**
 * "1 transaction found", "1,234 transactions found"; a count stopped at the server's bound
 * (`transactionsCountCapped`, docs/architecture.md §4.9) is "1,000+ transactions found".
 */
export function countText(count: number, capped = false): string {
  return `${count.toLocaleString('en-US')}${capped ? '+' : ''} ${count === 1 && !capped ? 'transaction' : 'transactions'} found`;
}
