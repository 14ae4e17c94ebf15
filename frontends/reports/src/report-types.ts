/** The reports of product-spec §2 "Reports", by the id their URL carries (`/reports/<id>`). */
export type ReportId = 'net-worth' | 'payee' | 'category' | 'spending' | 'income-vs-expenses' | 'funding-history' | 'budget-progress';

export interface ReportType {
  id: ReportId;
  label: string;
}

/**
 * The reports, in the order the list shows them (product-spec §2 "Reports"), then the spending
 * breakdown: the category report's spending drawn by group and category (docs/architecture.md §9).
 */
export const REPORTS: readonly ReportType[] = [
  { id: 'net-worth', label: 'Net Worth' },
  { id: 'payee', label: 'Payee' },
  { id: 'category', label: 'Category' },
  { id: 'income-vs-expenses', label: 'Income Vs. Expenses' },
  { id: 'funding-history', label: 'Funding History' },
  { id: 'budget-progress', label: 'Budget Progress' },
  { id: 'spending', label: 'Spending Breakdown' },
];

export const findReport = (id: string | undefined) => REPORTS.find((report) => report.id === id) ?? null;
