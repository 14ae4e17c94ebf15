import { describe, expect, it } from 'vitest';
import { importCounts, importError, importRowsLabel, mismatchWarning, type ImportResult } from './import-result.js';

const result: ImportResult = { added: 2, updated: 0, unchanged: 1, balance: 1291.99, fileBalance: 1300, balanceMatches: false, categories: [], acctBalances: [], notes: [] };

describe('import results', () => {
  it('reads the counts and warns when the ledger balance does not match', () => {
    expect(importCounts(result)).toBe('2 added, 0 updated, 1 unchanged');
    expect(mismatchWarning(result)).toBe(
      "The file's ledger balance (1,300.00) does not match the account balance (1,291.99). Check for missing or duplicate transactions.",
    );
  });

  it('does not warn when the balances match or the file has none', () => {
    expect(mismatchWarning({ ...result, balanceMatches: true })).toBeNull();
    expect(mismatchWarning({ ...result, fileBalance: null, balanceMatches: null })).toBeNull();
  });

  it("shows the server's reason for refusing a file", () => {
    expect(importError({ errors: [{ field: 'file', message: 'Transaction 2 has no FITID.' }] }, 'x')).toBe('Transaction 2 has no FITID.');
    expect(importError(undefined, 'The import failed.')).toBe('The import failed.');
  });
});

describe('the import button', () => {
  it('counts rows in the singular and the plural', () => {
    expect([importRowsLabel(1), importRowsLabel(0), importRowsLabel(2), importRowsLabel(1250)]).toEqual(['Import 1 Row', 'Import 0 Rows', 'Import 2 Rows', 'Import 1,250 Rows']);
  });
});
