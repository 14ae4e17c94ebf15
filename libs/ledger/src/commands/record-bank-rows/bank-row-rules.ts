import type { Actor } from '@budget/platform';
import type { BankRow } from '../../domain/bank-rows/bank-row.decide.js';
import type { Split } from '../../domain/transaction.events.js';

/** A new bank row about to be recorded, with the transaction id it gets. */
export interface NewBankRow {
  transactionId: string;
  row: BankRow;
}

/** The splits a rule gives a row, and who decided them (recorded as the actor of its events). */
export interface RuleAssignment {
  splits: Split[];
  actor: Actor;
}

/**
 * The seam for auto-assignment rules (server-behaviour §4.5.1, §8 rule 5): called once per chunk with
 * the chunk's new rows, before anything is appended; a row it leaves out lands in Unassigned.
 * The default assigns nothing; the rules' module provides its own under this token.
 */
export interface BankRowRules {
  assign(userId: string, rows: readonly NewBankRow[]): Promise<ReadonlyMap<string, RuleAssignment>>;
}

export const BANK_ROW_RULES = Symbol.for('budget.ledger.BankRowRules');

export const noBankRowRules: BankRowRules = { assign: async () => new Map() };
