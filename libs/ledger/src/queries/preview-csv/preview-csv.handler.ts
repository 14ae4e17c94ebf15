import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { BankFileImporter, readBankFile } from '../../commands/bank-file-import.js';
import { readCsv, suggestMapping } from '../../domain/import/csv-parser.js';
import { PreviewCsvQuery } from './preview-csv.query.js';

/** The first 20 rows after the header, the row count and the columns the header suggests. */
@QueryHandler(PreviewCsvQuery)
export class PreviewCsvHandler implements IQueryHandler<PreviewCsvQuery> {
  constructor(@Inject(BankFileImporter) private readonly importer: BankFileImporter) {}

  async execute({ userId, accountId, text }: PreviewCsvQuery) {
    await this.importer.accountForImport({ userId }, accountId);
    const records = readBankFile(() => readCsv(text));
    const header = records[0] ?? [];
    return { data: { header, rows: records.slice(1, 21), rowCount: Math.max(0, records.length - 1), mapping: suggestMapping(header) } };
  }
}
