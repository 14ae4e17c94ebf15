import { Command } from '@nestjs/cqrs';
import type { BankRemoval, BankRow } from '../../domain/bank-rows/bank-row.decide.js';

/** What recording a feed's rows did, and what it touched (for the sync's answer). */
export interface RecordBankRowsResult {
  added: number;
  /** The new rows whose splits are all in Unassigned (no auto-assignment rule claimed them). */
  unassigned: number;
  changed: number;
  removed: number;
  unchanged: number;
  /** Bank rows that claimed a typed row (which became that bank row) instead of being recorded. */
  matched: number;
  /** Rows of accounts that are not the caller's (or no longer exist): left alone. */
  skipped: number;
  /** The appends (one `appendMany` each) it took. */
  chunks: number;
  accountIds: string[];
  categoryIds: string[];
}

/**
 * Record a bank feed's added/modified rows and removals (Plaid `/transactions/sync`) for one user,
 * exactly once whatever how often it runs (server-behaviour §4.2.3 with its weak points fixed).
 */
export class RecordBankRowsCommand extends Command<RecordBankRowsResult> {
  constructor(
    readonly userId: string,
    readonly rows: readonly BankRow[],
    readonly removals: readonly BankRemoval[],
    /** Rows per append; each append is its own transaction and takes the user's lock only for itself. */
    readonly chunkSize = RECORD_BANK_ROWS_CHUNK,
  ) {
    super();
  }
}

/** A few hundred rows per append: a 5,000-row first sync never holds the user's lock for long. */
export const RECORD_BANK_ROWS_CHUNK = 250;
