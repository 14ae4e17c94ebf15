import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  render: (row: T) => ReactNode;
  numeric?: boolean;
}

export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  /** Shown in the body when there are no rows. */
  empty: string;
  label: string;
}

/**
 * A native table with real headers and an empty-state row. Its scrolling box is a labelled
 * region in the Tab order, so a keyboard can scroll a wide or long table (issue 18 "Keyboard").
 */
export function DataTable<T>({ columns, rows, rowKey, empty, label }: DataTableProps<T>) {
  return (
    <div className="ui-table-wrap ui-scroll-area" role="region" aria-label={label} tabIndex={0}>
      <table className="ui-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? 'ui-table__num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className="ui-table__empty" colSpan={columns.length}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((column) => (
                  <td key={column.header} className={column.numeric ? 'ui-table__num' : undefined}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
