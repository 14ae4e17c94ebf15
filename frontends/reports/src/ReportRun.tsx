import { useCallback, useMemo, useState } from 'react';
import {
  budgetProgressDays,
  categoryReport,
  fundingHistoryReport,
  incomeVsExpensesReport,
  netWorthReport,
  payeeReport,
  type RouteResponse,
} from '@budget/contracts';
import { Loaded, SelectField, useRouteQuery, weekStart } from '@budget/web';
import {
  budgetProgressChart,
  categoryChart,
  fundingHistoryChart,
  incomeVsExpensesChart,
  netWorthChart,
  payeeChart,
  spendingBreakdown,
  type ChartSpec,
} from './chart-data.js';
import { BreakdownChartSlot } from './charts/ReportChartSlot.js';
import { longDate } from './dates.js';
import { DayTransactions } from './DayTransactions.js';
import { csvFileName, monthToUrl, type ReportParams } from './report-params.js';
import {
  budgetProgressTable,
  categoryTable,
  fundingHistoryTable,
  incomeVsExpensesTable,
  netWorthTable,
  payeeTable,
  payeeTableByName,
  spendingTable,
  type CategoryKind,
  type ReportTable,
} from './report-table.js';
import type { ReportId } from './report-types.js';
import { ReportView } from './ReportView.js';

interface Shown {
  table: ReportTable;
  chart: ChartSpec;
}

interface RunProps {
  label: string;
  params: ReportParams;
}

const range = (params: ReportParams) => ({ startDate: params.startDate, endDate: params.endDate });
const netWorthShown = (answer: RouteResponse<typeof netWorthReport>): Shown => {
  const table = netWorthTable(answer);
  return { table, chart: netWorthChart(table) };
};
const incomeShown = (answer: RouteResponse<typeof incomeVsExpensesReport>): Shown => {
  const table = incomeVsExpensesTable(answer);
  return { table, chart: incomeVsExpensesChart(table) };
};
const progressShown = (answer: RouteResponse<typeof budgetProgressDays>): Shown => ({ table: budgetProgressTable(answer), chart: budgetProgressChart(answer) });

/** What the screen says while a report loads or when its call failed (`Loaded`: a retry, never "No data"). */
const what = (label: string) => `The ${label} report`;

function NetWorthRun({ label, params }: RunProps) {
  const query = useRouteQuery(netWorthReport, { query: { ...range(params), weekStart: weekStart() === 1 ? '1' : '0' } }, { select: netWorthShown });
  return <Loaded query={query} what={what(label)}>{(shown) => <ReportView label={label} {...shown} fileName={csvFileName('net-worth', params)} />}</Loaded>;
}

/** Payee: one row per payee across its payment channels, or one per payee and channel by choice. */
function PayeeRun({ label, params }: RunProps) {
  const [split, setSplit] = useState(false);
  const select = useCallback((answer: RouteResponse<typeof payeeReport>): Shown => {
    const table = split ? payeeTable(answer) : payeeTableByName(answer);
    return { table, chart: payeeChart(table) };
  }, [split]);
  const request = { query: { ...range(params), pc: params.channels ?? undefined, a: params.accounts ?? undefined } };
  const query = useRouteQuery(payeeReport, request, { select });
  const toggle = (
    <label className="report-toggle">
      <input type="checkbox" checked={split} onChange={(event) => setSplit(event.target.checked)} />
      Split by payment channel
    </label>
  );
  return <Loaded query={query} what={what(label)}>{(shown) => <ReportView label={label} {...shown} sortable fileName={csvFileName('payee', params)} options={toggle} />}</Loaded>;
}

const KIND_OPTIONS = [
  { value: '', label: 'Spending and income' },
  { value: 'spending', label: 'Spending only' },
  { value: 'income', label: 'Income only' },
];

/** Category: spending and income apart (two series, spending rows first), or one of them. */
function CategoryRun({ label, params }: RunProps) {
  const [only, setOnly] = useState<CategoryKind | null>(null);
  const select = useCallback((answer: RouteResponse<typeof categoryReport>): Shown => ({ table: categoryTable(answer, only), chart: categoryChart(answer, only) }), [only]);
  const query = useRouteQuery(categoryReport, { query: { ...range(params), c: params.categories ?? undefined } }, { select });
  const show = <SelectField label="Show" value={only ?? ''} onChange={(event) => setOnly((event.target.value || null) as CategoryKind | null)} options={KIND_OPTIONS} />;
  return <Loaded query={query} what={what(label)}>{(shown) => <ReportView label={label} {...shown} fileName={csvFileName('category', params)} options={show} />}</Loaded>;
}

