import type { Cents } from '@budget/money';
import type { ImportedRow } from './import/imported-row.js';

/**
 * The plan of one OFX/CSV import (docs/architecture.md §8 "Imports in chunks"), the only event of
 * its own stream `statement-import-<importId>`, recorded before any row is: the file's rows as the
 * edge rules kept them and the rows per chunk. Every run of the import (a retry with the same
 * Idempotency-Key after a crash or a 202) names the same import and derives its chunks from this
 * record. No read model reads it: the rows' own events move the money.
 */
export interface StatementFileImportPlanned {
  type: 'StatementFileImportPlanned';
  data: {
    importId: string;
    accountId: string;
    format: 'OFX' | 'CSV';
    fileLedgerBalance: Cents | null;
    chunkSize: number;
    rows: ImportedRow[];
  };
}

export const statementImportStream = (importId: string) => `statement-import-${importId}`;
