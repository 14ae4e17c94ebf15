import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { parseDollars, type Cents } from '@budget/money';
import { isCalendarDate } from '../dates.js';
import { ImportFileError, type ImportedRow } from './imported-row.js';

export type DateFormat = 'YYYY-MM-DD' | 'MM/DD/YYYY' | 'DD/MM/YYYY';
/** The field separators we read: comma (US), semicolon (much of Europe), tab. */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];
/** How amounts write their decimals: `1,234.56` or `1.234,56`. The user says which; we never guess it alone. */
export type DecimalSeparator = '.' | ',';

/** Which column (0-based) holds what; either `amount`, or `inflow` and/or `outflow`. */
export interface CsvMapping {
  date: number;
  payee: number;
  amount?: number;
  inflow?: number;
  outflow?: number;
  dateFormat: DateFormat;
  hasHeader: boolean;
  /** 'auto' (or absent): detected from the file among CSV_DELIMITERS. */
  delimiter?: CsvDelimiter | 'auto';
  /** Absent: '.'. */
  decimalSeparator?: DecimalSeparator;
}

/**
 * Reads a CSV text record by record with `papaparse` (RFC 4180: quoted fields, doubled quotes,
 * separators and newlines inside quotes), calling `each` with every record that is not blank; the
 * records are not collected, so memory stays bounded by the text itself (the body limit). Answers
 * the delimiter used: the one given, or the one detected among comma, semicolon and tab.
 */
export function readCsvRecords(text: string, delimiter: CsvDelimiter | 'auto', each: (record: string[], index: number) => void): CsvDelimiter {
  let index = 0;
  let used: string | undefined;
  let unclosed: number | null = null;
  Papa.parse<string[]>(text, {
    delimiter: delimiter === 'auto' ? '' : delimiter,
    delimitersToGuess: [...CSV_DELIMITERS],
    skipEmptyLines: 'greedy',
    step: ({ data, errors, meta }) => {
      used ??= meta.delimiter;
      if (unclosed === null && errors.some((e) => e.code === 'MissingQuotes')) unclosed = index + 1;
      each(data, index++);
    },
  });
  if (unclosed !== null) throw new ImportFileError(`Record ${unclosed}: a quoted field is not closed (the file ends inside it).`);
  return (CSV_DELIMITERS as readonly string[]).includes(used ?? '') ? (used as CsvDelimiter) : ',';
}

/** Every record that is not blank (the preview's first rows; tests). */
export function readCsv(text: string, delimiter: CsvDelimiter | 'auto' = 'auto'): string[][] {
  const records: string[][] = [];
  readCsvRecords(text, delimiter, (record) => records.push(record));
  return records;
}

