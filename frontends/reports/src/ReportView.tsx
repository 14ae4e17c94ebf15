import type { ReactNode } from 'react';
import { Button, downloadText } from '@budget/web';
import type { ChartSpec } from './chart-data.js';
import { ReportChartSlot } from './charts/ReportChartSlot.js';
import { toCsv } from './report-csv.js';
import type { ReportTable } from './report-table.js';
import { ReportTableView } from './ReportTableView.js';

export interface ReportViewProps {
  label: string;
  table: ReportTable;
  chart: ChartSpec | null;
  fileName: string;
  sortable?: boolean;
  onPoint?: (index: number) => void;
  /** Under the chart: the budget progress day's transactions, the spending treemap. */
  below?: ReactNode;
  /** Beside Download CSV: how the answer is shown (the payee split, the category kinds). */
  options?: ReactNode;
}

/** A report's answer: Download CSV, the chart, then the table; "No data for this range" when it has no rows. */
export function ReportView({ label, table, chart, fileName, sortable, onPoint, below, options }: ReportViewProps) {
  if (table.rows.length === 0) {
    return (
      <>
        {options ? <div className="report-view__actions">{options}</div> : null}
        <p className="report-empty" data-testid="report-empty">
          No data for this range
        </p>
      </>
    );
  }
  return (
    <div className="report-view" data-testid="report-view">
      <div className="report-view__actions">
        {options}
        <Button onClick={() => downloadText(fileName, toCsv(table))}>Download CSV</Button>
      </div>
      {chart && chart.points.length > 0 ? <ReportChartSlot chart={chart} onPoint={onPoint} /> : null}
      {below}
      <ReportTableView label={`${label} report`} table={table} sortable={sortable} />
    </div>
  );
}
