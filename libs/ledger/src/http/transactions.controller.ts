import { Body, Controller, Delete, Get, Inject, Param, Patch, Post, Query, UseFilters } from '@nestjs/common';
import { CurrentUserId } from '@budget/platform';
import { TransactionsService } from '../commands/transactions.service.js';
import { RuleViolation } from '../domain/domain-error.js';
import { HistoryQuery } from '../queries/history.query.js';
import { RegistersQuery } from '../queries/registers.query.js';
import { StatementsQuery } from '../queries/statements.query.js';
import { LedgerViews } from '../queries/transaction-view.js';
import { amountField, nullableAmount, optionalAmount, optionalString, stringField } from './amounts.js';
import { LedgerErrorFilter } from './ledger-error.filter.js';
import { asObject, pageQuery, searchQuery, splitsField } from './request-parsing.js';

/** Registers and account transactions (product-spec §7 "Transactions, statements, balances"). */
@Controller()
@UseFilters(LedgerErrorFilter)
export class TransactionsController {
  constructor(
    @Inject(TransactionsService) private readonly transactions: TransactionsService,
    @Inject(RegistersQuery) private readonly registers: RegistersQuery,
    @Inject(LedgerViews) private readonly views: LedgerViews,
    @Inject(StatementsQuery) private readonly statements: StatementsQuery,
    @Inject(HistoryQuery) private readonly history: HistoryQuery,
  ) {}

  @Get('account/:id/transactions')
  async accountRegister(@CurrentUserId() userId: string, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    const page = { ...pageQuery(query), search: searchQuery(query) };
    return { data: await this.registers.accountRegister(userId, id, query.pending === '1', page) };
  }

  @Get('category/:id/transactions')
  async categoryRegister(@CurrentUserId() userId: string, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    const page = { ...pageQuery(query), search: searchQuery(query) };
    return { data: await this.registers.categoryRegister(userId, id, query.pending === '1', page) };
  }

  @Post('account/:id/transactions')
  async add(@CurrentUserId() userId: string, @Param('id') id: string, @Body() body: unknown) {
    const b = asObject(body);
    const result = await this.transactions.recordManual({ userId }, id, {
      date: stringField(b.date, 'date', 'A valid date must be provided.'),
      name: stringField(b.name, 'name', 'A name must be provided.'),
      amount: amountField(b.amount, 'amount'),
      principle: nullableAmount(b.principle, 'principle') ?? null,
      comment: optionalString(b.comment, 'comment') ?? null,
      splits: splitsField(b.categories) ?? [],
    });
    return {
      categories: await this.views.categoryBalances(userId, result.categories),
      transaction: await this.views.transaction(userId, result.transactionId),
      acctBalances: await this.views.accountBalances(userId, [result.accountId]),
    };
  }

  @Get('transaction/:id')
  async one(@CurrentUserId() userId: string, @Param('id') id: string) {
    return this.views.transaction(userId, id);
  }

  @Patch('transaction/:id')
  async edit(@CurrentUserId() userId: string, @Param('id') id: string, @Body() body: unknown) {
    const b = asObject(body);
    if (typeof b.version !== 'number' || !Number.isInteger(b.version)) throw new RuleViolation('version', 'The version is required.', 'required');
    if (b.statementId !== undefined && b.statementId !== null && typeof b.statementId !== 'string') {
      throw new RuleViolation('statementId', 'The statement id must be text or null.', 'string');
    }
    const result = await this.transactions.edit({ userId }, id, {
      version: b.version,
      date: optionalString(b.date, 'date'),
      name: optionalString(b.name, 'name'),
      amount: optionalAmount(b.amount, 'amount'),
      principle: nullableAmount(b.principle, 'principle'),
      comment: b.comment === null ? null : optionalString(b.comment, 'comment'),
      splits: splitsField(b.categories),
      statementId: b.statementId as string | null | undefined,
    });
    return {
      data: {
        transaction: await this.views.transaction(userId, id),
        categories: await this.views.categoryBalances(userId, result.categories, true),
        acctBalances: await this.views.accountBalances(userId, result.accountId ? [result.accountId] : []),
        ...(result.statementId && { statement: await this.statements.one(userId, result.statementId) }),
      },
    };
  }

  @Delete('transaction/:id')
  async remove(@CurrentUserId() userId: string, @Param('id') id: string) {
    const result = await this.transactions.delete({ userId }, id);
    return {
      data: {
        categories: await this.views.categoryBalances(userId, result.categories),
        acctBalances: result.posted && result.accountId ? await this.views.accountBalances(userId, [result.accountId]) : [],
      },
    };
  }

  @Get('transaction-logs')
  async logs(@CurrentUserId() userId: string, @Query() query: Record<string, unknown>) {
    const { offset, limit } = pageQuery(query);
    return this.history.transactionLogs(userId, offset, limit ?? 1000);
  }
}
