import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { ListDetail } from '@budget/web';
import { ReportForm } from './ReportForm.js';
import { paramsSearch, readParams } from './report-params.js';
import { findReport, REPORTS } from './report-types.js';
import { ReportRun } from './ReportRun.js';

/**
 * /reports and /reports/<id>: the list of reports beside the chosen one's form and answer. The
 * parameters live in the URL (report-params.ts): running the form pushes them, so a run can be
 * bookmarked, shared and reloaded, and back/forward return to the previous run. A report answers
 * as soon as it opens, for the URL's parameters or, without them, its defaults (the last year,
 * this month): Run Report is only for changed parameters.
 */
export function ReportsPage() {
  const { reportId } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const report = findReport(reportId);
  if (reportId !== undefined && report === null) return <Navigate to="/reports" replace />;

  const list = (
    <ul className="report-list" aria-label="Reports" data-testid="report-list">
      {REPORTS.map(({ id, label }) => (
        <li key={id}>
          <Link to={`/reports/${id}`} className="report-list__item" aria-current={report?.id === id ? 'page' : undefined}>
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
  const params = readParams(search, new Date());
  const query = search.toString();
  const detail = report ? (
    <section aria-label={`${report.label} report`} data-testid="report-detail" className="report-detail">
      <h2>{report.label}</h2>
      {/* Keyed by the URL: back/forward put the URL's parameters back in the form. */}
      <ReportForm key={`${report.id}?${query}`} id={report.id} initial={params} onRun={(next) => navigate(`/reports/${report.id}?${paramsSearch(report.id, next)}`)} />
      <ReportRun key={report.id} id={report.id} label={report.label} params={params} />
    </section>
  ) : null;

  return (
    <div className="reports-page">
      <h1>Reports</h1>
      <ListDetail list={list} detail={detail} detailOpen={report !== null} onBack={() => navigate('/reports')} />
    </div>
  );
}
