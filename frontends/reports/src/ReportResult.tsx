import { Amount, DataTable, Loaded, useApiData } from '@budget/web';
import { toReportTable, type Cell, type ReportTable as Table } from './report-table.js';
import type { ReportId } from './report-types.js';

const show = (cell: Cell | undefined) => (cell === undefined ? '' : typeof cell === 'string' ? cell : <Amount cents={cell.cents} />);

function ReportTable({ label, table }: { label: string; table: Table }) {
  const columns = table.headers.map((header, index) => ({
    header,
    numeric: typeof table.rows[0]?.[index] === 'object',
    render: (row: Cell[]) => show(row[index]),
  }));
  return <DataTable label={`${label} report`} columns={columns} rows={table.rows} rowKey={(_row, index) => index} empty="No data for this period" />;
}

/** Runs a report and shows its rows; a failed run is an error with a retry, not "No data". */
export function ReportResult({ id, label, path }: { id: ReportId; label: string; path: string }) {
  const table = useApiData(path, (body) => toReportTable(id, body, new Date()));
  return (
    <Loaded query={table} what={`The ${label} report`}>
      {(loaded) => <ReportTable label={label} table={loaded} />}
    </Loaded>
  );
}
