import { Cell, Column as TableColumn, Row, Table, TableBody, TableHeader, type SortDescriptor } from 'react-aria-components';
import type { Column, KeyedRow, TableSort } from '../DataTable.js';

export interface TableFrameProps<T> {
  columns: readonly Column<T>[];
  /** Already in the order `sort` asks for. */
  rows: readonly KeyedRow<T>[];
  empty: string;
  label: string;
  sort: TableSort | null;
  onSort: (sort: TableSort) => void;
}

const numClass = <T,>(column: Column<T>) => (column.numeric ? 'ui-table__num' : undefined);

/**
 * The data table on React Aria Components' Table: one column (`rowHeader`, else the first) heads each row, sortable
 * columns sort on press (RAC sets `aria-sort`), the arrow glyph is decoration only.
 */
export function TableFrame<T>({ columns, rows, empty, label, sort, onSort }: TableFrameProps<T>) {
  const rowHeader = Math.max(0, columns.findIndex((column) => column.rowHeader));
  const descriptor: SortDescriptor | undefined = sort ? { column: sort.column, direction: sort.direction } : undefined;
  return (
    <div className="ui-table-wrap">
      <Table
        aria-label={label}
        className="ui-table"
        sortDescriptor={descriptor}
        onSortChange={(next) => onSort({ column: String(next.column), direction: next.direction })}
      >
        <TableHeader>
          {columns.map((column, index) => (
            <TableColumn
              key={column.header}
              id={column.header}
              isRowHeader={index === rowHeader}
              allowsSorting={column.sortKey !== undefined}
              textValue={column.header}
              className={[numClass(column), column.sortKey ? 'ui-table__sortable' : undefined].filter(Boolean).join(' ') || undefined}
            >
              {({ sortDirection }) => (
                <>
                  {column.header}
                  {column.sortKey ? (
                    <span className="ui-table__sort-mark" aria-hidden="true">
                      {sortDirection === 'ascending' ? '▲' : sortDirection === 'descending' ? '▼' : ''}
                    </span>
                  ) : null}
                </>
              )}
            </TableColumn>
          ))}
        </TableHeader>
        <TableBody renderEmptyState={() => <div className="ui-table__empty">{empty}</div>}>
          {rows.map(({ key, row }) => (
            <Row key={key} id={key} className="ui-table__row">
              {columns.map((column) => (
                <Cell key={column.header} className={['ui-table__cell', numClass(column)].filter(Boolean).join(' ')}>
                  {column.render(row)}
                </Cell>
              ))}
            </Row>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
