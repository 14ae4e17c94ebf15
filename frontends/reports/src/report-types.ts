export type ReportId = 'networth' | 'payee' | 'category' | 'income-vs-expenses' | 'funding-history' | 'budget-progress';

export interface ReportType {
  id: ReportId;
  label: string;
}

/** The reports, in the order the list shows them. */
export const REPORTS: readonly ReportType[] = [
  { id: 'networth', label: 'Net Worth' },
  { id: 'payee', label: 'Payee' },
  { id: 'category', label: 'Category' },
  { id: 'income-vs-expenses', label: 'Income Vs. Expenses' },
  { id: 'funding-history', label: 'Funding History' },
  { id: 'budget-progress', label: 'Budget Progress' },
];

export const findReport = (id: string | null) => REPORTS.find((report) => report.id === id) ?? null;

export interface ReportRange {
  startDate: string;
  endDate: string;
}

export interface ReportScope {
  accountIds: readonly string[];
  categoryIds: readonly string[];
}

const PAYMENT_CHANNELS = ['instore', 'online', 'other', 'unknown'];

/** The GET that runs a report over a date range, for every account and category in scope. */
export function reportPath(id: ReportId, { startDate, endDate }: ReportRange, scope: ReportScope): string {
  const query = new URLSearchParams();
  if (id === 'payee' || id === 'category') {
    query.set('startDate', startDate);
    query.set('endDate', endDate);
  }
  if (id === 'payee') {
    for (const channel of PAYMENT_CHANNELS) query.append('pc', channel);
    for (const account of scope.accountIds) query.append('a', account);
  }
  if (id === 'category') for (const category of scope.categoryIds) query.append('c', category);
  if (id === 'budget-progress') {
    const [year, month] = endDate.split('-');
    query.set('m', `${Number(month)}-${year}`);
  }
  const search = query.toString();
  return `/api/v1/reports/${id}${search ? `?${search}` : ''}`;
}

/** The form's validation: both dates required, the start not after the end. */
export function checkRange({ startDate, endDate }: ReportRange): Partial<Record<keyof ReportRange, string>> {
  const errors: Partial<Record<keyof ReportRange, string>> = {};
  if (startDate === '') errors.startDate = 'A start date must be specified.';
  if (endDate === '') errors.endDate = 'An end date must be specified.';
  if (startDate !== '' && endDate !== '' && startDate > endDate) errors.endDate = 'The end date must not be before the start date.';
  return errors;
}
