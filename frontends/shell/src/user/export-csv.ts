import type { exportLine } from '@budget/contracts';
import { centsToDecimalString, parseDollars } from '@budget/money';
import Papa from 'papaparse';
import type { z } from 'zod';

type ExportLine = z.output<typeof exportLine>;

/** The export's columns, as YNAB's and Actual's register exports name theirs. */
export const EXPORT_HEADERS = ['Date', 'Account', 'Payee', 'Category Group', 'Category', 'Memo', 'Amount', 'Type', 'Pending', 'Transaction ID'] as const;

/**
 * A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a return first) is
 * written with a `'` before it, so a payee named `=HYPERLINK(…)` by a bank stays text; a plain
 * amount such as `-12.34` is written as it is.
 */
const FORMULA = /^(?![-+]?\d+(\.\d+)?$)[=+\-@\t\r]/;

/** An amount as exact decimal text from its cents ("-1234.50"), never through a float's formatting. */
function amountText(dollars: number): string {
  const cents = parseDollars(dollars);
  if (cents === null) throw new Error(`Not an amount of dollars and cents: ${dollars}`);
  return centsToDecimalString(cents);
}

/** The lines as CSV (RFC 4180 through papaparse's `unparse`), headers first, with Windows line ends as spreadsheets expect. */
export function exportCsv(lines: readonly ExportLine[]): string {
  const rows = lines.map((line) => [
    line.date, line.account ?? '', line.payee ?? '', line.categoryGroup ?? '', line.category, line.memo ?? '',
    amountText(line.amount), line.type, line.pending ? 'Yes' : 'No', line.transactionId,
  ]);
  return Papa.unparse({ fields: [...EXPORT_HEADERS], data: rows }, { newline: '\r\n', escapeFormulae: FORMULA });
}

/** The file's name: the day it was made, so two exports never overwrite each other unnoticed. */
export const exportFileName = (today: string) => `transactions-${today}.csv`;
