import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, UseFilters } from '@nestjs/common';
import { CurrentUserId } from '@budget/platform';
import { dollarsFromCents } from '@budget/money';
import { StatementsService } from '../commands/statements.service.js';
import { RuleViolation } from '../domain/domain-error.js';
import { HistoryQuery } from '../queries/history.query.js';
import { StatementsQuery } from '../queries/statements.query.js';
import { amountField, optionalAmount, optionalString, stringField } from './amounts.js';
import { LedgerErrorFilter } from './ledger-error.filter.js';
import { asObject } from './request-parsing.js';

/** Statements with reconciliation, and balance history (server-behaviour §4.3.1, §4.3.2). */
@Controller()
@UseFilters(LedgerErrorFilter)
export class StatementsController {
  constructor(
    @Inject(StatementsService) private readonly service: StatementsService,
    @Inject(StatementsQuery) private readonly statements: StatementsQuery,
    @Inject(HistoryQuery) private readonly history: HistoryQuery,
  ) {}

  @Get('account/:id/statements')
  list(@CurrentUserId() userId: string, @Param('id') id: string) {
    return this.statements.list(userId, id);
  }

  @Post('account/:id/statements')
  async create(@CurrentUserId() userId: string, @Param('id') id: string, @Body() body: unknown) {
    const b = asObject(body);
    const statementId = await this.service.createStatement({ userId }, id, {
      startDate: stringField(b.startDate, 'startDate', 'The start date is not a valid date.'),
      endDate: stringField(b.endDate, 'endDate', 'The end date is not a valid date.'),
      startingBalance: amountField(b.startingBalance, 'startingBalance'),
      endingBalance: amountField(b.endingBalance, 'endingBalance'),
    });
    return { ...(await this.statements.one(userId, statementId)), transactions: await this.statements.attachedIds(statementId) };
  }

  @Patch('statements/:id')
  async change(@CurrentUserId() userId: string, @Param('id') id: string, @Body() body: unknown) {
    const b = asObject(body);
    if (b.reconcile !== undefined && b.reconcile !== 'All' && b.reconcile !== 'None') {
      throw new RuleViolation('reconcile', 'reconcile must be All or None.', 'enum');
    }
    await this.service.changeStatement({ userId }, id, {
      startDate: optionalString(b.startDate, 'startDate'),
      endDate: optionalString(b.endDate, 'endDate'),
      startingBalance: optionalAmount(b.startingBalance, 'startingBalance'),
      endingBalance: optionalAmount(b.endingBalance, 'endingBalance'),
      reconcile: b.reconcile as 'All' | 'None' | undefined,
    });
    return this.statements.one(userId, id);
  }

  @Get('account/:id/balances')
  balances(@CurrentUserId() userId: string, @Param('id') id: string) {
    return this.history.balances(userId, id);
  }

  @Post('account/:id/balances')
  async addBalance(@CurrentUserId() userId: string, @Param('id') id: string, @Body() body: unknown) {
    const b = asObject(body);
    const date = stringField(b.date, 'date', 'A valid date must be provided.');
    const balance = amountField(b.balance ?? b.amount, 'balance');
    const { balanceId, accountBalance } = await this.service.recordBalance({ userId }, id, date, balance);
    return { data: { id: balanceId, date, balance: dollarsFromCents(balance), accountBalance: dollarsFromCents(accountBalance) } };
  }

  @Patch('account/:id/balances/:balanceId')
  async changeBalance(@CurrentUserId() userId: string, @Param('id') id: string, @Param('balanceId') balanceId: string, @Body() body: unknown) {
    const b = asObject(body);
    const date = stringField(b.date, 'date', 'A valid date must be provided.');
    const balance = amountField(b.balance ?? b.amount, 'balance');
    await this.service.changeBalance({ userId }, id, balanceId, date, balance);
    return { data: { id: balanceId, accountId: id, balance: dollarsFromCents(balance), date } };
  }

  @Delete('balance/:id')
  @HttpCode(204)
  async removeBalance(@CurrentUserId() userId: string, @Param('id') id: string): Promise<void> {
    await this.service.removeBalance({ userId }, id);
  }

  @Delete('account/:accountId/balances/:id')
  @HttpCode(204)
  async removeAccountBalance(@CurrentUserId() userId: string, @Param('id') id: string): Promise<void> {
    await this.service.removeBalance({ userId }, id);
  }
}
