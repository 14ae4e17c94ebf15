import { formatCents } from '@budget/money';
import type { importOfx, RouteResponse } from '@budget/contracts';
import { hasErrorList, wireCents } from '@budget/web';

/** What an OFX or CSV import answers (`importResult` in `@budget/contracts`). */
export type ImportResult = RouteResponse<typeof importOfx>['data'];

/** "Import 1 Row", "Import 1,250 Rows": the CSV dialog's button, for the rows that will be sent. */
export const importRowsLabel = (rows: number) => `Import ${rows.toLocaleString('en-US')} ${rows === 1 ? 'Row' : 'Rows'}`;

/** "2 added, 1 updated, 0 unchanged" */
export const importCounts = (result: ImportResult) => `${result.added} added, ${result.updated} updated, ${result.unchanged} unchanged`;

/** The warning when the file's ledger balance is not the account's balance after the import. */
export function mismatchWarning(result: ImportResult): string | null {
  if (result.balanceMatches !== false) return null;
  const file = formatCents(wireCents(result.fileBalance));
  return `The file's ledger balance (${file}) does not match the account balance (${formatCents(wireCents(result.balance))}). Check for missing or duplicate transactions.`;
}

/** The server's reason a file was refused, e.g. "Transaction 2 has no FITID." */
export function importError(body: unknown, fallback: string): string {
  if (!hasErrorList(body)) return typeof body === 'string' && body.trim() !== '' && body.length < 200 ? body : fallback;
  const messages = body.errors.map((entry) => (typeof entry.message === 'string' ? entry.message : typeof entry.detail === 'string' ? entry.detail : null));
  return messages.filter((m): m is string => m !== null).join(' ') || fallback;
}
