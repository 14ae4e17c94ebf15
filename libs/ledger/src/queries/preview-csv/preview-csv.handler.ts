import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { BankFileImporter, readBankFile } from '../../commands/bank-file-import.js';
import { readCsvRecords, suggestDecimalSeparator, suggestMapping } from '../../domain/import/csv-parser.js';
import { PreviewCsvQuery } from './preview-csv.query.js';

/** Rows the preview shows after the header. */
const PREVIEW_ROWS = 20;

/**
 * The first 20 rows after the header, the row count, the delimiter read (asked for or detected),
 * the columns the header suggests and the decimal separator the amounts suggest. The file is read
 * record by record; only the rows shown are kept.
 */
@QueryHandler(PreviewCsvQuery)
export class PreviewCsvHandler implements IQueryHandler<PreviewCsvQuery> {
  constructor(@Inject(BankFileImporter) private readonly importer: BankFileImporter) {}

  async execute({ userId, accountId, text, delimiter }: PreviewCsvQuery) {
    await this.importer.accountForImport({ userId }, accountId);
    const records: string[][] = [];
    let count = 0;
    const used = readBankFile(() =>
      readCsvRecords(text, delimiter, (record) => {
        count += 1;
        if (records.length <= PREVIEW_ROWS) records.push(record);
      }),
    );
    const header = records[0] ?? [];
    const rows = records.slice(1);
    const mapping = suggestMapping(header);
    const amountColumns = [mapping.amount, mapping.inflow, mapping.outflow].filter((c): c is number => c !== undefined);
    const decimalSeparator = suggestDecimalSeparator(rows.flatMap((row) => amountColumns.map((c) => row[c] ?? '')));
    return { data: { delimiter: used, decimalSeparator, header, rows, rowCount: Math.max(0, count - 1), mapping } };
  }
}
