import { Inject, Injectable } from '@nestjs/common';
import type { Cents } from '@budget/money';
import { EventWriter, type Caller } from '@budget/platform';
import { accountStream, institutionStream, type AccountEvent, type InstitutionEvent } from '../domain/account.events.js';
import { foldAccount } from '../domain/account.state.js';
import { decideChangeAccount, decideDeleteAccount, type ChangeAccount } from '../domain/change-account.decide.js';
import { RuleViolation } from '../domain/domain-error.js';
import { decideOpenAccount } from '../domain/open-account.decide.js';
import { decideSetStartingBalance } from '../domain/starting-balance.decide.js';
import { transactionStream, type TransactionEvent } from '../domain/transaction.events.js';
import { foldTransaction } from '../domain/transaction.state.js';
import { LedgerLookups } from '../queries/ledger-lookups.js';

export interface NewAccount {
  name?: string;
  balance: Cents;
  type?: string;
  subtype?: string;
  tracking?: string;
  rate: number | null;
  startDate?: string;
}

/** Offline institutions and accounts (server-behaviour §4.2, rules 6 and 7, weak points 11 and 12 fixed). */
@Injectable()
export class AccountsService {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
  ) {}

  async addInstitution(caller: Caller, name: string | undefined, accounts: NewAccount[]): Promise<{ institutionId: string; accountIds: string[] }> {
    const trimmed = name?.trim() ?? '';
    if (trimmed === '') throw new RuleViolation('institution.name', 'Institution name is required', 'required');
    const institutionId = this.writer.newId();
    const planned = accounts.map((account, index) => this.plan(institutionId, account, `accounts.${index}.`));
    const added: InstitutionEvent = { type: 'InstitutionAdded', data: { institutionId, name: trimmed, plaidInstitutionId: null } };
    const positions = [await this.writer.append(institutionStream(institutionId), [added], 'no_stream', caller)];
    for (const plan of planned) positions.push(...(await this.open(caller, plan)));
    await this.writer.settle(...positions);
    return { institutionId, accountIds: planned.map((p) => p.accountId) };
  }

  async addAccount(caller: Caller, institutionId: string, account: NewAccount): Promise<string> {
    await this.lookups.institution(caller.userId, institutionId);
    const plan = this.plan(institutionId, account, '');
    await this.writer.settle(...(await this.open(caller, plan)));
    return plan.accountId;
  }

  async renameInstitution(caller: Caller, institutionId: string, name: string): Promise<void> {
    const institution = await this.lookups.institution(caller.userId, institutionId);
    const trimmed = name.trim();
    if (trimmed === '') throw new RuleViolation('name', 'Institution name is required', 'required');
    if (trimmed === institution.name) return;
    const loaded = await this.writer.load<InstitutionEvent>(institutionStream(institution.id), caller, 'Institution');
    const event: InstitutionEvent = { type: 'InstitutionRenamed', data: { institutionId: institution.id, name: trimmed, previousName: institution.name } };
    await this.writer.settle(await this.writer.append(institutionStream(institution.id), [event], loaded.revision, caller));
  }

  async deleteInstitution(caller: Caller, institutionId: string): Promise<void> {
    const institution = await this.lookups.institution(caller.userId, institutionId);
    const loaded = await this.writer.load<InstitutionEvent>(institutionStream(institution.id), caller, 'Institution');
    const event: InstitutionEvent = { type: 'InstitutionDeleted', data: { institutionId: institution.id } };
    await this.writer.settle(await this.writer.append(institutionStream(institution.id), [event], loaded.revision, caller));
  }

  async changeAccount(caller: Caller, accountId: string, change: ChangeAccount): Promise<void> {
    const account = await this.lookups.account(caller.userId, accountId);
    const loaded = await this.writer.load<AccountEvent>(accountStream(account.id), caller, 'Account');
    const events = decideChangeAccount(change, foldAccount(loaded.events));
    const moved = events.find((e) => e.type === 'AccountStartDateChanged');
    const position = await this.writer.append(accountStream(account.id), events, loaded.revision, caller);
    await this.writer.settle(position);
    if (moved && account.tracking === 'Transactions' && account.startingTransactionId) {
      // Rule 7: the starting balance follows the start date; the balance itself stays.
      const startDate = change.startDate!;
      const amount = account.balance - (await this.lookups.postedSince(account.id, startDate));
      const { fundingPool } = await this.lookups.systemCategories(caller.userId);
      const stream = transactionStream(account.startingTransactionId);
      const starting = await this.writer.load<TransactionEvent>(stream, caller, 'Transaction');
      const decided = decideSetStartingBalance(
        { transactionId: account.startingTransactionId, accountId: account.id, fundingPoolCategoryId: fundingPool, startDate, amount },
        foldTransaction(starting.events),
      );
      await this.writer.settle(await this.writer.append(stream, decided, starting.revision, { ...caller, actor: 'system' }));
    }
  }

  async deleteAccount(caller: Caller, institutionId: string, accountId: string): Promise<void> {
    const account = await this.lookups.account(caller.userId, accountId);
    if (account.institutionId !== institutionId) throw new RuleViolation('accountId', 'The account does not belong to this institution.', 'mismatch');
    const loaded = await this.writer.load<AccountEvent>(accountStream(account.id), caller, 'Account');
    const events = decideDeleteAccount(foldAccount(loaded.events));
    await this.writer.settle(await this.writer.append(accountStream(account.id), events, loaded.revision, caller));
  }

  private plan(institutionId: string, account: NewAccount, fieldPrefix: string) {
    const accountId = this.writer.newId();
    const events = decideOpenAccount({ ...account, accountId, institutionId, balanceId: this.writer.newId(), fieldPrefix });
    return { accountId, events, tracking: events[0]!.data.tracking, startDate: events[0]!.data.startDate, balance: account.balance };
  }

  /** Appends the account, and for a Transactions-tracked one its starting balance (rule 6). */
  private async open(caller: Caller, plan: ReturnType<AccountsService['plan']>): Promise<(bigint | null)[]> {
    const positions = [await this.writer.append(accountStream(plan.accountId), plan.events, 'no_stream', caller)];
    if (plan.tracking === 'Transactions') {
      const { fundingPool } = await this.lookups.systemCategories(caller.userId);
      const transactionId = this.writer.newId();
      const events = decideSetStartingBalance(
        { transactionId, accountId: plan.accountId, fundingPoolCategoryId: fundingPool, startDate: plan.startDate, amount: plan.balance },
        foldTransaction([]),
      );
      positions.push(await this.writer.append(transactionStream(transactionId), events, 'no_stream', { ...caller, actor: 'system' }));
    }
    return positions;
  }
}
