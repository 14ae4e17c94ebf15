import { useMemo } from 'react';
import { Amount, DataTable, type Column } from '@budget/web';
import { cellSortKey, cellText, type Cell, type ReportTable } from './report-table.js';

const isNumeric = (cell: Cell | undefined) => cell !== undefined && ('cents' in cell || 'count' in cell);

function CellView({ cell }: { cell: Cell }) {
  if (!('cents' in cell)) return <>{cellText(cell)}</>;
  return (
    <span className={cell.changed ? 'report-cell--changed' : undefined} data-changed={cell.changed ? 'true' : undefined}>
      <Amount cents={cell.cents} />
      {cell.changed ? <span className="ui-visually-hidden"> (changed from the month before)</span> : null}
    </span>
  );
}

/**
 * A report's table on the product's DataTable (a grid: one Tab stop, arrows between cells, a wide
 * report scrolls as the focus moves). `sortable`: every header sorts by its column on a press,
 * Enter or Space, ascending then descending (`aria-sort` says which); otherwise rows keep the
 * answer's order. A table with a totals row (funding history) is a plain table: the grid has no
 * footer rows.
 */
export function ReportTableView({ label, table, sortable = false }: { label: string; table: ReportTable; sortable?: boolean }) {
  const numeric = useMemo(() => table.headers.map((_, index) => isNumeric(table.rows[0]?.[index] ?? table.footer?.[index])), [table]);
  const columns = useMemo(
    () =>
      table.headers.map(
        (header, index): Column<Cell[]> => ({
          header,
          numeric: numeric[index],
          render: (row) => {
            const cell = row[index];
            return cell ? <CellView cell={cell} /> : null;
          },
          sortKey: sortable ? (row) => cellSortKey(row[index]) : undefined,
        }),
      ),
    [table, numeric, sortable],
  );
  if (table.footer) return <TotalsTable label={label} table={table} footer={table.footer} numeric={numeric} />;
  return <DataTable label={label} columns={columns} rows={table.rows} rowKey={(_, index) => index} empty="No rows" />;
}

function TotalsTable({ label, table, footer, numeric }: { label: string; table: ReportTable; footer: Cell[]; numeric: boolean[] }) {
  const numClass = (index: number) => (numeric[index] ? 'ui-table__num' : undefined);
  return (
    <div className="ui-table-wrap report-table">
      <table className="ui-table" aria-label={label}>
        <thead>
          <tr>
            {table.headers.map((header, index) => (
              <th key={header} scope="col" className={numClass(index)}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                <td key={index} className={numClass(index)}>
                  <CellView cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="report-table__total">
            {footer.map((cell, index) => (
              <td key={index} className={numClass(index)}>
                <CellView cell={cell} />
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
