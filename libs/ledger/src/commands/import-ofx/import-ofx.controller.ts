import { Body, Controller, Inject, Param, Post, UseFilters } from '@nestjs/common';
import { CurrentUserId } from '@budget/platform';
import { dollarsFromCents } from '@budget/money';
import { ImportService, type ImportResult } from '../commands/import.service.js';
import { RuleViolation } from '../domain/domain-error.js';
import { parseCsv, readCsv, suggestMapping, type CsvMapping, type DateFormat } from '../domain/import/csv-parser.js';
import { ImportFileError } from '../domain/import/imported-row.js';
import { parseOfx } from '../domain/import/ofx-parser.js';
import { LedgerViews } from '../queries/transaction-view.js';
import { LedgerErrorFilter } from './ledger-error.filter.js';
import { asObject } from './request-parsing.js';

const MAX_FILE = 5 * 1024 * 1024;

function fileText(body: unknown, field: string): string {
  const text = typeof body === 'string' ? body : asObject(body)[field];
  if (typeof text !== 'string' || text.trim() === '') throw new RuleViolation(field, 'missing file data', 'required');
  if (text.length > MAX_FILE) throw new RuleViolation(field, 'The file is larger than 5 MB.', 'size');
  return text;
}

function parsing<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ImportFileError) throw new RuleViolation('file', error.message, 'format');
    throw error;
  }
}

function column(value: unknown, field: string, required: boolean): number | undefined {
  if (value === undefined || value === null || value === '') {
    if (required) throw new RuleViolation(`mapping.${field}`, `Choose the ${field} column.`, 'required');
    return undefined;
  }
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new RuleViolation(`mapping.${field}`, `The ${field} column is not valid.`, 'number');
  return n;
}

const DATE_FORMATS: DateFormat[] = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY'];

function mappingOf(raw: unknown): CsvMapping {
  const m = asObject(raw);
  const dateFormat = (m.dateFormat ?? 'MM/DD/YYYY') as DateFormat;
  if (!DATE_FORMATS.includes(dateFormat)) throw new RuleViolation('mapping.dateFormat', 'The date format is not one we read.', 'enum');
  const amount = column(m.amount, 'amount', false);
  const inflow = column(m.inflow, 'inflow', false);
  const outflow = column(m.outflow, 'outflow', false);
  if (amount === undefined && inflow === undefined && outflow === undefined) {
    throw new RuleViolation('mapping.amount', 'Choose an amount column, or inflow and outflow columns.', 'required');
  }
  return { date: column(m.date, 'date', true)!, payee: column(m.payee, 'payee', true)!, amount, inflow, outflow, dateFormat, hasHeader: m.hasHeader !== false };
}

/** OFX/QFX and CSV import, and the account catalogue the dialogs use. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ImportController {
  constructor(
    @Inject(ImportService) private readonly imports: ImportService,
    @Inject(LedgerViews) private readonly views: LedgerViews,
  ) {}

  private async answer(userId: string, accountId: string, result: ImportResult) {
    const balanceMatches = result.fileLedgerBalance === null ? null : result.fileLedgerBalance === result.balance;
    return {
      data: {
        added: result.added,
        updated: result.updated,
        unchanged: result.unchanged,
        balance: dollarsFromCents(result.balance),
        fileBalance: result.fileLedgerBalance === null ? null : dollarsFromCents(result.fileLedgerBalance),
        balanceMatches,
        categories: await this.views.categoryBalances(userId, result.categories),
        acctBalances: await this.views.accountBalances(userId, [accountId]),
      },
    };
  }

  @Post('account/:id/ofx')
  async ofx(@CurrentUserId() userId: string, @Param('id') id: string, @Body() body: unknown) {
    const account = await this.imports.accountForImport({ userId }, id);
    const file = parsing(() => parseOfx(fileText(body, 'ofx')));
    return this.answer(userId, account.id, await this.imports.import({ userId }, account, file, 'OFX'));
  }

  @Post('account/:id/csv/preview')
  async csvPreview(@CurrentUserId() userId: string, @Param('id') id: string, @Body() body: unknown) {
    await this.imports.accountForImport({ userId }, id);
    const records = parsing(() => readCsv(fileText(body, 'text')));
    return { data: { header: records[0] ?? [], rows: records.slice(1, 21), rowCount: Math.max(0, records.length - 1), mapping: suggestMapping(records[0] ?? []) } };
  }

  @Post('account/:id/csv')
  async csv(@CurrentUserId() userId: string, @Param('id') id: string, @Body() body: unknown) {
    const account = await this.imports.accountForImport({ userId }, id);
    const b = asObject(body);
    const mapping = mappingOf(b.mapping);
    const rows = parsing(() => parseCsv(fileText(b, 'text'), mapping, account.id));
    return this.answer(userId, account.id, await this.imports.import({ userId }, account, { rows, ledgerBalance: null }, 'CSV'));
  }
}
