import type { Cents } from '@budget/money';
import type { EventWriter, WriteAppend } from '@budget/platform';
import { accountStream, type OnlineAccountFacts } from '../domain/account.events.js';
import { decideOpenAccount } from '../domain/open-account.decide.js';
import { decideSetStartingBalance } from '../domain/starting-balance.decide.js';
import { transactionStream } from '../domain/transaction.events.js';
import { foldTransaction } from '../domain/transaction.state.js';

/** An account to open, as the contracts read it (cents, rate in thousandths of a percent). */
export interface NewAccount {
  name?: string | undefined;
  balance?: Cents | null | undefined;
  type?: string | undefined;
  subtype?: string | undefined;
  tracking?: string | undefined;
  rate?: number | null | undefined;
  startDate?: string | undefined;
  /** A linked account's Plaid facts (libs/bank-sync opens these through `OpenOnlineInstitution`). */
  plaid?: OnlineAccountFacts | undefined;
}

export type AccountPlan = ReturnType<typeof planAccount>;

/** Decides the opening of one account (nothing is written yet), so every account is checked before any is stored. */
export function planAccount(writer: EventWriter, institutionId: string, account: NewAccount, fieldPrefix: string) {
  const accountId = writer.newId();
  const balance = account.balance ?? 0;
  const events = decideOpenAccount({
    name: account.name,
    type: account.type,
    subtype: account.subtype,
    tracking: account.tracking,
    startDate: account.startDate,
    balance,
    rate: account.rate ?? null,
    accountId,
    institutionId,
    balanceId: writer.newId(),
    fieldPrefix,
    plaid: account.plaid,
  });
  return { accountId, events, tracking: events[0].data.tracking, startDate: events[0].data.startDate, balance };
}

/**
 * What opening a planned account appends: the account, and for a Transactions-tracked one its
 * starting balance into `fundingPool` (rule 6), by the system. The caller appends them with the
 * rest of its write, all or nothing.
 */
export function openAccountAppends(writer: EventWriter, plan: AccountPlan, fundingPool: string): WriteAppend[] {
  const appends: WriteAppend[] = [{ stream: accountStream(plan.accountId), events: plan.events, expectedRevision: 'no_stream' }];
  if (plan.tracking === 'Transactions') {
    const transactionId = writer.newId();
    const events = decideSetStartingBalance(
      { transactionId, accountId: plan.accountId, fundingPoolCategoryId: fundingPool, startDate: plan.startDate, amount: plan.balance },
      foldTransaction([]),
    );
    appends.push({ stream: transactionStream(transactionId), events, expectedRevision: 'no_stream', actor: 'system' });
  }
  return appends;
}