function csvDate(value: string, format: DateFormat): string | null {
  const v = value.trim();
  const parts = format === 'YYYY-MM-DD' ? /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v) : /^(\d{1,2})[/.](\d{1,2})[/.](\d{2}|\d{4})$/.exec(v);
  if (!parts) return null;
  const [, a, b, c] = parts as unknown as [string, string, string, string];
  const [y, m, d] = format === 'YYYY-MM-DD' ? [a, b, c] : format === 'MM/DD/YYYY' ? [c, a, b] : [c, b, a];
  const year = y.length === 2 ? `20${y}` : y;
  const date = `${year}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isCalendarDate(date) ? date : null;
}

/** `1.234,56` / `1234,5` (thousands dots optional): the only shapes a decimal-comma amount may take. */
const DECIMAL_COMMA = /^[+-]?(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/;
/** `12,34` read with a decimal point: a decimal comma the user did not choose, never thousands. */
const LOOKS_DECIMAL_COMMA = /^[+-]?\d+,\d{1,2}$/;

/**
 * "$1,234.56", "(12.34)" (negative), "-5", "" (none); with a decimal comma "1.234,56". An amount
 * that only reads one way under the other separator is refused, never misread by a factor of 100.
 */
function csvAmount(value: string | undefined, decimal: DecimalSeparator): Cents | null | 'empty' {
  let v = (value ?? '').trim().replace(/[$€£\s\u00a0]/g, '');
  if (v === '') return 'empty';
  const negative = /^\(.*\)$/.test(v);
  if (negative) v = v.slice(1, -1);
  if (decimal === ',') {
    if (!DECIMAL_COMMA.test(v)) return null;
    v = v.replace(/\./g, '').replace(',', '.');
  } else if (LOOKS_DECIMAL_COMMA.test(v)) return null;
  const cents = parseDollars(v);
  return cents === null ? null : negative ? -cents : cents;
}

/**
 * Turns mapped CSV records into bank rows, one record at a time. A row's de-duplication key is a
 * fingerprint of its date, payee and amount plus how many identical rows came before it in the
 * file, so importing the same file again adds nothing while two real identical purchases on one
 * day both import.
 */
export function parseCsv(text: string, mapping: CsvMapping, accountId: string): ImportedRow[] {
  const seen = new Map<string, number>();
  const rows: ImportedRow[] = [];
  const decimal = mapping.decimalSeparator ?? '.';
  const example = decimal === ',' ? 'like -1.234,56' : 'like -1,234.56';
  readCsvRecords(text, mapping.delimiter ?? 'auto', (record, index) => {
    if (mapping.hasHeader && index === 0) return;
    const line = `Row ${index + 1}`;
    const date = csvDate(record[mapping.date] ?? '', mapping.dateFormat);
    if (!date) throw new ImportFileError(`${line}: "${clip(record[mapping.date])}" is not a ${mapping.dateFormat} date.`);
    let amount: Cents;
    if (mapping.amount !== undefined) {
      const a = csvAmount(record[mapping.amount], decimal);
      if (a === null || a === 'empty') throw new ImportFileError(`${line}: "${clip(record[mapping.amount])}" is not an amount ${example}.`);
      amount = a;
    } else {
      const inflow = mapping.inflow === undefined ? 'empty' : csvAmount(record[mapping.inflow], decimal);
      const outflow = mapping.outflow === undefined ? 'empty' : csvAmount(record[mapping.outflow], decimal);
      if (inflow === null || outflow === null) throw new ImportFileError(`${line}: the inflow or outflow is not an amount ${example}.`);
      amount = (inflow === 'empty' ? 0 : Math.abs(inflow)) - (outflow === 'empty' ? 0 : Math.abs(outflow));
    }
    const name = (record[mapping.payee] ?? '').trim() || 'Unknown';
    const key = `${date}|${name}|${amount}`;
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    const fingerprint = createHash('sha256').update(`${key}|${occurrence}`).digest('hex').slice(0, 32);
    rows.push({ providerId: `csv:${accountId}:${fingerprint}`, date, name, amount });
  });
  return rows;
}

/** A value quoted in an error message, at most 40 characters. */
const clip = (value: string | undefined) => {
  const v = value ?? '';
  return v.length > 40 ? `${v.slice(0, 40)}…` : v;
};

/** A first guess at the mapping from the header row, for the preview. */
export function suggestMapping(header: readonly string[]): Partial<CsvMapping> {
  const find = (...names: string[]) => {
    const index = header.findIndex((h) => names.some((n) => h.trim().toLowerCase().includes(n)));
    return index === -1 ? undefined : index;
  };
  const amount = find('amount', 'betrag', 'montant', 'importe', 'bedrag');
  return {
    date: find('date', 'datum', 'fecha'),
    payee: find('payee', 'description', 'name', 'merchant', 'memo', 'beschreibung', 'libell', 'concepto', 'omschrijving'),
    ...(amount !== undefined ? { amount } : { inflow: find('inflow', 'credit', 'deposit'), outflow: find('outflow', 'debit', 'withdrawal') }),
  };
}

/**
 * The decimal separator the sample amounts suggest: ',' when every non-empty one reads only with a
 * decimal comma (`12,34`, `1.234,56`), else '.'. Only a suggestion: the mapping shows it to the
 * user, who confirms it.
 */
export function suggestDecimalSeparator(samples: readonly string[]): DecimalSeparator {
  const values = samples.map((s) => s.trim().replace(/[$€£\s\u00a0()]/g, '')).filter((s) => s !== '');
  return values.length > 0 && values.every((v) => DECIMAL_COMMA.test(v) && /,\d{1,2}$/.test(v)) ? ',' : '.';
}
