import type { importCsv, previewCsv, RouteRequest, RouteResponse } from '@budget/contracts';

export const DATE_FORMATS = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

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

/** The server's suggested mapping, preselected, with the date format guessed from the rows. */
export function initialMapping(preview: CsvPreview): CsvMapping {
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
  };
}

/** What is still to choose before importing, or null when the mapping is complete. */
export function mappingProblem(mapping: CsvMapping): string | null {
  if (mapping.date === '') return 'Choose the date column.';
  if (mapping.payee === '') return 'Choose the payee column.';
  if (mapping.amountMode === 'single' && mapping.amount === '') return 'Choose the amount column.';
  if (mapping.amountMode === 'split' && mapping.inflow === '' && mapping.outflow === '') return 'Choose the inflow or outflow column.';
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
  };
}

/** The column names: the header row's, or "Column N" when the file has no header. */
export function columnNames(preview: CsvPreview, hasHeader: boolean): string[] {
  const width = Math.max(preview.header.length, ...preview.rows.map((row) => row.length));
  return Array.from({ length: width }, (_, i) => (hasHeader && preview.header[i]?.trim() ? preview.header[i]!.trim() : `Column ${i + 1}`));
}

/** The rows shown: without a header, the first line is a row too. */
export const previewRows = (preview: CsvPreview, hasHeader: boolean) => (hasHeader ? preview.rows : [preview.header, ...preview.rows]);
