import type { importCsv, previewCsv, RouteRequest, RouteResponse } from '@budget/contracts';

export const DATE_FORMATS = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
/** The delimiter choices: detect, or say which (semicolons are common outside the US). */
export const DELIMITERS = [
  { value: 'auto', label: 'Detect automatically' },
  { value: ',', label: 'Comma ( , )' },
  { value: ';', label: 'Semicolon ( ; )' },
  { value: '\t', label: 'Tab' },
] as const;
export type DelimiterChoice = (typeof DELIMITERS)[number]['value'];
export const DECIMAL_SEPARATORS = [
  { value: '', label: 'Choose…' },
  { value: '.', label: 'Point: 1,234.56' },
  { value: ',', label: 'Comma: 1.234,56' },
] as const;

/** What POST /account/{id}/csv/preview answers (`previewCsv`): header, first rows, a suggested mapping. */
export type CsvPreview = RouteResponse<typeof previewCsv>['data'];
type CsvMappingBody = NonNullable<RouteRequest<typeof importCsv>['body']>['mapping'];

/** Column choices as the selects hold them: a column index as text, '' for none. */
export interface CsvMapping {
  date: string;
  payee: string;
  amountMode: 'single' | 'split';
  amount: string;
  inflow: string;
  outflow: string;
  dateFormat: DateFormat;
  hasHeader: boolean;
  /** How the file separates fields; 'auto' lets the server detect it. */
  delimiter: DelimiterChoice;
  /** How amounts write decimals; '' until the user chose, when the file is one where either is likely. */
  decimalSeparator: '' | '.' | ',';
}

const text = (index: number | null | undefined) => (index == null ? '' : String(index));

/** The date format the sample dates are written in: ISO, or day first when a first part passes 12. */
export function guessDateFormat(samples: readonly string[]): DateFormat {
  const dates = samples.map((s) => s.trim()).filter((s) => s !== '');
  if (dates.some((d) => /^\d{4}-\d{1,2}-\d{1,2}/.test(d))) return 'YYYY-MM-DD';
  return dates.some((d) => Number(/^(\d{1,2})[/.-]/.exec(d)?.[1] ?? 0) > 12) ? 'DD/MM/YYYY' : 'MM/DD/YYYY';
}

const DATE_LIKE = /^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}$/;

/** The first column whose every sample value looks like a date, for headers the server did not recognise. */
export function dateLikeColumn(rows: readonly (readonly string[])[]): number | null {
  const width = Math.max(0, ...rows.map((row) => row.length));
  for (let i = 0; i < width; i++) {
    const values = rows.map((row) => row[i]?.trim() ?? '');
    if (values.length > 0 && values.every((value) => DATE_LIKE.test(value))) return i;
  }
  return null;
}

/**
 * The server's suggested mapping, preselected, with the date format guessed from the rows. A
 * semicolon file leaves the decimal separator to the user (both are common there and a wrong
 * guess would misread every amount); otherwise the separator the amounts suggest is preselected.
 */
export function initialMapping(preview: CsvPreview, delimiter: DelimiterChoice = 'auto'): CsvMapping {
  const { mapping } = preview;
  const dateColumn = mapping.date ?? dateLikeColumn(preview.rows);
  return {
    date: text(dateColumn),
    payee: text(mapping.payee),
    amountMode: mapping.amount == null && (mapping.inflow != null || mapping.outflow != null) ? 'split' : 'single',
    amount: text(mapping.amount),
    inflow: text(mapping.inflow),
    outflow: text(mapping.outflow),
    dateFormat: guessDateFormat(dateColumn === null ? [] : preview.rows.map((row) => row[dateColumn] ?? '')),
    hasHeader: true,
    delimiter,
    decimalSeparator: preview.delimiter === ';' ? '' : preview.decimalSeparator,
  };
}

/** A hint beside the decimal-separator choice of a semicolon file: what the amounts look like. */
export const decimalHint = (preview: CsvPreview): string | null =>
  preview.delimiter !== ';' ? null : preview.decimalSeparator === ',' ? 'The amounts look like 1.234,56 (decimal comma).' : 'The amounts look like 1,234.56 (decimal point).';

/** What is still to choose before importing, or null when the mapping is complete. */
export function mappingProblem(mapping: CsvMapping): string | null {
  if (mapping.date === '') return 'Choose the date column.';
  if (mapping.payee === '') return 'Choose the payee column.';
  if (mapping.amountMode === 'single' && mapping.amount === '') return 'Choose the amount column.';
  if (mapping.amountMode === 'split' && mapping.inflow === '' && mapping.outflow === '') return 'Choose the inflow or outflow column.';
  if (mapping.decimalSeparator === '') return 'Choose how the amounts write decimals.';
  return null;
}

const index = (value: string) => (value === '' ? undefined : Number(value));

/** The mapping as POST /account/{id}/csv takes it (sent once `mappingProblem` is null; -1 would be refused). */
export function mappingBody(mapping: CsvMapping): CsvMappingBody {
  const single = mapping.amountMode === 'single';
  return {
    date: index(mapping.date) ?? -1,
    payee: index(mapping.payee) ?? -1,
    ...(single ? { amount: index(mapping.amount) } : { inflow: index(mapping.inflow), outflow: index(mapping.outflow) }),
    dateFormat: mapping.dateFormat,
    hasHeader: mapping.hasHeader,
    delimiter: mapping.delimiter,
    decimalSeparator: mapping.decimalSeparator === '' ? '.' : mapping.decimalSeparator,
  };
}

/** The column names: the header row's, or "Column N" when the file has no header. */
export function columnNames(preview: CsvPreview, hasHeader: boolean): string[] {
  const width = Math.max(preview.header.length, ...preview.rows.map((row) => row.length));
  return Array.from({ length: width }, (_, i) => (hasHeader && preview.header[i]?.trim() ? preview.header[i]!.trim() : `Column ${i + 1}`));
}

/** The rows shown: without a header, the first line is a row too. */
export const previewRows = (preview: CsvPreview, hasHeader: boolean) => (hasHeader ? preview.rows : [preview.header, ...preview.rows]);
