import { useMemo, useState, type ReactNode } from 'react';
import { lazyParts, useLazyParts } from './lazy-parts.js';

export interface Column<T> {
  /** The column's title; also its key, so unique within a table. */
  header: string;
  render: (row: T) => ReactNode;
  numeric?: boolean;
  /** Makes the column sortable by this value: numbers (cents, counts) as numbers, text by the user's locale, ISO dates as text. */
  sortKey?: (row: T) => number | string;
  /** This column's cell names its row (a screen reader reads it with the other cells); the first column when none says so. */
  rowHeader?: boolean;
}

export type SortDirection = 'ascending' | 'descending';

/** The order the table is drawn in: a sortable column (by its header) and a direction. */
export interface TableSort {
  column: string;
  direction: SortDirection;
}

export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  /** A row's key; `index` is its place in `rows` as given (before any sorting). */
  rowKey: (row: T, index: number) => string | number;
  /** Shown in the body when there are no rows. */
  empty: string;
  label: string;
  /** The order before the user picks one; without it the rows are drawn as given until a sortable header is pressed. */
  initialSort?: TableSort;
}

/** A row ready to draw: its key (from its place in the rows as given) and the row. */
export interface KeyedRow<T> {
  key: string | number;
  row: T;
}

/**
 * The places of the rows in the order `sort` asks for (stable: equal rows keep the order they came
 * in); the order as given when there is no sort or its column has no `sortKey`.
 */
export function sortOrder<T>(rows: readonly T[], columns: readonly Column<T>[], sort: TableSort | null): number[] {
  const key = sort ? columns.find((column) => column.header === sort.column)?.sortKey : undefined;
  if (!sort || !key) return rows.map((_, index) => index);
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ index, value: key(row) }))
    .sort((a, b) => {
      const order = typeof a.value === 'number' && typeof b.value === 'number' ? a.value - b.value : String(a.value).localeCompare(String(b.value));
      return order * sign || a.index - b.index;
    })
    .map(({ index }) => index);
}

/**
 * React Aria Components' Table arrives with the first table on screen (the pages with
 * tables are not the first screen, docs/architecture.md §9).
 */
export const tableParts = lazyParts(() => import('./parts/TableFrame.js'));

/**
 * A data table on React Aria Components' Table (docs/architecture.md §9 "Accessible primitives"): a
 * grid with real column headers, one Tab stop, arrow keys between rows and cells (the focused cell
 * scrolls into view, so a wide table scrolls by keyboard), buttons and links inside cells reached
 * by the arrows, and sortable columns (`sortKey`) whose headers sort on press, Enter or Space,
 * ascending then descending, with `aria-sort` saying which.
 *
 * Until its parts have arrived it is the same table as plain markup, in the same order and look.
 */
export function DataTable<T>({ columns, rows, rowKey, empty, label, initialSort }: DataTableProps<T>) {
  const parts = useLazyParts(tableParts);
  const [sort, setSort] = useState<TableSort | null>(initialSort ?? null);
  const keyed = useMemo(
    () => sortOrder(rows, columns, sort).map((index): KeyedRow<T> => ({ key: rowKey(rows[index] as T, index), row: rows[index] as T })),
    [rows, columns, rowKey, sort],
  );

  if (parts) return <parts.TableFrame columns={columns} rows={keyed} empty={empty} label={label} sort={sort} onSort={setSort} />;
  return <PlainTable columns={columns} rows={keyed} empty={empty} label={label} sort={sort} />;
}

/** Sortable headers say their order (or "none"); the others say nothing. */
export const ariaSort = <T,>(column: Column<T>, sort: TableSort | null) =>
  sort?.column === column.header ? sort.direction : column.sortKey ? 'none' : undefined;

const numClass = <T,>(column: Column<T>) => (column.numeric ? 'ui-table__num' : undefined);

function PlainTable<T>({ columns, rows, empty, label, sort }: { columns: readonly Column<T>[]; rows: readonly KeyedRow<T>[]; empty: string; label: string; sort: TableSort | null }) {
  return (
    <div className="ui-table-wrap">
      <table className="ui-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={numClass(column)} aria-sort={ariaSort(column, sort)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>
                <div className="ui-table__empty">{empty}</div>
              </td>
            </tr>
          ) : (
            rows.map(({ key, row }) => (
              <tr key={key}>
                {columns.map((column) => (
                  <td key={column.header} className={numClass(column)}>
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
