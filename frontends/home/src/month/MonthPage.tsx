import { budgetMonthRoute } from '@budget/contracts';
import { Link, Navigate, useParams } from 'react-router';
import { Amount, ButtonLink, DataTable, LoadError, LoadingBlock, recordPath, useRouteQuery, wireCents, type Column } from '@budget/web';
import { currentMonth, monthLabel, monthRows, readMonth, type MonthRow } from './month-rows.js';
import { ScheduledSpending } from './ScheduledSpending.js';
import './month.css';

const amount = (pick: (row: MonthRow) => number) => (row: MonthRow) => <Amount cents={pick(row)} />;

const COLUMNS: readonly Column<MonthRow>[] = [
  {
    header: 'Category',
    rowHeader: true,
    render: (row) =>
      row.kind === 'group' ? (
        <span className="month-view__group" style={{ paddingLeft: row.level * 16 }}>
          {row.name}
          <span className="ui-visually-hidden"> (group total)</span>
        </span>
      ) : (
        <Link to={recordPath('/home', row.categoryId!)} style={{ paddingLeft: row.level * 16 }}>
          {row.name}
        </Link>
      ),
  },
  { header: 'Funded', numeric: true, render: amount((r) => r.funded) },
  { header: 'Activity', numeric: true, render: amount((r) => r.activity) },
  {
    header: 'Available',
    numeric: true,
    render: (row) => (
      <span className="month-view__available">
        {row.overspent ? <span className="month-view__overspent">Overspent</span> : null}
        {row.kind === 'group' && row.overspentCount > 0 ? <span className="month-view__overspent">{row.overspentCount} overspent</span> : null}
        <Amount cents={row.available} />
      </span>
    ),
  },
];

/**
 * /budget/YYYY-MM: the budget by month (README "Month view") — Ready to fund (the Funding Pool at
 * the month's end) with the month's income and funding, then each group with its subtotals and
 * categories (funded, activity, available at month end), overspent ones marked in words; previous
 * and next month are links, so the URL names the month and a reload shows it again.
 */
export default function MonthPage() {
  const { month: param } = useParams();
  const month = readMonth(param);
  const query = useRouteQuery(budgetMonthRoute, month === null ? null : { params: { month } });
  if (month === null) return <Navigate to={`/budget/${currentMonth()}`} replace />;
  const label = monthLabel(month);
  const { data, isPending, isError, error, isFetching, refetch } = query;
  return (
    <div className="month-view">
      <div className="month-view__top">
        <h1>{label}</h1>
        <nav aria-label="Months" className="month-view__nav">
          {data?.data.previousMonth ? (
            <ButtonLink to={`/budget/${data.data.previousMonth}`} data-testid="previous-month">
              <span aria-hidden="true">‹ </span>
              {monthLabel(data.data.previousMonth)}
            </ButtonLink>
          ) : null}
          {month !== currentMonth() ? <ButtonLink to={`/budget/${currentMonth()}`}>This month</ButtonLink> : null}
          {data?.data.nextMonth ? (
            <ButtonLink to={`/budget/${data.data.nextMonth}`} data-testid="next-month">
              {monthLabel(data.data.nextMonth)}
              <span aria-hidden="true"> ›</span>
            </ButtonLink>
          ) : null}
        </nav>
      </div>
      {isError ? (
        <LoadError what={`The budget for ${label}`} error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : isPending ? (
        <LoadingBlock />
      ) : (
        <>
          <section className="month-view__headline" aria-label="Summary" data-testid="month-headline">
            <p className="month-view__ready">
              Ready to fund: <Amount cents={wireCents(data.data.readyToFund)} />
            </p>
            <dl className="month-view__figures">
              <div>
                <dt>Income in {label}</dt>
                <dd><Amount cents={wireCents(data.data.income)} /></dd>
              </div>
              <div>
                <dt>Funded in {label}</dt>
                <dd><Amount cents={wireCents(data.data.funded)} /></dd>
              </div>
              <div>
                <dt>Overspent categories</dt>
                <dd data-testid="overspent-count">{data.data.overspentCount}</dd>
              </div>
            </dl>
          </section>
          <DataTable
            label={`Categories in ${label}`}
            columns={COLUMNS}
            rows={monthRows(data.data)}
            rowKey={(row) => row.key}
            empty="No categories."
          />
          <ScheduledSpending month={month} label={label} />
        </>
      )}
    </div>
  );
}
