import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { applyImportEdgeRules } from '../../domain/import/edge-rules.js';
import { parseOfx } from '../../domain/import/ofx-parser.js';
import { LedgerViews } from '../../queries/transaction-view.js';
import { BankFileImporter, importAnswer, readBankFile } from '../bank-file-import.js';
import { ImportOfxCommand } from './import-ofx.command.js';

/**
 * Check the account tracks transactions, read the file and hold its rows to the API's edge rules
 * (a bad file changes nothing), import them exactly once; answer the result with what was adjusted.
 */
@CommandHandler(ImportOfxCommand)
export class ImportOfxHandler implements ICommandHandler<ImportOfxCommand> {
  constructor(
    @Inject(BankFileImporter) private readonly importer: BankFileImporter,
    @Inject(LedgerViews) private readonly views: LedgerViews,
  ) {}

  async execute({ userId, accountId, file }: ImportOfxCommand) {
    const caller = { userId };
    const account = await this.importer.accountForImport(caller, accountId);
    const parsed = readBankFile(() => parseOfx(file));
    const { rows, notes } = readBankFile(() => applyImportEdgeRules(parsed.rows));
    const result = await this.importer.importExactlyOnce(caller, account, { ...parsed, rows }, 'OFX');
    return importAnswer(this.views, userId, account.id, result, notes);
  }
}
