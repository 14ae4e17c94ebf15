import { formatDate } from '../dates/format-date.js';
import { Amount } from '../ui/Amount.js';
import { DataTable, type Column } from '../ui/DataTable.js';
import type { RegisterRow } from './register-rows.js';

export interface RegisterTableProps {
  rows: readonly RegisterRow[];
  /** The header of the detail column: "Category" or "Account". */
  detailHeader: string;
  showBalance: boolean;
  empty: string;
  label: string;
}

/** The register: Date, Name, Category (or Account), Amount and, when known, Balance. */
export function RegisterTable({ rows, detailHeader, showBalance, empty, label }: RegisterTableProps) {
  const columns: Column<RegisterRow>[] = [
    { header: 'Date', render: (row) => formatDate(row.date) },
    { header: 'Name', render: (row) => row.name },
    { header: detailHeader, render: (row) => row.detail },
    { header: 'Amount', numeric: true, render: (row) => <Amount cents={row.amount} /> },
  ];
  if (showBalance) {
    columns.push({ header: 'Balance', numeric: true, render: (row) => (row.balance === null ? '' : <Amount cents={row.balance} />) });
  }
  return <DataTable label={label} columns={columns} rows={rows} rowKey={(row) => row.id} empty={empty} />;
}
