import type { listPlaidLogs, listTransactionLogs, RouteResponse } from '@budget/contracts';
import { formatCents } from '@budget/money';
import { formatDate } from '@budget/web';

/** One line of the transaction log as GET /transaction-logs answers it (`@budget/contracts`). */
export type TransactionLog = RouteResponse<typeof listTransactionLogs>[number];

/** The lines of one action (the same correlation id, one after the other), newest first as the log lists them. */
export interface LogAction {
  id: string;
  createdAt: string;
  lines: TransactionLog[];
}

/** Groups consecutive lines of one action; a line without a correlation id is an action of its own. */
export function logActions(lines: readonly TransactionLog[]): LogAction[] {
  const actions: LogAction[] = [];
  for (const line of lines) {
    const last = actions[actions.length - 1];
    if (last && line.correlationId !== null && last.lines[0]!.correlationId === line.correlationId) last.lines.push(line);
    else actions.push({ id: line.id, createdAt: line.createdAt, lines: [line] });
  }
  return actions;
}

/** One call of the provider (Plaid) log as GET /admin/plaid-logs answers it. */
export type PlaidLog = RouteResponse<typeof listPlaidLogs>['data'][number];

/** A logged request or response as readable text: strings as they are, the rest as JSON. */
export function logText(value: unknown): string {
  if (value == null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

const AMOUNT = /(^|[\s(])(-?)(\d+)\.(\d{2})(?=$|[\s,;:)]|\.(?:\s|$))/g;
const DATE = /\b\d{4}-\d{2}-\d{2}\b/g;

/**
 * A transaction-log line as the Logs page shows it: amounts as money ("-1234.5" stored as
 * "-1234.50" reads "-1,234.50"), dates in the user's date format, "principal" for the loan part
 * (the wire and the stored line keep the spec's `principle`). Quoted names stay as written.
 */
export function readableLogMessage(message: string): string {
  return message
    .split(/("[^"]*")/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(AMOUNT, (_all, before: string, sign: string, whole: string, cents: string) => `${before}${formatCents((sign ? -1 : 1) * (Number(whole) * 100 + Number(cents)))}`)
            .replace(DATE, (date) => formatDate(date))
            .replace(/\bprinciple\b/g, 'principal'),
    )
    .join('');
}
