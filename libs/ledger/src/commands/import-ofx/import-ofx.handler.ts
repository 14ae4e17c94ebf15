import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { parseOfx } from '../../domain/import/ofx-parser.js';
import { LedgerViews } from '../../queries/transaction-view.js';
import { BankFileImporter, importAnswer, readBankFile } from '../bank-file-import.js';
import { ImportOfxCommand } from './import-ofx.command.js';

/** Check the account tracks transactions, read the file (a bad one changes nothing), import its rows; answer the result. */
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
    return importAnswer(this.views, userId, account.id, await this.importer.import(caller, account, parsed, 'OFX'));
  }
}
