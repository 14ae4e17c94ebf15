import { PAYMENT_CHANNELS, type PaymentChannel } from '@budget/contracts';
import { lastYear, toIsoDate } from '@budget/web';
import type { ReportId } from './report-types.js';

/**
 * A report's parameters, as its URL carries them (`/reports/<id>?startDate=…&endDate=…&pc=…&a=…
 * &c=…&m=…`), so a report can be bookmarked, shared and reloaded, and back/forward step through
 * the runs. The names are the API's (product-spec §7 Reports). A filter left out of the URL means
 * every value (null here), as it does for the API.
 */
export interface ReportParams {
  startDate: string;
  endDate: string;
  /** Payee: the payment channels (`pc`); null: every channel. */
  channels: PaymentChannel[] | null;
  /** Payee: the account ids (`a`); null: every account. */
  accounts: string[] | null;
  /** Category: the category ids (`c`); null: every category. */
  categories: string[] | null;
  /** Budget progress: the month as YYYY-MM (a month input's value); `m=M-YYYY` in the URL. */
  month: string;
}

export type ParamErrors = Partial<Record<'startDate' | 'endDate' | 'month' | 'channels' | 'accounts' | 'categories', string>>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const URL_MONTH = /^(0?[1-9]|1[0-2])-(\d{4})$/;

const isDate = (value: string) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const uniqueOrNull = (values: string[]) => (values.length === 0 ? null : [...new Set(values)]);

/** `m=3-2026` → "2026-03"; anything else → null. */
export function monthFromUrl(value: string | null): string | null {
  const match = value === null ? null : URL_MONTH.exec(value);
  return match ? `${match[2]}-${match[1]!.padStart(2, '0')}` : null;
}

/** "2026-03" → "3-2026", the API's `m` (product-spec §7 Reports). */
export const monthToUrl = (month: string) => `${Number(month.slice(5, 7))}-${month.slice(0, 4)}`;

/** The parameters in a URL's query, the form's defaults where one is missing: the last year, this month, every value. */
export function readParams(search: URLSearchParams, today: Date): ReportParams {
  const year = lastYear(today);
  const channels = search.getAll('pc').filter((value): value is PaymentChannel => (PAYMENT_CHANNELS as readonly string[]).includes(value));
  return {
    startDate: search.get('startDate') ?? year.startDate,
    endDate: search.get('endDate') ?? year.endDate,
    channels: uniqueOrNull(channels) as PaymentChannel[] | null,
    accounts: uniqueOrNull(search.getAll('a')),
    categories: uniqueOrNull(search.getAll('c')),
    month: monthFromUrl(search.get('m')) ?? toIsoDate(today).slice(0, 7),
  };
}

/** The URL query of a run: only the parameters the report takes; a filter of every value is left out. */
export function paramsSearch(id: ReportId, params: ReportParams): string {
  const search = new URLSearchParams();
  if (id === 'budget-progress') {
    search.set('m', monthToUrl(params.month));
    return search.toString();
  }
  search.set('startDate', params.startDate);
  search.set('endDate', params.endDate);
  if (id === 'payee') {
    for (const channel of params.channels ?? []) search.append('pc', channel);
    for (const account of params.accounts ?? []) search.append('a', account);
  }
  if (id === 'category') for (const category of params.categories ?? []) search.append('c', category);
  return search.toString();
}

/** The form's checks: both dates (or the month) required and valid, the start not after the end, a filter not emptied. */
export function checkParams(id: ReportId, params: ReportParams, emptied: Partial<Record<'channels' | 'accounts' | 'categories', boolean>> = {}): ParamErrors {
  const errors: ParamErrors = {};
  if (id === 'budget-progress') {
    if (!ISO_MONTH.test(params.month)) errors.month = 'A month must be specified.';
    return errors;
  }
  if (params.startDate === '') errors.startDate = 'A start date must be specified.';
  else if (!isDate(params.startDate)) errors.startDate = 'A valid start date must be provided.';
  if (params.endDate === '') errors.endDate = 'An end date must be specified.';
  else if (!isDate(params.endDate)) errors.endDate = 'A valid end date must be provided.';
  if (!errors.startDate && !errors.endDate && params.startDate > params.endDate) errors.endDate = 'The end date must not be before the start date.';
  if (id === 'payee' && emptied.channels) errors.channels = 'Choose at least one payment channel.';
  if (id === 'payee' && emptied.accounts) errors.accounts = 'Choose at least one account.';
  if (id === 'category' && emptied.categories) errors.categories = 'Choose at least one category.';
  return errors;
}

/** The name a CSV download gets: `net-worth-2025-11-25-to-2026-11-25.csv`, `budget-progress-2026-11.csv`. */
export function csvFileName(id: ReportId, params: ReportParams): string {
  return id === 'budget-progress' ? `${id}-${params.month}.csv` : `${id}-${params.startDate}-to-${params.endDate}.csv`;
}
