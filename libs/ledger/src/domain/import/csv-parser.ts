import { createHash } from 'node:crypto';
import { parseDollars, type Cents } from '@budget/money';
import { isCalendarDate } from '../dates.js';
import { ImportFileError, type ImportedRow } from './imported-row.js';

export type DateFormat = 'YYYY-MM-DD' | 'MM/DD/YYYY' | 'DD/MM/YYYY';

/** Which column (0-based) holds what; either `amount`, or `inflow` and/or `outflow`. */
export interface CsvMapping {
  date: number;
  payee: number;
  amount?: number;
  inflow?: number;
  outflow?: number;
  dateFormat: DateFormat;
  hasHeader: boolean;
}

/** RFC 4180 records: quoted fields, doubled quotes, commas and newlines inside quotes. */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else field += c;
  }
  if (quoted) throw new ImportFileError('The file ends inside a quoted field.');
  if (field !== '' || record.length > 0) endRecord();
  return records.filter((r) => r.some((f) => f.trim() !== ''));
}

function csvDate(value: string, format: DateFormat): string | null {
  const v = value.trim();
  const parts = format === 'YYYY-MM-DD' ? /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v) : /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(v);
  if (!parts) return null;
  const [, a, b, c] = parts as unknown as [string, string, string, string];
  const [y, m, d] = format === 'YYYY-MM-DD' ? [a, b, c] : format === 'MM/DD/YYYY' ? [c, a, b] : [c, b, a];
  const year = y.length === 2 ? `20${y}` : y;
  const date = `${year}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isCalendarDate(date) ? date : null;
}

/** "$1,234.56", "(12.34)" (negative), "-5", "" (none). */
function csvAmount(value: string | undefined): Cents | null | 'empty' {
  const v = (value ?? '').trim().replace(/[$€£\s]/g, '');
  if (v === '') return 'empty';
  const negative = /^\(.*\)$/.test(v);
  const cents = parseDollars(negative ? v.slice(1, -1) : v);
  return cents === null ? null : negative ? -cents : cents;
}

/**
 * Turns mapped CSV records into bank rows. A row's de-duplication key is a fingerprint of its
 * date, payee and amount plus how many identical rows came before it in the file, so importing the
 * same file again adds nothing while two real identical purchases on one day both import.
 */
export function parseCsv(text: string, mapping: CsvMapping, accountId: string): ImportedRow[] {
  const records = readCsv(text).slice(mapping.hasHeader ? 1 : 0);
  const seen = new Map<string, number>();
  return records.map((record, index) => {
    const line = `Row ${index + (mapping.hasHeader ? 2 : 1)}`;
    const date = csvDate(record[mapping.date] ?? '', mapping.dateFormat);
    if (!date) throw new ImportFileError(`${line}: "${record[mapping.date] ?? ''}" is not a ${mapping.dateFormat} date.`);
    let amount: Cents;
    if (mapping.amount !== undefined) {
      const a = csvAmount(record[mapping.amount]);
      if (a === null || a === 'empty') throw new ImportFileError(`${line}: "${record[mapping.amount] ?? ''}" is not an amount.`);
      amount = a;
    } else {
      const inflow = mapping.inflow === undefined ? 'empty' : csvAmount(record[mapping.inflow]);
      const outflow = mapping.outflow === undefined ? 'empty' : csvAmount(record[mapping.outflow]);
      if (inflow === null || outflow === null) throw new ImportFileError(`${line}: the inflow or outflow is not an amount.`);
      amount = (inflow === 'empty' ? 0 : Math.abs(inflow)) - (outflow === 'empty' ? 0 : Math.abs(outflow));
    }
    const name = (record[mapping.payee] ?? '').trim() || 'Unknown';
    const key = `${date}|${name}|${amount}`;
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    const fingerprint = createHash('sha256').update(`${key}|${occurrence}`).digest('hex').slice(0, 32);
    return { providerId: `csv:${accountId}:${fingerprint}`, date, name, amount };
  });
}

/** A first guess at the mapping from the header row, for the preview. */
export function suggestMapping(header: readonly string[]): Partial<CsvMapping> {
  const find = (...names: string[]) => {
    const index = header.findIndex((h) => names.some((n) => h.trim().toLowerCase().includes(n)));
    return index === -1 ? undefined : index;
  };
  const amount = find('amount');
  return {
    date: find('date'),
    payee: find('payee', 'description', 'name', 'merchant', 'memo'),
    ...(amount !== undefined ? { amount } : { inflow: find('inflow', 'credit', 'deposit'), outflow: find('outflow', 'debit', 'withdrawal') }),
  };
}
