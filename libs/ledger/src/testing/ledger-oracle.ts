import type { StoredEvent } from '@budget/platform';
import type { AccountEvent } from '../domain/account.events.js';
import type { TransactionEvent } from '../domain/transaction.events.js';
import { evolveTransaction, initialTransactionState, type TransactionState } from '../domain/transaction.state.js';

interface OracleAccount {
  institutionId: string;
  type: string;
  tracking: string;
  startDate: string;
  opening: number;
  history: Map<string, { date: string; balance: number }>;
}

export interface Expected {
  categories: Map<string, number>;
  accounts: Map<string, number>;
  /** Starting-balance amount per Transactions-tracked account. */
  starting: Map<string, number>;
}

/** A loan moves by the principle; every other account by the amount (its `principle` means nothing). */
const moves = (tx: TransactionState, account: OracleAccount | undefined) =>
  account?.type === 'loan' ? (tx.account!.principle ?? tx.account!.amount) : tx.account!.amount;

/** A Balances account's balance: its newest history row, or 0. */
const newestOf = (a: OracleAccount) => [...a.history.values()].sort((x, y) => (x.date < y.date ? 1 : -1))[0]?.balance ?? 0;

/**
 * The ledger's balances folded straight from the event log with the rules of server-behaviour
 * §0 and §3 — written apart from the SQL projection, so the two can disagree when one is wrong.
 */
export function expectedFromLog(events: readonly StoredEvent[]): Expected {
  const accounts = new Map<string, OracleAccount>();
  const transactions = new Map<string, TransactionState>();
  const posted = (accountId: string, from: string) =>
    [...transactions.values()]
      .filter((t) => t.account?.accountId === accountId && !t.deleted && !t.account.pending && t.kind !== 'starting-balance' && t.date >= from)
      .reduce((sum, t) => sum + moves(t, accounts.get(accountId)), 0);

  const forget = (accountId: string) => {
    accounts.delete(accountId);
    for (const [id, t] of transactions) if (t.account?.accountId === accountId) transactions.delete(id);
  };

  for (const event of events) {
    if (event.streamId.startsWith('transaction-')) {
      const id = event.streamId.slice('transaction-'.length);
      const next = evolveTransaction(transactions.get(id) ?? initialTransactionState, event as unknown as TransactionEvent);
      transactions.set(id, next);
      if (next.kind === 'starting-balance' && next.account) accounts.get(next.account.accountId)!.opening = next.account.amount;
      continue;
    }
    const e = event as unknown as AccountEvent | { type: 'InstitutionDeleted'; data: { institutionId: string } };
    switch (e.type) {
      case 'AccountOpened':
        accounts.set(e.data.accountId, { institutionId: e.data.institutionId, type: e.data.type, tracking: e.data.tracking, startDate: e.data.startDate, opening: e.data.balance, history: new Map() });
        break;
      case 'AccountStartDateChanged': {
        const account = accounts.get(e.data.accountId)!;
        const balance = account.opening + posted(e.data.accountId, account.startDate);
        account.startDate = e.data.to;
        account.opening = balance - posted(e.data.accountId, e.data.to);
        break;
      }
      case 'AccountTrackingChanged': {
        // An account that stops tracking Balances keeps the balance its history gave it.
        const account = accounts.get(e.data.accountId)!;
        if (account.tracking === 'Balances' && e.data.to !== 'Balances') account.opening = newestOf(account) - posted(e.data.accountId, account.startDate);
        account.tracking = e.data.to;
        break;
      }
      case 'AccountDeleted':
        forget(e.data.accountId);
        break;
      case 'InstitutionDeleted':
        for (const [id, a] of accounts) if (a.institutionId === e.data.institutionId) forget(id);
        break;
      case 'BalanceRecorded':
      case 'BalanceChanged':
        accounts.get(e.data.accountId)!.history.set(e.data.balanceId, { date: e.data.date, balance: e.data.balance });
        break;
      case 'BalanceRemoved':
        accounts.get(e.data.accountId)!.history.delete(e.data.balanceId);
        break;
      default:
        break;
    }
  }

  const categories = new Map<string, number>();
  for (const t of transactions.values()) {
    if (t.deleted) continue;
    const account = t.account ? accounts.get(t.account.accountId) : null;
    if (t.account && (!account || account.tracking !== 'Transactions' || t.date < account.startDate)) continue;
    for (const s of t.splits) categories.set(s.categoryId, (categories.get(s.categoryId) ?? 0) + s.amount);
  }
  const balances = new Map<string, number>();
  const starting = new Map<string, number>();
  for (const [id, a] of accounts) {
    if (a.tracking === 'Balances') balances.set(id, newestOf(a));
    else balances.set(id, a.opening + posted(id, a.startDate));
  }
  for (const t of transactions.values()) if (t.kind === 'starting-balance' && !t.deleted && t.account) starting.set(t.account.accountId, t.account.amount);
  return { categories, accounts: balances, starting };
}
