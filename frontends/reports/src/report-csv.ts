import { centsToDecimalString } from '@budget/money';
import Papa from 'papaparse';
import type { Cell, ReportTable } from './report-table.js';

/**
 * A CSV cell: amounts as plain decimal text from their cents ("-1234.50", never a float), dates
 * and months as ISO text (YYYY-MM-DD, YYYY-MM: four-digit years), counts and names as they are.
 */
function csvCell(cell: Cell): string {
  if ('cents' in cell) return centsToDecimalString(cell.cents);
  if ('count' in cell) return String(cell.count);
  if ('date' in cell) return cell.date;
  if ('month' in cell) return cell.month;
  return cell.text;
}

/** The table as CSV (RFC 4180 through papaparse's `unparse`): the headers (ISO months), the rows, then the totals row if any. */
export function toCsv(table: ReportTable): string {
  const rows = [...table.rows, ...(table.footer ? [table.footer] : [])];
  return Papa.unparse({ fields: table.csvHeaders ?? table.headers, data: rows.map((row) => row.map(csvCell)) }, { newline: '\r\n' });
}
