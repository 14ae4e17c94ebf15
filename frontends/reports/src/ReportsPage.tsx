import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ListDetail } from '@budget/web';
import { ReportForm } from './ReportForm.js';
import { ReportResult } from './ReportResult.js';
import { findReport, REPORTS, reportPath, type ReportRange } from './report-types.js';
import { useReportScope } from './use-report-scope.js';

/** /reports: the list of reports; choosing one (`?report=payee`) shows its form and result. */
export function ReportsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const report = findReport(params.get('report'));
  const [range, setRange] = useState<ReportRange | null>(null);
  const scope = useReportScope();

  const list = (
    <ul className="report-list" aria-label="Reports" data-testid="report-list">
      {REPORTS.map(({ id, label }) => (
        <li key={id}>
          <Link
            to={`/reports?report=${id}`}
            className="report-list__item"
            aria-current={report?.id === id ? 'page' : undefined}
            onClick={() => setRange(null)}
          >
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
  const detail = report ? (
    <section aria-label={`${report.label} report`} data-testid="report-detail">
      <h2>{report.label}</h2>
      <ReportForm key={report.id} onRun={setRange} />
      {range ? <ReportResult id={report.id} label={report.label} path={reportPath(report.id, range, scope)} /> : null}
    </section>
  ) : null;

  return (
    <div>
      <h1>Reports</h1>
      <ListDetail list={list} detail={detail} detailOpen={report !== null} onBack={() => navigate('/reports')} />
    </div>
  );
}
