import type { Cents } from '@budget/money';
import type { AccountType, Tracking } from './account.catalogue.js';
import type { AccountEvent } from './account.events.js';

export interface StatementState {
  startDate: string;
  endDate: string;
  startingBalance: Cents;
  endingBalance: Cents;
  /** Finished (reconciled): its rows are locked until it is reopened (docs/architecture.md §9.7). */
  finished?: boolean;
}

export interface AccountState {
  exists: boolean;
  deleted: boolean;
  accountId: string;
  institutionId: string;
  name: string;
  type: AccountType;
  subtype: string;
  tracking: Tracking;
  startDate: string;
  closed: boolean;
  statements: Record<string, StatementState>;
  balances: Record<string, { date: string; balance: Cents }>;
  /** A linked account whose starting balance its first full sync set (`AccountBankStartSet`). */
  bankStartSet: boolean;
}

export const initialAccountState: AccountState = {
  exists: false,
  deleted: false,
  accountId: '',
  institutionId: '',
  name: '',
  type: 'depository',
  subtype: '',
  tracking: 'Transactions',
  startDate: '',
  closed: false,
  statements: {},
  balances: {},
  bankStartSet: false,
};

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountOpened': {
      const { accountId, institutionId, name, type, subtype, tracking, startDate } = event.data;
      return { ...initialAccountState, exists: true, accountId, institutionId, name, type, subtype, tracking, startDate };
    }
    case 'AccountRenamed':
      return { ...state, name: event.data.name };
    case 'AccountClosed':
      return { ...state, closed: true };
    case 'AccountReopened':
      return { ...state, closed: false };
    case 'AccountStartDateChanged':
      return { ...state, startDate: event.data.to };
    case 'AccountTrackingChanged':
      return { ...state, tracking: event.data.to };
    case 'AccountDeleted':
      return { ...state, deleted: true };
    case 'StatementCreated': {
      const { statementId, startDate, endDate, startingBalance, endingBalance } = event.data;
      return { ...state, statements: { ...state.statements, [statementId]: { startDate, endDate, startingBalance, endingBalance } } };
    }
    case 'StatementChanged': {
      const { statementId, accountId: _a, ...changes } = event.data;
      const current = state.statements[statementId]!;
      return { ...state, statements: { ...state.statements, [statementId]: { ...current, ...changes } } };
    }
    case 'StatementFinished':
    case 'StatementReopened': {
      const current = state.statements[event.data.statementId]!;
      const finished = event.type === 'StatementFinished';
      return { ...state, statements: { ...state.statements, [event.data.statementId]: { ...current, finished } } };
    }
    case 'BalanceRecorded':
    case 'BalanceChanged':
      return { ...state, balances: { ...state.balances, [event.data.balanceId]: { date: event.data.date, balance: event.data.balance } } };
    case 'BalanceRemoved': {
      const { [event.data.balanceId]: _removed, ...balances } = state.balances;
      return { ...state, balances };
    }
    case 'AccountBankStartSet':
      return { ...state, bankStartSet: true };
    case 'StatementReconciled':
    case 'StatementFileImported':
    case 'AccountPlaidBalanceChanged':
      return state;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown account event ${(unknown as { type: string }).type}`);
    }
  }
}

export const foldAccount = (events: readonly AccountEvent[]) => events.reduce(evolveAccount, initialAccountState);
