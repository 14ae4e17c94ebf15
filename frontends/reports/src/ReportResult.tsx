import { Amount, DataTable, LoadingBlock, useApiData } from '@budget/web';
import { toReportTable, type Cell } from './report-table.js';
import type { ReportId } from './report-types.js';

const show = (cell: Cell | undefined) => (cell === undefined ? '' : typeof cell === 'string' ? cell : <Amount cents={cell.cents} />);

/** Runs a report and shows its rows. */
export function ReportResult({ id, label, path }: { id: ReportId; label: string; path: string }) {
  const { data: table, isPending } = useApiData(path, (body) => toReportTable(id, body, new Date()));
  if (isPending) return <LoadingBlock />;
  const headers = table?.headers ?? [];
  const columns = headers.map((header, index) => ({
    header,
    numeric: typeof table?.rows[0]?.[index] === 'object',
    render: (row: Cell[]) => show(row[index]),
  }));
  return (
    <DataTable
      label={`${label} report`}
      columns={columns}
      rows={table?.rows ?? []}
      rowKey={(_row, index) => index}
      empty="No data for this period"
    />
  );
}
