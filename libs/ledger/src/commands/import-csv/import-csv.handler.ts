import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { parseCsv } from '../../domain/import/csv-parser.js';
import { applyImportEdgeRules } from '../../domain/import/edge-rules.js';
import { LedgerViews } from '../../queries/transaction-view.js';
import { BankFileImporter, importAnswer, readBankFile } from '../bank-file-import.js';
import { ImportCsvCommand } from './import-csv.command.js';

/**
 * Check the account tracks transactions, read the rows by the mapping and hold them to the API's
 * edge rules (a bad file changes nothing), import them exactly once; answer the result.
 */
@CommandHandler(ImportCsvCommand)
export class ImportCsvHandler implements ICommandHandler<ImportCsvCommand> {
  constructor(
    @Inject(BankFileImporter) private readonly importer: BankFileImporter,
    @Inject(LedgerViews) private readonly views: LedgerViews,
  ) {}

  async execute({ userId, accountId, body }: ImportCsvCommand) {
    const caller = { userId };
    const account = await this.importer.accountForImport(caller, accountId);
    const { rows, notes } = readBankFile(() => applyImportEdgeRules(parseCsv(body.text, body.mapping, account.id)));
    const result = await this.importer.importExactlyOnce(caller, account, { rows, ledgerBalance: null }, 'CSV');
    return importAnswer(this.views, userId, account.id, result, notes);
  }
}