/** Spending breakdown: the range's spending by group and category, as a treemap and a table with shares. */
function SpendingRun({ label, params }: RunProps) {
  const query = useRouteQuery(categoryReport, { query: range(params) }, { select: spendingTable });
  return (
    <Loaded query={query} what={what(label)}>
      {(table) => <SpendingView label={label} table={table} fileName={csvFileName('spending', params)} />}
    </Loaded>
  );
}

function SpendingView({ label, table, fileName }: { label: string; table: ReportTable; fileName: string }) {
  const groups = useMemo(() => spendingBreakdown(table), [table]);
  return (
    <ReportView
      label={label}
      table={table}
      chart={null}
      fileName={fileName}
      below={groups.length > 0 ? <BreakdownChartSlot title="Spending by group and category" groups={groups} /> : null}
    />
  );
}

function IncomeVsExpensesRun({ label, params }: RunProps) {
  const query = useRouteQuery(incomeVsExpensesReport, { query: range(params) }, { select: incomeShown });
  return <Loaded query={query} what={what(label)}>{(shown) => <ReportView label={label} {...shown} fileName={csvFileName('income-vs-expenses', params)} />}</Loaded>;
}

function FundingHistoryRun({ label, params }: RunProps) {
  const { endDate } = params;
  const select = useCallback((answer: RouteResponse<typeof fundingHistoryReport>): Shown => {
    const table = fundingHistoryTable(answer, endDate);
    return { table, chart: fundingHistoryChart(table) };
  }, [endDate]);
  const query = useRouteQuery(fundingHistoryReport, { query: range(params) }, { select });
  return <Loaded query={query} what={what(label)}>{(shown) => <ReportView label={label} {...shown} fileName={csvFileName('funding-history', params)} />}</Loaded>;
}

/**
 * Budget progress, from the days route (no ids: docs/architecture.md §4.7): a click on a day of the
 * chart lists that day's transactions under it (its ids asked for then); the "Transactions of"
 * drop-down chooses the same days from the keyboard.
 */
function BudgetProgressRun({ label, params }: RunProps) {
  const query = useRouteQuery(budgetProgressDays, { query: { m: monthToUrl(params.month) } }, { select: progressShown });
  const [date, setDate] = useState<string | null>(null);
  return (
    <Loaded query={query} what={what(label)}>
      {(shown) => {
        const days = shown.chart.points.filter((point) => point.date && (point.count ?? 0) > 0);
        const day = shown.chart.points.find((point) => point.date === date);
        const choose = (
          <SelectField
            label="Transactions of"
            value={date ?? ''}
            onChange={(event) => setDate(event.target.value || null)}
            options={[{ value: '', label: 'Choose a day (or click the chart)' }, ...days.map((point) => ({ value: point.date!, label: `${longDate(point.date!)} (${point.count!})` }))]}
          />
        );
        return (
          <ReportView
            label={label}
            {...shown}
            fileName={csvFileName('budget-progress', params)}
            onPoint={(index) => setDate(shown.chart.points[index]?.date ?? null)}
            below={
              <div className="report-day-picker">
                {choose}
                {day?.date ? <DayTransactions date={day.date} /> : null}
              </div>
            }
          />
        );
      }}
    </Loaded>
  );
}

const RUNS: Record<ReportId, (props: RunProps) => React.JSX.Element> = {
  'net-worth': NetWorthRun,
  payee: PayeeRun,
  category: CategoryRun,
  spending: SpendingRun,
  'income-vs-expenses': IncomeVsExpensesRun,
  'funding-history': FundingHistoryRun,
  'budget-progress': BudgetProgressRun,
};

/** Runs one report with the parameters of its URL and shows the answer. */
export function ReportRun({ id, label, params }: RunProps & { id: ReportId }) {
  const Run = RUNS[id];
  return <Run label={label} params={params} />;
}
