import type { Cents } from '@budget/money';

/** One bank row read from a file, before it becomes a transaction. */
export interface ImportedRow {
  /** De-duplication key within the account: the FITID, or a CSV row fingerprint. */
  providerId: string;
  date: string;
  name: string;
  amount: Cents;
}

export interface ParsedFile {
  rows: ImportedRow[];
  /** The ledger balance the file states, when it states one. */
  ledgerBalance: Cents | null;
}

/** A file that cannot be imported; nothing from it is stored. */
export class ImportFileError extends Error {}
