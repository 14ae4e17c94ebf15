import { formatDate, wireCents } from '@budget/web';
import type { ReportId } from './report-types.js';

/** A table cell: text, or an amount in cents. */
export type Cell = string | { cents: number };

export interface ReportTable {
  headers: string[];
  rows: Cell[][];
}

type Row = Record<string, unknown>;

const text = (value: unknown): string => (value == null ? '' : String(value));
const money = (value: unknown): Cell => ({ cents: wireCents(value ?? 0) });
const records = (rows: unknown[]): Row[] => rows.filter((row): row is Row => typeof row === 'object' && row !== null && !Array.isArray(row));
const arrays = (rows: unknown[]): unknown[][] => rows.filter((row): row is unknown[] => Array.isArray(row));

/** Net worth: a header row of account names, then a balance per account; a total column is added. */
function netWorth(rows: unknown[]): ReportTable {
  const [header = [], ...data] = arrays(rows);
  return {
    headers: ['Date', ...header.slice(1).map(text), 'Net Worth'],
    rows: data.map(([date, ...balances]) => {
      const cents = balances.map((balance) => wireCents(balance ?? 0));
      return [formatDate(text(date)), ...cents.map((c) => ({ cents: c })), { cents: cents.reduce((a, b) => a + b, 0) }];
    }),
  };
}

/** The 12 months from `today`'s backwards, as [year, month]. */
function lastTwelveMonths(today: Date): [number, number][] {
  return Array.from({ length: 12 }, (_, back) => {
    const month = new Date(today.getFullYear(), today.getMonth() - back, 1);
    return [month.getFullYear(), month.getMonth() + 1];
  });
}

function fundingHistory(rows: unknown[], today: Date): ReportTable {
  const months = lastTwelveMonths(today);
  return {
    headers: ['Group', 'Category', ...months.map(([y, m]) => `${String(m).padStart(2, '0')}/${String(y % 100).padStart(2, '0')}`)],
    rows: records(rows).map((row) => {
      const history = records(Array.isArray(row.history) ? row.history : []);
      const amountIn = ([y, m]: [number, number]) => history.filter((h) => Number(h.year) === y && Number(h.month) === m).reduce((sum, h) => sum + wireCents(h.amount), 0);
      return [text(row.groupName), text(row.categoryName), ...months.map((month) => ({ cents: amountIn(month) }))];
    }),
  };
}

/** Turns a report's answer into a table; null when the answer is not a list. */
export function toReportTable(id: ReportId, body: unknown, today: Date): ReportTable | null {
  if (!Array.isArray(body)) return null;
  switch (id) {
    case 'networth':
      return netWorth(body);
    case 'income-vs-expenses':
      return { headers: ['Month', 'Income', 'Expenses', 'Net'], rows: arrays(body).map(([month, ...sums]) => [text(month), ...sums.slice(0, 3).map(money)]) };
    case 'budget-progress':
      return {
        headers: ['Date', 'Remaining', 'Transactions'],
        rows: arrays(body).map(([date, running, ids]) => [formatDate(text(date)), money(running), String(Array.isArray(ids) ? ids.length : 0)]),
      };
    case 'payee':
      return { headers: ['Name', 'Payment Channel', 'Count', 'Sum'], rows: records(body).map((r) => [text(r.name), text(r.paymentChannel), text(r.count), money(r.sum)]) };
    case 'category':
      return { headers: ['Group', 'Category', 'Count', 'Sum'], rows: records(body).map((r) => [text(r.groupName), text(r.categoryName), text(r.count), money(r.sum)]) };
    case 'funding-history':
      return fundingHistory(body, today);
    default: {
      const unknown: never = id;
      throw new Error(`unknown report ${String(unknown)}`);
    }
  }
}
