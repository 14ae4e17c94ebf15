import { useState } from 'react';
import { Amount } from '@budget/web';
import { cellText, sortRows, type Cell, type ReportTable, type SortDirection } from './report-table.js';

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
 * A report's table. `sortable`: every header is a button that sorts by its column, ascending
 * then descending (`aria-sort` says which); otherwise rows keep the answer's order.
 */
export function ReportTableView({ label, table, sortable = false }: { label: string; table: ReportTable; sortable?: boolean }) {
  const [sort, setSort] = useState<{ column: number; direction: SortDirection } | null>(null);
  const rows = sort ? sortRows(table.rows, sort.column, sort.direction) : table.rows;
  const numeric = table.headers.map((_, index) => isNumeric(table.rows[0]?.[index] ?? table.footer?.[index]));
  const toggle = (column: number) =>
    setSort((current) => ({ column, direction: current?.column === column && current.direction === 'ascending' ? 'descending' : 'ascending' }));
  const numClass = (index: number) => (numeric[index] ? 'ui-table__num' : undefined);

  return (
    <div className="ui-table-wrap report-table">
      <table className="ui-table" aria-label={label}>
        <thead>
          <tr>
            {table.headers.map((header, index) => (
              <th key={header} scope="col" className={numClass(index)} aria-sort={sort?.column === index ? sort.direction : sortable ? 'none' : undefined}>
                {sortable ? (
                  <button type="button" className="report-table__sort" onClick={() => toggle(index)}>
                    {header}
                    <span aria-hidden="true">{sort?.column === index ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}</span>
                  </button>
                ) : (
                  header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                <td key={index} className={numClass(index)}>
                  <CellView cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {table.footer ? (
          <tfoot>
            <tr className="report-table__total">
              {table.footer.map((cell, index) => (
                <td key={index} className={numClass(index)}>
                  <CellView cell={cell} />
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
