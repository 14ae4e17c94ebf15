import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, UseFilters } from '@nestjs/common';
import { CurrentUserId } from '@budget/identity';
import { AccountsService, type NewAccount } from '../commands/accounts.service.js';
import { RuleViolation } from '../domain/domain-error.js';
import { AccountsQuery } from '../queries/accounts.query.js';
import { LedgerLookups } from '../queries/ledger-lookups.js';
import { LedgerViews } from '../queries/transaction-view.js';
import { amountField, optionalString, rateField } from './amounts.js';
import { LedgerErrorFilter } from './ledger-error.filter.js';
import { asObject } from './request-parsing.js';

function newAccount(raw: unknown, field: string, startDate: unknown): NewAccount {
  const a = asObject(raw);
  return {
    name: optionalString(a.name, `${field}name`),
    balance: a.balance === undefined || a.balance === null || a.balance === '' ? 0 : amountField(a.balance, `${field}balance`),
    type: optionalString(a.type, `${field}type`),
    subtype: optionalString(a.subtype, `${field}subtype`),
    tracking: optionalString(a.tracking, `${field}tracking`),
    rate: rateField(a.rate, `${field}rate`),
    startDate: optionalString(a.startDate ?? startDate, 'startDate'),
  };
}

/** Offline institutions and their accounts (product-spec §7 "Institutions and accounts"). */
@Controller()
@UseFilters(LedgerErrorFilter)
export class InstitutionsController {
  constructor(
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(AccountsQuery) private readonly query: AccountsQuery,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(LedgerViews) private readonly views: LedgerViews,
  ) {}

  @Get('connected-accounts')
  async connected(@CurrentUserId() userId: string) {
    return { data: await this.query.connectedAccounts(userId) };
  }

  @Post('institution')
  async add(@CurrentUserId() userId: string, @Body() body: unknown) {
    const b = asObject(body);
    if (typeof b.publicToken === 'string' && b.publicToken !== '') {
      throw new RuleViolation('publicToken', 'Online institutions need bank linking, which this server does not offer.', 'unsupported');
    }
    const institution = asObject(b.institution);
    const rawAccounts = Array.isArray(b.accounts) ? b.accounts : [];
    const accounts = rawAccounts.map((a, i) => newAccount(a, `accounts.${i}.`, b.startDate));
    const { institutionId } = await this.accounts.addInstitution({ userId }, optionalString(institution.name, 'institution.name'), accounts);
    const { fundingPool } = await this.lookups.systemCategories(userId);
    return { data: { ...(await this.query.institution(userId, institutionId)), categories: await this.views.categoryBalances(userId, [fundingPool]) } };
  }

  @Patch('institution/:id')
  async rename(@CurrentUserId() userId: string, @Param('id') id: string, @Body() body: unknown) {
    const name = optionalString(asObject(body).name, 'name') ?? '';
    await this.accounts.renameInstitution({ userId }, id, name);
    return { name: name.trim() };
  }

  @Delete('institution/:id')
  async remove(@CurrentUserId() userId: string, @Param('id') id: string) {
    const touched = await this.lookups.categoriesOfInstitution(userId, id);
    await this.accounts.deleteInstitution({ userId }, id);
    return this.views.categoryBalances(userId, touched);
  }

  @Post('institution/:id/accounts')
  async addAccount(@CurrentUserId() userId: string, @Param('id') id: string, @Body() body: unknown) {
    const b = asObject(body);
    if (Array.isArray(b.plaidAccounts)) throw new RuleViolation('plaidAccounts', 'Online accounts need bank linking, which this server does not offer.', 'unsupported');
    const accountId = await this.accounts.addAccount({ userId }, id, newAccount(b, '', b.startDate));
    const { fundingPool, unassigned } = await this.lookups.systemCategories(userId);
    return { data: { account: await this.query.account(userId, accountId), categories: await this.views.categoryBalances(userId, [fundingPool, unassigned]) } };
  }

  @Delete('institution/:id/accounts/:accountId')
  async removeAccount(@CurrentUserId() userId: string, @Param('id') id: string, @Param('accountId') accountId: string) {
    const touched = await this.lookups.categoriesOfAccount(userId, accountId);
    await this.accounts.deleteAccount({ userId }, id, accountId);
    return this.views.categoryBalances(userId, touched);
  }

  @Patch('account/:id')
  @HttpCode(200)
  async change(@CurrentUserId() userId: string, @Param('id') id: string, @Body() body: unknown) {
    const b = asObject(body);
    if (b.closed !== undefined && typeof b.closed !== 'boolean') throw new RuleViolation('closed', 'closed must be true or false.', 'boolean');
    if (b.tracking !== undefined) throw new RuleViolation('tracking', 'The tracking of an account is chosen when it is opened and cannot be changed.', 'readonly');
    await this.accounts.changeAccount({ userId }, id, {
      name: optionalString(b.name, 'name'),
      closed: b.closed as boolean | undefined,
      startDate: optionalString(b.startDate, 'startDate'),
    });
    const { fundingPool } = await this.lookups.systemCategories(userId);
    return { data: { account: await this.query.account(userId, id), categories: await this.views.categoryBalances(userId, [fundingPool]) } };
  }
}
