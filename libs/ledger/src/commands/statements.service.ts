import { Inject, Injectable } from '@nestjs/common';
import { EventWriter, type Caller } from '@budget/platform';
import type { Cents } from '@budget/money';
import { accountStream, type AccountEvent } from '../domain/account.events.js';
import { foldAccount } from '../domain/account.state.js';
import { balanceFromHistory, decideChangeBalance, decideRecordBalance, decideRemoveBalance } from '../domain/balance-history.decide.js';
import { RuleViolation } from '../domain/domain-error.js';
import { decideChangeStatement, decideCreateStatement, type StatementFields } from '../domain/statement.decide.js';
import { LedgerLookups } from '../queries/ledger-lookups.js';

/** Statements and balance history: both live on the account's stream. */
@Injectable()
export class StatementsService {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
  ) {}

  private async loadAccount(caller: Caller, accountId: string) {
    const account = await this.lookups.account(caller.userId, accountId);
    const loaded = await this.writer.load<AccountEvent>(accountStream(account.id), caller, 'Account');
    return { account, loaded, state: foldAccount(loaded.events) };
  }

  async createStatement(caller: Caller, accountId: string, fields: Required<StatementFields>): Promise<string> {
    const { account, loaded, state } = await this.loadAccount(caller, accountId);
    const statementId = this.writer.newId();
    const events = decideCreateStatement(statementId, fields, state, await this.lookups.reconcilableRows(account.id));
    await this.writer.settle(await this.writer.append(accountStream(account.id), events, loaded.revision, caller));
    return statementId;
  }

  async changeStatement(caller: Caller, statementId: string, fields: StatementFields & { reconcile?: 'All' | 'None' }): Promise<void> {
    const accountId = await this.lookups.statementAccount(caller.userId, statementId);
    const { loaded, state } = await this.loadAccount(caller, accountId);
    const events = decideChangeStatement(statementId, fields, state, await this.lookups.reconcilableRows(accountId));
    await this.writer.settle(await this.writer.append(accountStream(accountId), events, loaded.revision, caller));
  }

  async recordBalance(caller: Caller, accountId: string, date: string, balance: Cents): Promise<{ balanceId: string; accountBalance: Cents }> {
    const { account, loaded, state } = await this.loadAccount(caller, accountId);
    if (account.tracking !== 'Balances') throw new RuleViolation('accountId', 'Balances are recorded only for accounts that track balances.', 'tracking');
    const balanceId = this.writer.newId();
    const events = decideRecordBalance(balanceId, date, balance, state);
    await this.writer.settle(await this.writer.append(accountStream(account.id), events, loaded.revision, caller));
    return { balanceId, accountBalance: balanceFromHistory(foldAccount([...loaded.events, ...events])) };
  }

  async changeBalance(caller: Caller, accountId: string, balanceId: string, date: string, balance: Cents): Promise<void> {
    const owner = await this.lookups.balanceAccount(caller.userId, balanceId);
    if (owner !== accountId) throw new RuleViolation('balanceId', 'The balance belongs to another account.', 'mismatch');
    const { loaded, state } = await this.loadAccount(caller, accountId);
    const events = decideChangeBalance(balanceId, date, balance, state);
    await this.writer.settle(await this.writer.append(accountStream(accountId), events, loaded.revision, caller));
  }

  async removeBalance(caller: Caller, balanceId: string): Promise<void> {
    const accountId = await this.lookups.balanceAccount(caller.userId, balanceId);
    const { loaded, state } = await this.loadAccount(caller, accountId);
    const events = decideRemoveBalance(balanceId, state);
    await this.writer.settle(await this.writer.append(accountStream(accountId), events, loaded.revision, caller));
  }
}
